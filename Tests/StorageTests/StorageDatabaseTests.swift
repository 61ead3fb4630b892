import Core
import Foundation
import TestSupport
import Testing

@testable import Storage

@Suite struct StorageDatabaseTests {
  private static let clock = AppClock.fixed(Fixture.referenceDate)

  private static func open(
    _ path: String, _ options: StorageDatabase.Options = .init()
  ) throws
    -> StorageDatabase
  {
    try StorageDatabase(path: path, options: options, clock: clock)
  }

  @Test(arguments: StorageDatabase.Durability.allCases)
  func opensInWALModeWithForeignKeysAndTheChosenDurability(
    durability: StorageDatabase.Durability
  ) async throws {
    try await withTemporaryDirectory { directory in
      let database = try Self.open(
        directory.appendingPathComponent("db").path, .init(durability: durability))
      let pragmas = try await database.read { connection in
        (
          try connection.first("PRAGMA journal_mode") { $0.string(0) },
          try connection.integerPragma("foreign_keys"),
          try connection.integerPragma("synchronous")
        )
      }
      #expect(pragmas.0 == "wal")
      #expect(pragmas.1 == 1)
      #expect(pragmas.2 == (durability == .powerLoss ? 2 : 1))
      #expect(try await database.schemaVersion() == StorageDatabase.supportedSchemaVersion)
      await database.close()
    }
  }

  @Test func aDatabaseFromANewerVersionIsRefusedAndLeftUntouched() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db").path
      let database = try Self.open(path)
      _ = try await SQLiteConversationRepository(
        database: database, clock: Self.clock, uuid: .incrementing()
      ).create(title: "Keep me", personaName: nil)
      await database.close()
      let raw = try SQLiteConnection(path: path)
      try raw.execute("PRAGMA user_version = 99")
      raw.close()
      let before = try Data(contentsOf: URL(fileURLWithPath: path))

