import Core
import Foundation
import Payments
import TestSupport
import Testing

/// The persisted cache: records per app user, schema checks, and real files on disk.
@Suite struct CustomerInfoStoreTests {
  let info = CustomerInfoFixture.subscribed(
    expires: CustomerInfoFixture.requestDate.addingTimeInterval(CustomerInfoFixture.day))
  let fetchedAt = Fixture.referenceDate

  func record(for user: String = "user-1") -> CachedCustomerInfo {
    CachedCustomerInfo(appUserID: user, fetchedAt: fetchedAt, customerInfo: info)
  }

  @Test func keyValueStoreRoundTripsARecordPerUser() {
    let cache = CustomerInfoCache(
      store: KeyValueCustomerInfoStore(store: InMemoryKeyValueStore()), logger: .disabled)
    cache.save(record(for: "user-1"))
    #expect(cache.load(for: "user-1") == record(for: "user-1"))
    #expect(cache.load(for: "user-2") == nil)
    cache.remove(for: "user-1")
    #expect(cache.load(for: "user-1") == nil)
  }

  @Test func aRecordOfAnotherSchemaIsDiscardedAndRemoved() throws {
    let values = InMemoryKeyValueStore()
    let store = KeyValueCustomerInfoStore(store: values)
    var old = record()
    old.schemaVersion = 0
    let data = try RevenueCatDateCoding.makeEncoder().encode(old)
    try store.saveCustomerInfoRecord(data, for: "user-1")
    let sink = InMemoryLogSink()
    let cache = CustomerInfoCache(store: store, logger: AppLogger(sinks: [sink]))
    #expect(cache.load(for: "user-1") == nil)
    #expect(values.string(forKey: store.key(for: "user-1")) == nil)
    #expect(sink.text.contains("Discarding"))
  }

  @Test func aRecordFiledUnderAnotherUserIsNotTrusted() throws {
    let store = KeyValueCustomerInfoStore(store: InMemoryKeyValueStore())
    let data = try RevenueCatDateCoding.makeEncoder().encode(record(for: "user-2"))
    try store.saveCustomerInfoRecord(data, for: "user-1")
    let cache = CustomerInfoCache(store: store, logger: .disabled)
    #expect(cache.load(for: "user-1") == nil)
  }

  @Test func aCorruptRecordIsLoggedAndRemoved() throws {
    let values = InMemoryKeyValueStore()
    let store = KeyValueCustomerInfoStore(store: values)
    try store.saveCustomerInfoRecord(Data("{not json".utf8), for: "user-1")
    let sink = InMemoryLogSink()
    let cache = CustomerInfoCache(store: store, logger: AppLogger(sinks: [sink]))
    #expect(cache.load(for: "user-1") == nil)
    #expect(values.string(forKey: store.key(for: "user-1")) == nil)
    #expect(sink.records.contains { $0.level == .error && $0.category == .payments })
  }

  @Test func fileStoreKeepsOneOwnerOnlyFilePerUserThatSurvivesANewInstance() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiln-payments-\(UInt64.random(in: 0...UInt64.max))")
    defer { try? FileManager.default.removeItem(at: directory) }
    let writer = CustomerInfoCache(
      store: FileCustomerInfoStore(directory: directory), logger: .disabled)
    writer.save(record(for: "$RCAnonymousID:0123/../x"))

    let store = FileCustomerInfoStore(directory: directory)
    let url = store.fileURL(for: "$RCAnonymousID:0123/../x")
    #expect(
      url.deletingLastPathComponent().standardizedFileURL.path == directory.standardizedFileURL.path
    )
    #expect(!url.lastPathComponent.contains("RCAnonymousID"))
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

    let reader = CustomerInfoCache(store: store, logger: .disabled)
    #expect(reader.load(for: "$RCAnonymousID:0123/../x") == record(for: "$RCAnonymousID:0123/../x"))
    #expect(reader.load(for: "someone-else") == nil)
    reader.remove(for: "$RCAnonymousID:0123/../x")
    #expect(!FileManager.default.fileExists(atPath: url.path))
    #expect(throws: Never.self) { try store.removeCustomerInfoRecord(for: "never-saved") }
  }

  @Test func anUnreadableFileIsTreatedAsNoCache() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiln-payments-\(UInt64.random(in: 0...UInt64.max))")
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = FileCustomerInfoStore(directory: directory)
    // A directory where the file should be: reading fails, and the failure is logged.
    try FileManager.default.createDirectory(
      at: store.fileURL(for: "user-1"), withIntermediateDirectories: true)
    let sink = InMemoryLogSink()
    let cache = CustomerInfoCache(store: store, logger: AppLogger(sinks: [sink]))
    #expect(cache.load(for: "user-1") == nil)
    #expect(sink.text.contains("Reading the cached customer info failed"))
  }
}
