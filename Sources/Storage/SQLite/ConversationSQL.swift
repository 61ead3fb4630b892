import Foundation

/// The SQL behind `SQLiteConversationRepository`. `package` so `kiln-bench` can run the
/// very same statements through raw SQLite as a baseline.
package enum ConversationSQL {
  /// The columns `decode` reads, in order.
  package static let columns = """
    id, title, persona_name, persona_id, created_at, updated_at, is_pinned, is_archived
    """

  /// Inserts every column of a conversation.
  package static let insert = """
    INSERT INTO conversations (id, title, title_folded, persona_name, persona_folded,
      persona_id, created_at, updated_at, is_pinned, is_archived)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    """

  static let get = "SELECT \(columns) FROM conversations WHERE id = ?"

  static let exists = "SELECT 1 FROM conversations WHERE id = ?"

  static let rename = """
    UPDATE conversations SET title = ?, title_folded = ?, updated_at = ? WHERE id = ?
    """

  static let delete = "DELETE FROM conversations WHERE id = ?"

  static let setPinned = "UPDATE conversations SET is_pinned = ? WHERE id = ?"

  static let setArchived = "UPDATE conversations SET is_archived = ? WHERE id = ?"

  /// Moves `updated_at` forward (never back) when a message arrives.
  package static let bump = """
    UPDATE conversations SET updated_at = max(updated_at, ?) WHERE id = ?
    """

  private static let order = "ORDER BY is_pinned DESC, updated_at DESC, id DESC LIMIT ?"

  /// Parameters: include archived (0/1), limit.
  static let firstPage = """
    SELECT \(columns) FROM conversations WHERE (is_archived = 0 OR ?) \(order)
    """

  /// Parameters: include archived, cursor pinned, cursor updated, cursor id, limit.
  static let nextPage = """
    SELECT \(columns) FROM conversations
    WHERE (is_archived = 0 OR ?1)
      AND (is_pinned < ?2 OR (is_pinned = ?2 AND (updated_at, id) < (?3, ?4)))
    ORDER BY is_pinned DESC, updated_at DESC, id DESC LIMIT ?5
    """

  /// Parameters: folded needle, limit.
  static let search = """
    SELECT \(columns) FROM conversations
    WHERE instr(title_folded, ?1) > 0 OR instr(coalesce(persona_folded, ''), ?1) > 0
    \(order)
    """

  /// Reads a row selected with `columns`.
  static func decode(_ row: SQLiteRow) throws -> ConversationDTO {
    try decode(row, offset: 0)
  }

  /// Reads the `columns` starting at column `offset`.
  static func decode(_ row: SQLiteRow, offset: Int32) throws -> ConversationDTO {
    ConversationDTO(
      id: try row.uuid(offset), title: row.string(offset + 1),
      personaName: row.optionalString(offset + 2), personaID: row.optionalString(offset + 3),
      createdAt: row.date(offset + 4), updatedAt: row.date(offset + 5),
      isPinned: row.bool(offset + 6), isArchived: row.bool(offset + 7))
  }

  /// Inserts a conversation exactly as given.
  static func insert(_ conversation: ConversationDTO, into connection: SQLiteConnection) throws {
    try connection.run(
      insert, conversation.id, conversation.title, TextFolding.fold(conversation.title),
      conversation.personaName, conversation.personaName.map(TextFolding.fold),
      conversation.personaID, conversation.createdAt, conversation.updatedAt,
      conversation.isPinned, conversation.isArchived)
  }
}
