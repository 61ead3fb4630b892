import Foundation
import JOSE
import Storage

/// One `sync_push` inside its transaction: every change checked, merged and stored in
/// order, each stored change numbered with the user's next change number. A refusal is
/// thrown as `SyncCallError`, which rolls the transaction back.
struct SQLiteSyncPush {
  let connection: SQLiteConnection
  /// The caller's id, lower-case.
  let user: String
  /// The server's time in milliseconds since 1970.
  let now: Int64

  /// The answer `{"results": [...]}` for `changes`.
  func run(_ changes: [StrictJSONValue]) throws -> String {
    var sequence =
      try connection.first("SELECT last_seq FROM sync_sequences WHERE user_id = ?", user) {
        $0.int64(0)
      } ?? 0
    let startSequence = sequence
    var output = SyncJSONOutput(reservingCapacity: 64 + changes.count * 512)
    output.raw("{\"results\":[")
    for (index, value) in changes.enumerated() {
      guard let change = value.objectValue else {
        throw SyncChangeFields(row: [:], index: index).refusal("a change must be a JSON object")
      }
      let fields = SyncChangeFields(row: [:], index: index)
      guard let opText = change["op"]?.stringValue,
        let operation = SyncOperation(rawValue: opText)
      else { throw fields.refusal("op must be upsert or delete") }
      guard let row = change["row"]?.objectValue else {
        throw fields.refusal("row must be a JSON object")
      }
      if index > 0 { output.raw(",") }
      let changed: Bool
      switch change["table"]?.stringValue {
      case "conversations":
        let parsed = try SyncConversationChange(
          change, row: row, operation: operation, index: index)
        changed = try conversation(parsed, sequence: sequence + 1, into: &output)
      case "messages":
        let parsed = try SyncMessageChange(change, row: row, operation: operation, index: index)
        changed = try message(parsed, sequence: sequence + 1, into: &output)
      case "memories":
        let parsed = try SyncMemoryChange(change, row: row, operation: operation, index: index)
        changed = try memory(parsed, sequence: sequence + 1, into: &output)
      default:
        throw fields.refusal("table must be conversations, messages or memories")
      }
      if changed { sequence += 1 }
    }
    if sequence != startSequence {
      try connection.run(
        """
        INSERT INTO sync_sequences (user_id, last_seq) VALUES (?, ?)
        ON CONFLICT (user_id) DO UPDATE SET last_seq = excluded.last_seq
        """, user, sequence)
    }
    output.raw("]}")
    return output.text
  }

  // MARK: - Conversations

  private func conversation(
    _ change: SyncConversationChange, sequence: Int64, into output: inout SyncJSONOutput
  ) throws -> Bool {
    let stored = try connection.first(
      "SELECT \(SyncedConversation.columns) FROM sync_conversations WHERE id = ?", change.id,
      map: SyncedConversation.init)
    let outcome: SyncMergeOutcome<SyncedConversation>
    if let stored {
      if stored.userID != user {
        outcome = .refused
      } else {
        var (row, status) = change.merge(into: stored, now: now)
        if row == stored {
          outcome = SyncMergeOutcome(status: status, row: stored, changed: false)
        } else {
          row.changeSeq = sequence
          try save(row.bindings, sql: SyncedConversation.saveSQL)
          if change.operation == .delete, stored.deletedAt == nil {
            try connection.run(
              "DELETE FROM sync_messages WHERE conversation_id = ? AND user_id = ?", change.id,
              user)
          }
          outcome = SyncMergeOutcome(status: status, row: row, changed: true)
        }
      }
    } else {
      let row = change.newRow(user: user, sequence: sequence, now: now)
      try save(row.bindings, sql: SyncedConversation.saveSQL)
      outcome = SyncMergeOutcome(status: .applied, row: row, changed: true)
    }
    write(id: change.id, outcome, into: &output) { $0.write(to: &$1) }
    return outcome.changed
  }

  // MARK: - Messages

