import Core
import Foundation
import TestSupport
import Testing

@testable import Storage

/// Whose file a database is: Kiln's own files are created owner-only and stamped; another
/// program's SQLite file is refused before Kiln writes anything into it.
@Suite struct StorageDatabaseOwnershipTests {
  private static let clock = AppClock.fixed(Fixture.referenceDate)

  private static func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return try #require(attributes[.posixPermissions] as? Int)
  }

  @Test func aNewDatabaseAndItsJournalsAreOwnerOnlyAndStamped() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("kiln.sqlite").path
      let database = try StorageDatabase(path: path, clock: Self.clock)
      _ = try await SQLiteConversationRepository(
        database: database, clock: Self.clock, uuid: .incrementing()
      ).create(title: "Private", personaName: nil)
      // While the connection is open the write-ahead log and its index exist.
      for file in [path, path + "-wal", path + "-shm"] {
        #expect(try Self.mode(file) == 0o600, "\(file)")
      }
      let stamp = try await database.read { try $0.integerPragma("application_id") }
      #expect(stamp == Int(StorageDatabase.applicationID))
      await database.close()
    }
  }

  @Test func anotherProgramsDatabaseIsRefusedAndLeftUntouched() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("kiln.sqlite").path
      let foreign = try SQLiteConnection(path: path)
      try foreign.execute("CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('soup')")
      foreign.close()
      let before = try Data(contentsOf: URL(fileURLWithPath: path))

      do {
        _ = try StorageDatabase(path: path, clock: Self.clock)
        Issue.record("another program's database was opened")
      } catch let error as StorageError {
        guard case .foreignDatabase = error else {
          Issue.record("expected foreignDatabase, got \(error)")
          return
        }
      }
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
      let tables = try SQLiteConnection(path: path).query(
        "SELECT name FROM sqlite_master WHERE type = 'table'"
      ) { $0.string(0) }
      #expect(tables == ["recipes"], "none of Kiln's tables were added")
    }
  }

  @Test func aKilnDatabaseFromBeforeTheStampStillOpens() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("kiln.sqlite").path
      let database = try StorageDatabase(path: path, clock: Self.clock)
      await database.close()
      let raw = try SQLiteConnection(path: path)
      try raw.execute("PRAGMA application_id = 0")
      raw.close()

      let reopened = try StorageDatabase(path: path, clock: Self.clock)
      let stamp = try await reopened.read { try $0.integerPragma("application_id") }
      #expect(stamp == Int(StorageDatabase.applicationID))
      await reopened.close()
    }
  }

  @Test func aReadOnlyOpenReadsAndWritesNothing() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("kiln.sqlite").path
      let writer = try StorageDatabase(path: path, clock: Self.clock)
      let conversations = SQLiteConversationRepository(
        database: writer, clock: Self.clock, uuid: .incrementing())
      _ = try await conversations.create(title: "Kept", personaName: nil)
      await writer.close()
      let before = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()

      let reader = try StorageDatabase(
        path: path, options: StorageDatabase.Options(isReadOnly: true), clock: Self.clock)
      let repository = SQLiteConversationRepository(
        database: reader, clock: Self.clock, uuid: .incrementing())
      #expect(try await repository.list(limit: 10, after: nil).map(\.title) == ["Kept"])
      do {
        _ = try await repository.create(title: "More", personaName: nil)
        Issue.record("a read-only database took a write")
      } catch let error as StorageError {
        guard case .readOnly = error else {
          Issue.record("expected readOnly, got \(error)")
          return
        }
      }
      await reader.close()
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == before)
    }
  }
}
