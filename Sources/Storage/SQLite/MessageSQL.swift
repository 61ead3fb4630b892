import Foundation

/// The SQL behind `SQLiteMessageRepository`, shared with `kiln-bench`'s raw baseline.
package enum MessageSQL {
  /// The columns `decode` reads, in order.
  package static let columns = """
    id, conversation_id, parent_id, role, text, created_at, status, model, finish_reason,
    prompt_tokens, completion_tokens, reasoning, error_code, on_active_path
    """

  /// Inserts every column of a message.
  package static let insert = """
    INSERT INTO messages (id, conversation_id, parent_id, role, text, created_at, status,
      model, finish_reason, prompt_tokens, completion_tokens, reasoning, error_code,
      on_active_path)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    """

  /// How many rows one bulk insert statement carries: one statement per row costs a
  /// statement journal each (the table has triggers and a foreign key), which made bulk
  /// import about 2.5 times slower.
  package static let rowsPerInsert = 50

  /// An insert of `rows` messages in one statement, parameters in `insert`'s order.
  package static func insert(rows: Int) -> String {
    let row = "(" + Array(repeating: "?", count: 14).joined(separator: ", ") + ")"
    return """
      INSERT INTO messages (id, conversation_id, parent_id, role, text, created_at, status,
        model, finish_reason, prompt_tokens, completion_tokens, reasoning, error_code,
        on_active_path)
      VALUES \(Array(repeating: row, count: rows).joined(separator: ", "))
      """
  }

  /// The newest message on the active path: where `append` attaches by default.
  package static let activeTail = """
    SELECT id FROM messages WHERE conversation_id = ? AND on_active_path = 1
    ORDER BY created_at DESC, id DESC LIMIT 1
    """

  /// The newest message on a conversation's active path, with its status.
  static let activeTailStatus = """
    SELECT id, status FROM messages WHERE conversation_id = ? AND on_active_path = 1
    ORDER BY created_at DESC, id DESC LIMIT 1
    """

  static let get = "SELECT \(columns) FROM messages WHERE id = ?"

  static let conversationOf = "SELECT conversation_id FROM messages WHERE id = ?"

  static let update = """
    UPDATE messages SET text = ?, status = ?, model = ?, finish_reason = ?, prompt_tokens = ?,
      completion_tokens = ?, reasoning = ?, error_code = ?
    WHERE id = ?
    """

  static let parentOf = "SELECT parent_id FROM messages WHERE id = ?"

  static let reparentChildren = "UPDATE messages SET parent_id = ? WHERE parent_id = ?"

  static let delete = "DELETE FROM messages WHERE id = ?"

  /// Parameters: conversation, limit.
  package static let firstPage = """
    SELECT \(columns) FROM messages WHERE conversation_id = ? AND on_active_path = 1
    ORDER BY created_at DESC, id DESC LIMIT ?
    """

  /// Parameters: conversation, cursor date, cursor id, limit.
  package static let nextPage = """
    SELECT \(columns) FROM messages WHERE conversation_id = ? AND on_active_path = 1
      AND (created_at, id) < (?, ?)
    ORDER BY created_at DESC, id DESC LIMIT ?
    """

  static let count = """
    SELECT count(*) FROM messages WHERE conversation_id = ? AND on_active_path = 1
    """

  static let all = """
    SELECT \(columns) FROM messages WHERE conversation_id = ? ORDER BY created_at, id
    """

  static let tree = """
    SELECT id, parent_id, created_at FROM messages WHERE conversation_id = ?
    """

  static let siblings = """
    SELECT \(columns) FROM messages WHERE conversation_id = ? AND parent_id IS ?
    ORDER BY created_at, id
    """

  /// Parameters: conversation, from date, from id.
  static let detach = """
    UPDATE messages SET on_active_path = 0
    WHERE conversation_id = ? AND on_active_path = 1 AND (created_at, id) >= (?, ?)
    """

  static let clearPath = """
    UPDATE messages SET on_active_path = 0 WHERE conversation_id = ? AND on_active_path = 1
    """

  static let setOnPath = "UPDATE messages SET on_active_path = 1 WHERE id = ?"

  static let markInterrupted = """
    UPDATE messages SET status = 'failed', error_code = 'interrupted'
    WHERE status IN ('sending', 'streaming')
    """

  /// Reads a row selected with `columns`, starting at column `offset`.
  static func decode(_ row: SQLiteRow, offset: Int32 = 0) throws -> MessageDTO {
    MessageDTO(
      id: try row.uuid(offset), conversationID: try row.uuid(offset + 1),
      parentID: try row.optionalUUID(offset + 2),
      role: MessageRole(rawValue: row.string(offset + 3)), text: row.string(offset + 4),
      createdAt: row.date(offset + 5),
      status: MessageStatus(rawValue: row.string(offset + 6)) ?? .failed,
      model: row.optionalString(offset + 7), finishReason: row.optionalString(offset + 8),
      promptTokens: row.optionalInt(offset + 9), completionTokens: row.optionalInt(offset + 10),
      reasoning: row.optionalString(offset + 11), errorCode: row.optionalString(offset + 12),
      isOnActivePath: row.bool(offset + 13))
  }

  /// Inserts a message row exactly as given.
  static func insert(_ message: MessageDTO, into connection: SQLiteConnection) throws {
    try connection.run(
      insert, message.id, message.conversationID, message.parentID, message.role.rawValue,
      message.text, message.createdAt, message.status.rawValue, message.model,
      message.finishReason, message.promptTokens, message.completionTokens, message.reasoning,
      message.errorCode, message.isOnActivePath)
  }

  /// Inserts message rows exactly as given, `rowsPerInsert` to a statement.
  static func insert(_ messages: [MessageDTO], into connection: SQLiteConnection) throws {
    var start = 0
    while start < messages.count {
      let chunk = messages[start..<min(start + rowsPerInsert, messages.count)]
      var values: [any SQLiteBindable] = []
      values.reserveCapacity(chunk.count * 14)
      for message in chunk {
        values += [
          message.id, message.conversationID, message.parentID, message.role.rawValue,
          message.text, message.createdAt, message.status.rawValue, message.model,
          message.finishReason, message.promptTokens, message.completionTokens,
          message.reasoning, message.errorCode, message.isOnActivePath,
        ]
      }
      try connection.run(insert(rows: chunk.count), bindings: values)
      start += chunk.count
    }
  }

  /// Moves a conversation's `updated_at` forward to `date`.
  /// - Throws: `StorageError.notFound` when the conversation does not exist.
  static func bump(_ conversationID: UUID, to date: Date, in connection: SQLiteConnection) throws {
    if try connection.run(ConversationSQL.bump, date, conversationID) == 0 {
      throw StorageError.notFound("conversation")
    }
  }
}
