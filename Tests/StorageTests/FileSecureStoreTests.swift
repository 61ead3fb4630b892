import Core
import Foundation
import TestSupport
import Testing

@testable import Storage

@Suite struct FileSecureStoreTests {
  private static let secret = "sk-or-v1-0123456789abcdefSECRETVALUE"

  private func mode(_ url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }

  @Test func theFileIsOwnerOnlyAndItsContentsNeverReachTheLogs() async throws {
    try await withTemporaryDirectory { root in
      let sink = InMemoryLogSink()
      let logger = AppLogger(minimumLevel: .debug, sinks: [sink])
      let folder = root.appendingPathComponent("config/kiln")
      let store = FileSecureStore(directory: folder, logger: logger)
      try store.setString(Self.secret, for: SecureStoreKeys.authSession)
      try store.setString("refresh-\(Self.secret)", for: "auth_refresh_token")

      #expect(try mode(store.fileURL) == 0o600)
      #expect(try mode(folder) == 0o700)
      let contents = try Data(contentsOf: store.fileURL)
      #expect(String(decoding: contents, as: UTF8.self).contains("kiln.secure-store"))
      #expect(try store.getString(SecureStoreKeys.authSession) == Self.secret)
      // No temporary file is left behind.
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
      #expect(names == ["secure-store.json", "secure-store.lock"])

      #expect(!sink.records.isEmpty)
      #expect(sink.text.contains(SecureStoreKeys.authSession))
      #expect(!sink.text.contains(Self.secret))
      #expect(!sink.text.contains(contents.base64EncodedString().prefix(12)))
    }
  }

  @Test func valuesSurviveANewInstanceAndDeleteRemovesThem() async throws {
    try await withTemporaryDirectory { root in
      let first = FileSecureStore(directory: root)
      #expect(try first.getData("missing") == nil)
      try first.setData(Data([0, 1, 2, 255]), for: "bytes")
      try first.setString("token", for: "auth_access_token")
      let second = FileSecureStore(directory: root)
      #expect(try second.getData("bytes") == Data([0, 1, 2, 255]))
      try second.delete("auth_access_token")
      try second.delete("auth_access_token")
      #expect(try first.getString("auth_access_token") == nil)
      #expect(try mode(second.fileURL) == 0o600)
      try second.removeAll()
      #expect(try first.getData("bytes") == nil)
    }
  }

  @Test func aDamagedFileIsAClearErrorWithoutItsContents() async throws {
    try await withTemporaryDirectory { root in
      let sink = InMemoryLogSink()
      let store = FileSecureStore(
        directory: root, logger: AppLogger(minimumLevel: .debug, sinks: [sink]))
      try Data("{\"half\": \"\(Self.secret)".utf8).write(to: store.fileURL)
      do {
        _ = try store.getString("anything")
        Issue.record("a damaged file was read")
      } catch {
        #expect(AppError.from(error) == .storage(.corrupted))
        #expect(!String(describing: error).contains(Self.secret))
      }
      do {
        try store.setString("new", for: "key")
        Issue.record("a damaged file was overwritten without asking")
      } catch {
        #expect(AppError.from(error) == .storage(.corrupted))
      }
      #expect(!sink.text.contains(Self.secret))
      try store.removeAll()
      try store.setString("fresh start", for: "key")
      #expect(try store.getString("key") == "fresh start")
    }
  }

  @Test func aLoosenedFileIsTightenedOnRead() async throws {
    try await withTemporaryDirectory { root in
      let store = FileSecureStore(directory: root)
      try store.setString("value", for: "key")
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o644], ofItemAtPath: store.fileURL.path)
      #expect(try store.getString("key") == "value")
      #expect(try mode(store.fileURL) == 0o600)
    }
  }

  @Test func aStaleTemporaryFileFromACrashedWriterIsReplaced() async throws {
    try await withTemporaryDirectory { root in
      let store = FileSecureStore(directory: root)
      let stale = root.appendingPathComponent(FileSecureStore.temporaryName)
      try Data("stale".utf8).write(to: stale)
      try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: stale.path)
      try store.setString("value", for: "key")
      #expect(try store.getString("key") == "value")
      #expect(!FileManager.default.fileExists(atPath: stale.path))
    }
  }

  @Test func concurrentWritersFromTwoInstancesLoseNothing() async throws {
    try await withTemporaryDirectory { root in
      let stores = [FileSecureStore(directory: root), FileSecureStore(directory: root)]
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<40 {
          group.addTask { try stores[index % 2].setString("v\(index)", for: "k\(index)") }
        }
        try await group.waitForAll()
      }
      for index in 0..<40 {
        #expect(try stores[0].getString("k\(index)") == "v\(index)")
      }
    }
  }

  @Test func aNewerFileVersionIsRefused() async throws {
    try await withTemporaryDirectory { root in
      let store = FileSecureStore(directory: root)
      try Data(#"{"format":"kiln.secure-store","version":2,"items":{}}"#.utf8).write(
        to: store.fileURL)
      #expect(throws: StorageError.newerSchema(found: 2, supported: 1)) {
        _ = try store.getData("key")
      }
    }
  }
}

@Suite struct SecureStoreTests {
  @Test func inMemoryStoreRoundTripsAndDeletes() throws {
    let store = InMemorySecureStore()
    try store.setString("abc", for: "k")
    #expect(try store.getString("k") == "abc")
    try store.delete("k")
    #expect(try store.getString("k") == nil)
  }

  @Test func nonUTF8BytesAreACorruptedStringNotACrash() throws {
    let store = InMemorySecureStore(["k": Data([0xFF, 0xFE])])
    #expect(throws: StorageError.self) { _ = try store.getString("k") }
  }
}
