import Core
import Foundation
import TestSupport
import Testing

@testable import Storage

/// A journal for the engine's tests with the local writes that fill its outbox. Every
/// engine test takes its journal from `JournalHarness.make`, once per `Kind`, so the engine
/// runs over the in-memory journal and over the SQLite one.
struct JournalHarness: Sendable {
  /// The journals the engine's tests run on.
  enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case inMemory
    case sqlite

    var testDescription: String { rawValue }
  }

  /// The journal under test, recording and signed in to `account`.
  let journal: any SyncJournal
  /// Writes a row locally, recording the merge keys it touched with their clocks. On SQLite
  /// the triggers record the keys that changed, stamped by the database's clock.
  let write: @Sendable (SyncRecord, [String: String]) async throws -> Void
  /// Deletes a row locally.
  let delete: @Sendable (SyncTable, UUID, Date, String) async throws -> Void
  /// The device's copy of a row.
  let row: @Sendable (UUID) async throws -> SyncRecord?
  /// The SQLite journal's folder, removed with the last copy of the harness.
  var directory: OwnedTemporaryDirectory?

  /// A harness of `kind` signed in to `account`.
  static func make(account: UUID, kind: Kind = .inMemory) async throws -> JournalHarness {
    let harness = kind == .inMemory ? memory() : try sqlite()
    _ = try await harness.journal.startRecording()
    try await harness.journal.setAccount(account)
    return harness
  }

  private static func memory() -> JournalHarness {
    let memory = InMemorySyncJournal(deviceID: SyncSamples.deviceID)
    return JournalHarness(
      journal: memory,
      write: { record, keys in await memory.write(record, keys: keys) },
      delete: { table, id, date, clock in
        await memory.delete(table, id: id, at: date, clock: clock)
      },
      row: { id in await memory.row(id) })
  }

  /// The SQLite journal on a fresh database; writes go through Storage's repositories.
  private static func sqlite() throws -> JournalHarness {
    let directory = try OwnedTemporaryDirectory(prefix: "kiln-sync-journal")
    let clock = AppClock.fixed(Fixture.referenceDate)
    let database = try StorageDatabase(
      path: directory.url.appendingPathComponent("db").path, clock: clock)
    let conversations = SQLiteConversationRepository(
      database: database, clock: clock, uuid: .incrementing(from: 0x9000))
    let messages = SQLiteMessageRepository(database: database)
    let memories = SQLiteMemoryRepository(
      database: database, clock: clock, uuid: .incrementing(from: 0x9800))
    let journal = SQLiteSyncJournal(database: database, deviceID: { SyncSamples.deviceID })
    return JournalHarness(
      journal: journal,
      write: { record, _ in
        switch record {
        case .conversation(let conversation):
          if try await conversations.get(id: conversation.id) == nil {
            try await conversations.insert([
              ConversationBundle(conversation: conversation, messages: [])
            ])
          } else {
            try await conversations.rename(id: conversation.id, title: conversation.title)
            try await conversations.setPinned(id: conversation.id, conversation.isPinned)
            try await conversations.setArchived(id: conversation.id, conversation.isArchived)
          }
        case .message(let message):
          try await placeConversation(of: message, in: database)
          if try await messages.message(id: message.id) == nil {
            try await messages.insertMessages([message])
          } else {
            try await messages.update(message)
          }
        case .memory(let memory):
          if try await memories.list().contains(where: { $0.id == memory.id }) {
            _ = try await memories.edit(id: memory.id, text: memory.text)
          } else {
            // The repository makes its own ids; the engine's tests name theirs.
            try await database.write { connection in
              _ = try connection.run(
                "INSERT INTO memories (id, text, created_at, updated_at, source) VALUES (?, ?, ?, ?, ?)",
                memory.id, memory.text, memory.createdAt, memory.updatedAt,
                memory.source?.rawValue)
            }
          }
        }
      },
      delete: { table, id, _, _ in
        switch table {
        case .conversations: try await conversations.delete(id: id)
        case .messages: try await messages.deleteMessage(id: id)
        case .memories: try await memories.delete(id: id)
        }
      },
      row: { id in
        try await database.read { connection in
          for table in SyncTable.allCases {
            if let record = try SQLiteSyncJournal.load(table, id: id, from: connection) {
              return record
            }
          }
          return nil
        }
      }, directory: directory)
  }

  /// The engine's tests write messages of conversations they never write; SQLite needs the
  /// conversation, so it is stored unrecorded (as if pulled) before the message.
  private static func placeConversation(
    of message: MessageDTO, in database: StorageDatabase
  )
    async throws
  {
    try await database.write { connection in
      _ = try connection.run("UPDATE sync_state SET applying = 1 WHERE id = 1")
      _ = try connection.run(
        """
        INSERT INTO conversations (id, title, title_folded, created_at, updated_at)
        VALUES (?, '', '', ?, ?) ON CONFLICT (id) DO NOTHING
        """, message.conversationID, message.createdAt, message.createdAt)
      _ = try connection.run("UPDATE sync_state SET applying = 0 WHERE id = 1")
    }
  }
}
