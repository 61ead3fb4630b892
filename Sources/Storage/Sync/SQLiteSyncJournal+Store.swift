import Foundation

extension SQLiteSyncJournal {
  /// Stores one server row (the caller has set the `applying` flag): tombstones delete,
  /// a message whose conversation is missing is parked, a conversation brings in its parked
  /// messages. The device's clock is raised to the row's largest clock, so values issued
  /// afterwards are above every remote value seen.
  static func store(
    _ row: SyncServerRow, into report: inout SyncApplyReport, connection: SQLiteConnection
  ) throws {
    if let largest = row.clocks.values.compactMap(HybridTimestamp.init).max() {
      try connection.run(
        """
        UPDATE sync_state SET last_clock = ?1
        WHERE id = 1 AND (last_clock IS NULL OR last_clock < ?1)
        """, largest.description)
    }
    guard let record = row.record else {
      try connection.run("DELETE FROM sync_parked WHERE id = ?", row.id)
      if try delete(row.table, id: row.id, connection: connection) { report.deleted += 1 }
      return
    }
    switch record {
    case .conversation(let conversation):
      try connection.run(
        """
        INSERT INTO conversations (id, title, title_folded, persona_name, persona_folded,
          persona_id, created_at, updated_at, is_pinned, is_archived)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET title = excluded.title,
          title_folded = excluded.title_folded, persona_name = excluded.persona_name,
          persona_folded = excluded.persona_folded, persona_id = excluded.persona_id,
          created_at = min(created_at, excluded.created_at),
          updated_at = max(updated_at, excluded.updated_at),
          is_pinned = excluded.is_pinned, is_archived = excluded.is_archived
        """, conversation.id, conversation.title, TextFolding.fold(conversation.title),
        conversation.personaName, conversation.personaName.map(TextFolding.fold),
        conversation.personaID, conversation.createdAt, conversation.updatedAt,
        conversation.isPinned, conversation.isArchived)
      report.stored += 1
      report.stored += try connection.run(
        """
        INSERT INTO messages (\(MessageSQL.columns))
        SELECT \(MessageSQL.columns) FROM sync_parked WHERE conversation_id = ?
        ON CONFLICT (id) DO NOTHING
        """, conversation.id)
      try connection.run("DELETE FROM sync_parked WHERE conversation_id = ?", conversation.id)
    case .message(let message):
      let here = try connection.first(
        "SELECT 1 FROM conversations WHERE id = ?", message.conversationID, map: { _ in true })
      try storeMessage(message, parked: here == nil, connection: connection)
      if here == nil { report.parked += 1 } else { report.stored += 1 }
    case .memory(let memory):
      try connection.run(
        """
        INSERT INTO memories (id, text, created_at, updated_at, source) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET text = excluded.text, source = excluded.source,
          created_at = min(created_at, excluded.created_at),
          updated_at = max(updated_at, excluded.updated_at)
        """, memory.id, memory.text, memory.createdAt, memory.updatedAt, memory.source?.rawValue)
      report.stored += 1
    }
  }

  /// Writes a message into `messages`, or into `sync_parked` when `parked`. Columns no
  /// merge key covers keep their stored values; a row that would not change is not written
  /// (its full-text index would be rewritten for nothing).
  private static func storeMessage(
    _ message: MessageDTO, parked: Bool, connection: SQLiteConnection
  ) throws {
    let table = parked ? "sync_parked" : "messages"
    try connection.run(
      """
      INSERT INTO \(table) (\(MessageSQL.columns))
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET text = excluded.text, status = excluded.status,
        model = excluded.model, finish_reason = excluded.finish_reason,
        prompt_tokens = excluded.prompt_tokens, completion_tokens = excluded.completion_tokens,
        reasoning = excluded.reasoning, error_code = excluded.error_code,
        created_at = min(created_at, excluded.created_at)
      WHERE text IS NOT excluded.text OR status IS NOT excluded.status
        OR model IS NOT excluded.model OR finish_reason IS NOT excluded.finish_reason
        OR prompt_tokens IS NOT excluded.prompt_tokens
        OR completion_tokens IS NOT excluded.completion_tokens
        OR reasoning IS NOT excluded.reasoning OR error_code IS NOT excluded.error_code
        OR created_at > excluded.created_at
      """, message.id, message.conversationID, message.parentID, message.role.rawValue,
      message.text, message.createdAt, message.status.rawValue, message.model,
      message.finishReason, message.promptTokens, message.completionTokens, message.reasoning,
      message.errorCode, message.isOnActivePath)
  }

  /// Deletes row `id`; a message's children move up to its parent, as a local delete does.
  /// Returns whether a row was there.
  private static func delete(
    _ table: SyncTable, id: UUID, connection: SQLiteConnection
  )
    throws -> Bool
  {
    if table == .messages {
      try connection.run(
        "UPDATE messages SET parent_id = (SELECT parent_id FROM messages WHERE id = ?1) "
          + "WHERE parent_id = ?1", id)
    }
    return try connection.run("DELETE FROM \(table.rawValue) WHERE id = ?", id) > 0
  }
}
