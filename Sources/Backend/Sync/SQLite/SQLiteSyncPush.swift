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
    // Checked in the push's own write transaction, which the deletion's takes in turn.
    if try SQLiteSyncStore.isClosed(user, on: connection) { throw SyncCallError.accountDeleted }
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

  // MARK: - Tables

  private func conversation(
    _ change: SyncConversationChange, sequence: Int64, into output: inout SyncJSONOutput
  ) throws -> Bool {
    let outcome = try merge(change, sequence: sequence) {
      change.newRow(user: user, sequence: sequence, now: now)
    } afterUpdate: { stored in
      // A conversation's delete takes its messages with it (clients remove them too).
      if change.operation == .delete, stored.deletedAt == nil {
        try connection.run(
          "DELETE FROM sync_messages WHERE conversation_id = ? AND user_id = ?", change.id, user)
      }
    }
    write(id: change.id, outcome, into: &output)
    return outcome.changed
  }

  private func message(
    _ change: SyncMessageChange, sequence: Int64, into output: inout SyncJSONOutput
  ) throws -> Bool {
    let outcome = try merge(change, sequence: sequence) {
      // Stored only under a live conversation of the caller's; a delete of an id never
      // stored stores nothing.
      guard let conversation = change.conversationID, try liveConversation(conversation)
      else { return nil }
      return change.newRow(user: user, sequence: sequence, now: now)
    }
    write(id: change.id, outcome, into: &output)
    return outcome.changed
  }

  private func liveConversation(_ id: String) throws -> Bool {
    try connection.first(
      "SELECT 1 FROM sync_conversations WHERE id = ? AND user_id = ? AND deleted_at IS NULL",
      id, user
    ) { _ in true } ?? false
  }

  private func memory(
    _ change: SyncMemoryChange, sequence: Int64, into output: inout SyncJSONOutput
  ) throws -> Bool {
    let outcome = try merge(change, sequence: sequence) {
      change.newRow(user: user, sequence: sequence, now: now)
    }
    write(id: change.id, outcome, into: &output)
    return outcome.changed
  }

  /// The change merged into the stored row of its id: a row of another user is neither read
  /// nor changed (`stale`, no row); no stored row stores `newRow()` (nothing when it is
  /// `nil`); otherwise the merged row is saved with number `sequence` when it differs from
  /// the stored one, and `afterUpdate` runs with the stored row.
  private func merge<Change: SyncRowChange>(
    _ change: Change, sequence: Int64, newRow: () throws -> Change.Row?,
    afterUpdate: (Change.Row) throws -> Void = { _ in }
  ) throws -> SyncMergeOutcome<Change.Row> {
    guard let stored = try connection.first(Change.Row.selectSQL, change.id, map: Change.Row.init)
    else {
      guard let row = try newRow() else { return .refused }
      try connection.run(Change.Row.saveSQL, bindings: row.bindings)
      return SyncMergeOutcome(status: .applied, row: row, changed: true)
    }
    guard stored.userID == user else { return .refused }
    var (row, status) = change.merge(into: stored, now: now)
    guard row != stored else {
      return SyncMergeOutcome(status: status, row: stored, changed: false)
    }
    row.changeSeq = sequence
    try connection.run(Change.Row.saveSQL, bindings: row.bindings)
    try afterUpdate(stored)
    return SyncMergeOutcome(status: status, row: row, changed: true)
  }

  // MARK: - Shared

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
  private func write<Row: SyncedRow>(
    id: String, _ outcome: SyncMergeOutcome<Row>, into output: inout SyncJSONOutput
  ) {
    output.raw("{")
    output.key("id", first: true)
    output.id(id)
    output.key("status")
    output.string(outcome.status.rawValue)
    output.key("row")
    if let row = outcome.row {
      row.write(to: &output)
    } else {
      output.null()
    }
    output.raw("}")
  }
}
