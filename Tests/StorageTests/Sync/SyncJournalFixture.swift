import Core
import Foundation
import TestSupport

@testable import Storage

/// A database in a temporary folder with the repositories, a sync journal and a manual
/// clock, for the sync journal's tests.
struct SyncJournalFixture {
  /// One outbox entry as stored.
  struct Entry: Equatable {
    var table: String
    var id: UUID
    var op: String
    var keys: [String]
    var clock: String
    var account: UUID?
  }

  static let deviceID = Fixture.uuid(0xD)
  static let account = Fixture.uuid(0xA1)
  static let otherAccount = Fixture.uuid(0xA2)

  let path: String
  let clock: ManualClock
  let database: StorageDatabase
  let journal: SQLiteSyncJournal
  let conversations: SQLiteConversationRepository
  let messages: SQLiteMessageRepository
  let memories: SQLiteMemoryRepository

  /// Opens (or reopens) the database at `path`.
  init(path: String, clock: ManualClock = ManualClock()) throws {
    self.path = path
    self.clock = clock
    database = try StorageDatabase(path: path, clock: clock.appClock)
    journal = SQLiteSyncJournal(database: database, deviceID: { Self.deviceID })
    conversations = SQLiteConversationRepository(
      database: database, clock: clock.appClock, uuid: .incrementing(from: 1))
    messages = SQLiteMessageRepository(database: database)
    memories = SQLiteMemoryRepository(
      database: database, clock: clock.appClock, uuid: .incrementing(from: 0x500))
  }

  /// Runs `body` with a fresh database.
  static func run(_ body: (SyncJournalFixture) async throws -> Void) async throws {
    try await withTemporaryDirectory { directory in
      let fixture = try SyncJournalFixture(path: directory.appendingPathComponent("db").path)
      try await body(fixture)
      await fixture.database.close()
    }
  }

  /// The outbox in entry order.
  func outbox() async throws -> [Entry] {
    try await database.read { connection in
      try connection.query(
        "SELECT table_name, row_id, op, merge_keys, clock, account FROM sync_outbox ORDER BY entry"
      ) { row in
        Entry(
          table: row.string(0), id: try row.uuid(1), op: row.string(2),
          keys: try JSONDecoder().decode([String].self, from: Data(row.string(3).utf8)),
          clock: row.string(4), account: try row.optionalUUID(5))
      }
    }
  }

  /// A finished message in `conversation`.
  func message(
    _ n: Int, in conversation: UUID, status: MessageStatus = .complete
  )
    -> MessageDTO
  {
    MessageDTO(
      id: Fixture.uuid(n), conversationID: conversation, role: .user, text: "text \(n)",
      createdAt: Fixture.referenceDate.addingTimeInterval(Double(n)), status: status)
  }

  /// A server row for `record` with every merge key at `clock`.
  static func serverRow(_ record: SyncRecord, clock: String, sequence: Int64) -> SyncServerRow {
    SyncServerRow(
      table: record.table, id: record.id, record: record, deletedAt: nil,
      clocks: Dictionary(uniqueKeysWithValues: record.table.mergeKeys.map { ($0, clock) }),
      changeSequence: sequence)
  }

  /// A remote clock value at `milliseconds` from another device.
  static func remoteClock(_ milliseconds: Int64, counter: Int = 0) -> String {
    HybridTimestamp(milliseconds: milliseconds, counter: counter, device: Fixture.uuid(0xE))?
      .description ?? ""
  }
}