  private func message(
    _ change: SyncMessageChange, sequence: Int64, into output: inout SyncJSONOutput
  ) throws -> Bool {
    let stored = try connection.first(
      "SELECT \(SyncedMessage.columns) FROM sync_messages WHERE id = ?", change.id,
      map: SyncedMessage.init)
    let outcome: SyncMergeOutcome<SyncedMessage>
    if let stored {
      if stored.userID != user {
        outcome = .refused
      } else {
        var (row, status) = change.merge(into: stored, now: now)
        if row == stored {
          outcome = SyncMergeOutcome(status: status, row: stored, changed: false)
        } else {
          row.changeSeq = sequence
          try save(row.bindings, sql: SyncedMessage.saveSQL)
          outcome = SyncMergeOutcome(status: status, row: row, changed: true)
        }
      }
    } else if let conversation = change.conversationID,
      try liveConversation(conversation),
      let row = change.newRow(user: user, sequence: sequence, now: now)
    {
      try save(row.bindings, sql: SyncedMessage.saveSQL)
      outcome = SyncMergeOutcome(status: .applied, row: row, changed: true)
    } else {
      // A delete of an id never stored, or a message whose conversation is missing,
      // deleted or another user's.
      outcome = .refused
    }
    write(id: change.id, outcome, into: &output) { $0.write(to: &$1) }
    return outcome.changed
  }

  private func liveConversation(_ id: String) throws -> Bool {
    try connection.first(
      "SELECT 1 FROM sync_conversations WHERE id = ? AND user_id = ? AND deleted_at IS NULL",
      id, user
    ) { _ in true } ?? false
  }

  // MARK: - Memories

  private func memory(
    _ change: SyncMemoryChange, sequence: Int64, into output: inout SyncJSONOutput
  ) throws -> Bool {
    let stored = try connection.first(
      "SELECT \(SyncedMemory.columns) FROM sync_memories WHERE id = ?", change.id,
      map: SyncedMemory.init)
    let outcome: SyncMergeOutcome<SyncedMemory>
    if let stored {
      if stored.userID != user {
        outcome = .refused
      } else {
        var (row, status) = change.merge(into: stored, now: now)
        if row == stored {
          outcome = SyncMergeOutcome(status: status, row: stored, changed: false)
        } else {
          row.changeSeq = sequence
          try save(row.bindings, sql: SyncedMemory.saveSQL)
          outcome = SyncMergeOutcome(status: status, row: row, changed: true)
        }
      }
    } else {
      let row = change.newRow(user: user, sequence: sequence, now: now)
      try save(row.bindings, sql: SyncedMemory.saveSQL)
      outcome = SyncMergeOutcome(status: .applied, row: row, changed: true)
    }
    write(id: change.id, outcome, into: &output) { $0.write(to: &$1) }
    return outcome.changed
  }

  // MARK: - Shared

  /// Inserts the row, or replaces every column of the stored one (`saveSQL`).
  private func save(_ bindings: [any SQLiteBindable], sql: String) throws {
    try connection.run(sql, bindings: bindings)
  }

  /// The statement that inserts a row of `table` with `columns` (the first is `id`) or
  /// replaces every other column of the stored one.
  static func saveSQL(table: String, columns: String) -> String {
    let names = columns.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    let placeholders = Array(repeating: "?", count: names.count).joined(separator: ", ")
    let updates = names.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
    return """
      INSERT INTO \(table) (\(columns)) VALUES (\(placeholders))
      ON CONFLICT (id) DO UPDATE SET \(updates)
      """
  }

  /// `{"id": …, "status": …, "row": …}`.
  private func write<Row>(
    id: String, _ outcome: SyncMergeOutcome<Row>, into output: inout SyncJSONOutput,
    row writeRow: (Row, inout SyncJSONOutput) -> Void
  ) {
    output.raw("{")
    output.key("id", first: true)
    output.id(id)
    output.key("status")
    output.string(outcome.status.rawValue)
    output.key("row")
    if let row = outcome.row {
      writeRow(row, &output)
    } else {
      output.null()
    }
    output.raw("}")
  }
}
