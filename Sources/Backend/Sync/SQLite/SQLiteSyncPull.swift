import Storage

/// One `sync_pull` inside a read transaction: the user's rows of all three tables changed
/// after `since`, in change order, as one page.
struct SQLiteSyncPull {
  let connection: SQLiteConnection
  /// The caller's id, lower-case.
  let user: String
  /// The page stops growing past this many bytes of rows (at least one row is sent).
  let maximumPageBytes: Int

  /// Which table a change number belongs to, as the page query tells it.
  private enum Table: Int {
    case conversations, messages, memories
  }

  /// `{"changes": [...], "next": …, "has_more": …}`.
  func page(since: Int64, maxRows: Int) throws -> String {
    // Each user's change numbers are unique across the three tables (one sequence), so
    // this order is total; one row past the page tells whether there is more.
    let candidates = try connection.query(
      """
      SELECT 0, id, change_seq FROM sync_conversations WHERE user_id = ?1 AND change_seq > ?2
      UNION ALL
      SELECT 1, id, change_seq FROM sync_messages WHERE user_id = ?1 AND change_seq > ?2
      UNION ALL
      SELECT 2, id, change_seq FROM sync_memories WHERE user_id = ?1 AND change_seq > ?2
      ORDER BY 3 LIMIT ?3
      """, user, since, maxRows + 1
    ) { row in (Table(rawValue: row.int(0)), row.string(1), row.int64(2)) }
    var output = SyncJSONOutput(reservingCapacity: 64 + min(candidates.count, maxRows) * 512)
    output.raw("{\"changes\":[")
    var next = since
    var sent = 0
    for (table, id, sequence) in candidates.prefix(maxRows) {
      if sent > 0, output.bytes.count >= maximumPageBytes { break }
      if sent > 0 { output.raw(",") }
      try write(table, id: id, into: &output)
      next = sequence
      sent += 1
    }
    output.raw("],\"next\":")
    output.integer(next)
    output.raw(",\"has_more\":")
    output.bool(candidates.count > sent)
    output.raw("}")
    return output.text
  }

  private func write(_ table: Table?, id: String, into output: inout SyncJSONOutput) throws {
    switch table {
    case .conversations:
      let row = try connection.first(SyncedConversation.selectSQL, id, map: SyncedConversation.init)
      output.raw("{\"table\":\"conversations\",\"row\":")
      try required(row).write(to: &output)
    case .messages:
      let row = try connection.first(SyncedMessage.selectSQL, id, map: SyncedMessage.init)
      output.raw("{\"table\":\"messages\",\"row\":")
      try required(row).write(to: &output)
    case .memories:
      let row = try connection.first(SyncedMemory.selectSQL, id, map: SyncedMemory.init)
      output.raw("{\"table\":\"memories\",\"row\":")
      try required(row).write(to: &output)
    case nil:
      throw StorageError.corrupted("the sync page query named no table")
    }
    output.raw("}")
  }

  /// The row the page query just listed; inside the read transaction it cannot be gone.
  private func required<Row>(_ row: Row?) throws -> Row {
    guard let row else { throw StorageError.corrupted("a listed synced row is missing") }
    return row
  }
}
