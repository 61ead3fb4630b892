import Core
import Foundation
import Storage
import TestSupport
import Testing

@testable import Backend

@Suite("SQLiteServerStore")
struct SQLiteServerStoreTests {
  private let clock = ManualClock(start: storeNoon).appClock

  @Test func reopeningTheFileKeepsCountersRecordsAndWebhookEvents() async throws {
    try await withTemporaryDirectory(prefix: "kiln-store") { directory in
      let allowance = try freeMessages(3)
      let limit = try perSeconds(2, 60)
      let entitlement = EntitlementRecord(
        userID: "user-1", isActive: true, expiresAt: storeNoon.addingTimeInterval(30.25),
        fetchedAt: storeNoon, source: "webhook")
      let first = try SQLiteServerStore(directory: directory, clock: clock)
      #expect(first.appliedMigrations == [1, 2, 3, 4, 5])
      #expect(
        try await first.admit(admission(rate: limit, free: allowance))
          == .admitted(freeRemaining: 2))
      try await first.saveEntitlement(entitlement)
      try await first.grant(userID: "user-1", until: storeNoon, now: storeNoon)
      #expect(try await first.recordWebhookEvent(id: "evt_1", receivedAt: storeNoon))
      for line in usageLines() { try await first.recordUsage(line) }
      await first.close()

      let reopened = try SQLiteServerStore(directory: directory, clock: clock)
      #expect(reopened.appliedMigrations.isEmpty)
      #expect(
        try await reopened.admit(admission(rate: limit, free: allowance))
          == .admitted(freeRemaining: 1))
      #expect(abs(rateLimitedWait(try await reopened.admit(admission(rate: limit))) - 30) < 1e-6)
      #expect(try await reopened.entitlement(for: "user-1") == entitlement)
      #expect(try await reopened.grantExpiry(for: "user-1") == storeNoon)
      #expect(try await reopened.recordWebhookEvent(id: "evt_1", receivedAt: storeNoon) == false)
      #expect(try await reopened.usage(for: "user-1").count == 2)
      await reopened.close()
    }
  }

  @Test func theFileIsOwnerOnlyInWALModeInADirectoryMadeOwnerOnly() async throws {
    try await withTemporaryDirectory(prefix: "kiln-store") { parent in
      let directory = parent.appendingPathComponent("data/kiln-server")
      let store = try SQLiteServerStore(directory: directory, clock: clock)
      try await store.recordUsage(usageLines()[0])
      let path = directory.appendingPathComponent(SQLiteServerStore.defaultFileName).path
      #expect(store.path == path)
      #expect(try mode(of: directory.path) == 0o700)
      for file in [path, path + "-wal", path + "-shm"] {
        #expect(try mode(of: file) == 0o600, "\(file)")
      }
      let raw = try SQLiteConnection(path: path)
      #expect(try raw.first("PRAGMA journal_mode") { $0.string(0) } == "wal")
      #expect(try raw.integerPragma("user_version") == SQLiteServerStore.supportedSchemaVersion)
      raw.close()
      await store.close()
    }
  }

  @Test func erasingAUserKeepsTheirLedgerLinesWithoutTheirID() async throws {
    try await withTemporaryDirectory(prefix: "kiln-store") { directory in
      let store = try SQLiteServerStore(directory: directory, clock: clock)
      for line in usageLines() { try await store.recordUsage(line) }
      try await store.eraseUser("user-1")
      let raw = try SQLiteConnection(path: store.path)
      let anonymous = try raw.first(
        "SELECT count(*) FROM usage_ledger WHERE user_id IS NULL"
      ) { $0.int(0) }
      let total = try raw.first("SELECT count(*) FROM usage_ledger") { $0.int(0) }
      #expect(anonymous == 2)
      #expect(total == 3)
      raw.close()
      await store.close()
    }
  }

  @Test func aWriteLockHeldPastTheBusyTimeoutIsUnavailableNeverAdmitted() async throws {
    try await withTemporaryDirectory(prefix: "kiln-store") { directory in
      let store = try SQLiteServerStore(
        directory: directory, busyTimeout: .milliseconds(50), clock: clock)
      let allowance = try freeMessages(1)
      let holder = try SQLiteConnection(path: store.path)
      try holder.execute("BEGIN IMMEDIATE")
      let error = await #expect(throws: ServerStoreError.self) {
        try await store.admit(admission(free: allowance))
      }
      #expect(unavailableReason(error).contains("locked"))
      // A look takes no write lock, so it still answers while another writer holds one.
      #expect(
        try await store.admit(admission(free: allowance, charge: false))
          == .admitted(freeRemaining: 1))
      try holder.execute("ROLLBACK")
      holder.close()
      #expect(try await store.admit(admission(free: allowance)) == .admitted(freeRemaining: 0))
      await store.close()
    }
  }

  @Test func aDamagedFileIsUnavailableAndLeftAsItWas() async throws {
    try await withTemporaryDirectory(prefix: "kiln-store") { directory in
      let file = directory.appendingPathComponent(SQLiteServerStore.defaultFileName)
      let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
      try garbage.write(to: file)
      let error = #expect(throws: ServerStoreError.self) {
        try SQLiteServerStore(directory: directory, clock: clock)
      }
      #expect(unavailableReason(error).contains("damaged"))
      #expect(try Data(contentsOf: file) == garbage)
    }
  }

  @Test func anotherProgramsDatabaseIsRefusedAndLeftAsItWas() async throws {
    try await withTemporaryDirectory(prefix: "kiln-store") { directory in
      let path = directory.appendingPathComponent(SQLiteServerStore.defaultFileName).path
      let other = try SQLiteConnection(path: path)
      try other.execute("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me');")
      let error = #expect(throws: ServerStoreError.self) {
        try SQLiteServerStore(directory: directory, clock: clock)
      }
      #expect(unavailableReason(error).contains("not a kiln-server database"))
      #expect(try other.first("SELECT body FROM notes") { $0.string(0) } == "keep me")
      #expect(try other.integerPragma("user_version") == 0)
      other.close()
    }
  }

  @Test func aFileFromANewerKilnServerIsRefused() async throws {
    try await withTemporaryDirectory(prefix: "kiln-store") { directory in
      let store = try SQLiteServerStore(directory: directory, clock: clock)
      await store.close()
      let raw = try SQLiteConnection(path: store.path)
      try raw.execute("PRAGMA user_version = 99")
      raw.close()
      let error = #expect(throws: ServerStoreError.self) {
        try SQLiteServerStore(directory: directory, clock: clock)
      }
      #expect(unavailableReason(error).contains("newer"))
    }
  }

  @Test func aDirectoryThatCannotBeMadeIsUnavailable() async throws {
    try await withTemporaryDirectory(prefix: "kiln-store") { parent in
      // A regular file where a directory should be: not even root can create under it.
      let blocker = parent.appendingPathComponent("blocker")
      try Data("x".utf8).write(to: blocker)
      for directory in [blocker, blocker.appendingPathComponent("data")] {
        let error = #expect(throws: ServerStoreError.self) {
          try SQLiteServerStore(directory: directory, clock: clock)
        }
        #expect(unavailableReason(error).contains("cannot be written"))
      }
    }
  }

  @Test func aFileWhoseDirectoryVanishedIsUnavailableNeverAdmitted() async throws {
    let parent = try makeTemporaryDirectory(prefix: "kiln-store")
    defer { try? FileManager.default.removeItem(at: parent) }
    let directory = parent.appendingPathComponent("data")
    let store = try SQLiteServerStore(directory: directory, clock: clock)
    let allowance = try freeMessages(10)
    #expect(try await store.admit(admission(free: allowance)) == .admitted(freeRemaining: 9))
    try FileManager.default.removeItem(at: directory)

    let admitError = await #expect(throws: ServerStoreError.self) {
      try await store.admit(admission(free: allowance))
    }
    #expect(unavailableReason(admitError).contains("gone"))
    let readyError = await #expect(throws: ServerStoreError.self) {
      try await store.checkReachable()
    }
    #expect(unavailableReason(readyError).contains("gone"))
    await store.close()
  }

  @Test func aFileReplacedUnderTheStoreIsUnavailable() async throws {
    try await withTemporaryDirectory(prefix: "kiln-store") { directory in
      let store = try SQLiteServerStore(directory: directory, clock: clock)
      try FileManager.default.removeItem(atPath: store.path)
      try Data().write(to: URL(fileURLWithPath: store.path))
      let error = await #expect(throws: ServerStoreError.self) {
        try await store.recordUsage(usageLines()[0])
      }
      #expect(unavailableReason(error).contains("replaced"))
      await store.close()
    }
  }

  @Test(arguments: [
    (StorageError.diskFull, "full"), (.busy, "locked"), (.corrupted("x"), "damaged"),
    (.readOnly("x"), "cannot be written"), (.closed, "closed"),
  ])
  func everySQLiteFailureIsUnavailableWithItsReason(failure: StorageError, words: String) {
    let error = ServerStoreError(sqlite: failure, path: "/data/kiln-server.sqlite")
    #expect(unavailableReason(error).contains(words))
  }

  @Test func aFullDiskIsUnavailableAndChargesNothing() async throws {
    try await withTemporaryDirectory(prefix: "kiln-store") { directory in
      let store = try SQLiteServerStore(directory: directory, clock: clock)
      let allowance = try freeMessages(5)
      try await store.stopGrowing()
      var failure: ServerStoreError?
      var refusedUser = ""
      for index in 0..<20_000 where failure == nil {
        refusedUser = "user-\(index)"
        do throws(ServerStoreError) {
          _ = try await store.admit(admission(refusedUser, free: allowance))
        } catch {
          failure = error
        }
      }
      #expect(unavailableReason(failure).contains("full"))
      #expect(
        try await store.admit(admission(refusedUser, free: allowance, charge: false))
          == .admitted(freeRemaining: 5))
      await store.close()
    }
  }

  @Test func aClosedStoreIsUnavailable() async throws {
    try await withTemporaryDirectory(prefix: "kiln-store") { directory in
      let store = try SQLiteServerStore(directory: directory, clock: clock)
      await store.close()
      let error = await #expect(throws: ServerStoreError.self) {
        try await store.checkReachable()
      }
      #expect(unavailableReason(error).contains("closed"))
    }
  }
}

/// The permission bits of the file at `path`.
private func mode(of path: String) throws -> Int {
  let attributes = try FileManager.default.attributesOfItem(atPath: path)
  return ((attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1) & 0o777
}