      do {
        _ = try Self.open(path)
        Issue.record("a newer database opened")
      } catch {
        #expect(
          error as? StorageError
            == .newerSchema(found: 99, supported: StorageDatabase.supportedSchemaVersion))
        #expect(
          AppError.from(error)
            == .storage(.newerSchema(found: 99, supported: StorageDatabase.supportedSchemaVersion)))
      }
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
  }

  @Test func aFileThatIsNotADatabaseIsReportedCorruptedAndKept() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.appendingPathComponent("db")
      let garbage = Data(String(repeating: "not a database ", count: 500).utf8)
      try garbage.write(to: url)
      do {
        _ = try Self.open(url.path)
        Issue.record("garbage opened as a database")
      } catch {
        #expect(AppError.from(error) == .storage(.corrupted))
      }
      #expect(try Data(contentsOf: url) == garbage)
    }
  }

  @Test func aDamagedFileCanBeMovedAsideAndAFreshDatabaseStarted() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent(StorageDatabase.defaultFileName).path
      let garbage = Data(String(repeating: "garbage ", count: 1000).utf8)
      try garbage.write(to: URL(fileURLWithPath: path))
      #expect(throws: StorageError.self) { _ = try Self.open(path) }
      let moved = try StorageDatabase.moveAside(path: path, suffix: "20260601T120000")
      #expect(moved == path + ".damaged-20260601T120000")
      #expect(try Data(contentsOf: URL(fileURLWithPath: moved)) == garbage)
      let fresh = try Self.open(path)
      #expect(try await fresh.schemaVersion() == StorageDatabase.supportedSchemaVersion)
      await fresh.close()
    }
  }

  @Test func aFullDiskIsReportedAsDiskFullAndNothingIsHalfWritten() async throws {
    try await withTemporaryDirectory { directory in
      let database = try Self.open(directory.appendingPathComponent("db").path)
      let conversations = SQLiteConversationRepository(
        database: database, clock: Self.clock, uuid: .incrementing(from: 1))
      let messages = SQLiteMessageRepository(database: database)
      let conversation = try await conversations.create(title: "Full", personaName: nil)
      // Cap the file at its current size: the next page SQLite needs cannot be had.
      try await database.read { connection in
        let pages = try connection.integerPragma("page_count")
        try connection.execute("PRAGMA max_page_count = \(pages)")
      }
      let big = (1...200).map { n in
        makeMessage(
          n, in: conversation.id, at: Fixture.referenceDate,
          text: String(repeating: "x", count: 4000))
      }
      do {
        try await messages.insertMessages(big)
        Issue.record("the insert fit into a full database")
      } catch {
        #expect(AppError.from(error) == .storage(.diskFull))
      }
      #expect(try await messages.count(conversationID: conversation.id) == 0)
      await database.close()
    }
  }

  @Test func aWriteBlockedByAnotherConnectionFailsAsBusy() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("db").path
      let database = try Self.open(path, .init(busyTimeout: .zero))
      let blocker = try SQLiteConnection(path: path)
      try blocker.execute("BEGIN IMMEDIATE")
      let repository = SQLiteConversationRepository(
        database: database, clock: Self.clock, uuid: .incrementing())
      do {
        _ = try await repository.create(title: "Blocked", personaName: nil)
        Issue.record("write succeeded while another connection held the lock")
      } catch {
        #expect(AppError.from(error) == .storage(.busy))
        #expect(AppError.from(error).isTransient)
      }
      try blocker.execute("ROLLBACK")
      _ = try await repository.create(title: "Now free", personaName: nil)
      blocker.close()
      await database.close()
    }
  }

  @Test func aClosedDatabaseThrowsClosed() async throws {
    try await withTemporaryDirectory { directory in
      let database = try Self.open(directory.appendingPathComponent("db").path)
      await database.close()
      await database.close()
      let repository = SQLiteMessageRepository(database: database)
      await expectStorageError(.closed) {
        _ = try await repository.count(conversationID: Fixture.uuid(1))
      }
    }
  }

  @Test func aMissingFolderIsAnOpenFailureNotACrash() throws {
    #expect(throws: StorageError.self) {
      _ = try Self.open("/nonexistent-kiln-folder/sub/db")
    }
  }

  @Test(
    arguments: [
      (13, 0, AppError.storage(.diskFull)),
      (11, 0, .storage(.corrupted)),
      (26, 0, .storage(.corrupted)),
      (5, 0, .storage(.busy)),
      (6, 0, .storage(.busy)),
      (8, 0, .storage(.readOnly)),
      (3, 0, .storage(.readOnly)),
      (14, Int(EACCES), .storage(.readOnly)),
      (10 | (4 << 8), Int(ENOSPC), .storage(.diskFull)),
      (10 | (4 << 8), Int(EROFS), .storage(.readOnly)),
    ])
  func sqliteResultCodesMapToStorageIssues(code: Int, errno: Int, expected: AppError) {
    let error = SQLiteResult.error(code: Int32(code), message: "m", systemErrno: Int32(errno))
    #expect(error.appError == expected)
  }

  @Test func uniquenessFailuresNameTheRecord() {
    let error = SQLiteResult.error(
      code: 19 | (8 << 8), message: "UNIQUE constraint failed: messages.id")
    #expect(error == .alreadyExists("message"))
    let other = SQLiteResult.error(code: 19 | (3 << 8), message: "FOREIGN KEY constraint failed")
    #expect(
      other.appError
        == .storage(.failed("\(19 | (3 << 8)): constraint: FOREIGN KEY constraint failed")))
  }

  @Test func textBindingKeepsEmptyStringsAndEmbeddedZeros() async throws {
    try await withTemporaryDirectory { directory in
      let connection = try SQLiteConnection(path: directory.appendingPathComponent("db").path)
      let values = ["", "a\u{0}b", "héllo 👋"]
      for value in values {
        let read = try connection.first("SELECT ?, typeof(?)", value, value) {
          ($0.string(0), $0.string(1))
        }
        #expect(read?.0 == value)
        #expect(read?.1 == "text")
      }
      connection.close()
    }
  }
}
