import Foundation

extension MessageSQL {
  /// Parameters: FTS expression, window, limit, then one text per symbol. Ranks (bm25) the
  /// newest `window` matches, keeps those on an active path that contain every symbol, best
  /// first, newest first on ties.
  package static func search(symbolCount: Int) -> String {
    """
    WITH recent AS (
      SELECT rowid AS seq, rank AS score FROM messages_fts WHERE messages_fts MATCH ?1
      ORDER BY rowid DESC LIMIT ?2
    )
    SELECT \(searchColumns)
    FROM recent
    JOIN messages m ON m.seq = recent.seq
    JOIN conversations c ON c.id = m.conversation_id
    WHERE m.on_active_path = 1\(symbolFilter(symbolCount, firstParameter: 4))
    ORDER BY recent.score, recent.seq DESC
    LIMIT ?3
    """
  }

  /// Parameters: window, limit, then one text per symbol. A query of symbols alone (an
  /// emoji) has no word for the index: the newest `window` messages on an active path
  /// that contain every symbol, newest first.
  package static func symbolSearch(symbolCount: Int) -> String {
    """
    SELECT \(searchColumns)
    FROM messages m
    JOIN conversations c ON c.id = m.conversation_id
    WHERE m.on_active_path = 1\(symbolFilter(symbolCount, firstParameter: 3))
    ORDER BY m.seq DESC
    LIMIT min(?1, ?2)
    """
  }

  private static let searchColumns = """
    m.id, m.conversation_id, m.parent_id, m.role, m.text, m.created_at, m.status,
      m.model, m.finish_reason, m.prompt_tokens, m.completion_tokens, m.reasoning,
      m.error_code, m.on_active_path,
      c.id, c.title, c.persona_name, c.persona_id, c.created_at, c.updated_at, c.is_pinned,
      c.is_archived
    """

  private static func symbolFilter(_ count: Int, firstParameter: Int) -> String {
    (0..<count).map { " AND instr(m.text, ?\($0 + firstParameter)) > 0" }.joined()
  }
}

extension SQLiteMessageRepository {
  /// Full-text search over the active paths of every conversation, best match first.
  /// - Throws: `StorageError.invalidInput` when the query has no words or the limit is below 1.
  public func searchMessages(_ query: String, limit: Int) async throws -> [MessageSearchHit] {
    try Validation.limit(limit)
    let parsed = try MessageSearch.query(query)
    let terms = parsed.terms
    let symbols = parsed.symbols
    let expression = terms.isEmpty ? nil : MessageSearch.ftsExpression(terms)
    let rows = try await database.read { connection in
      var bindings: [any SQLiteBindable] = [MessageSearch.window, limit]
      let sql: String
      if let expression {
        sql = MessageSQL.search(symbolCount: symbols.count)
        bindings.insert(expression, at: 0)
      } else {
        sql = MessageSQL.symbolSearch(symbolCount: symbols.count)
      }
      bindings += symbols.map { $0 as any SQLiteBindable }
      return try connection.query(sql, bindings: bindings) { row in
        (try MessageSQL.decode(row), try ConversationSQL.decode(row, offset: 14))
      }
    }
    return rows.map { message, conversation in
      MessageSearchHit(
        message: message, conversation: conversation,
        snippet: SearchSnippet.build(text: message.text, terms: terms))
    }
  }
}

extension SQLiteMessageRepository {
  /// Takes `messageID` and every newer message on the active path off it, so the next `append`
  /// starts a new branch from the message before.
  /// - Throws: `StorageError.notFound`.
  public func detachFromActivePath(messageID: UUID) async throws {
    try await database.write { connection in
      let message = try Self.require(messageID, in: connection)
      guard message.isOnActivePath else { return }
      try connection.run(
        MessageSQL.detach, message.conversationID, message.createdAt, message.id)
    }
  }

  /// The messages that share `messageID`'s parent (itself included), oldest first: the versions of
  /// an edited message or of a regenerated reply.
  /// - Throws: `StorageError.notFound`.
  public func alternatives(to messageID: UUID) async throws -> [MessageDTO] {
    try await database.snapshot { connection in
      let message = try Self.require(messageID, in: connection)
      return try connection.query(MessageSQL.siblings, message.conversationID, message.parentID) {
        try MessageSQL.decode($0)
      }
    }
  }

  /// Makes the branch through `messageID` the active path: its ancestors, itself, and from it down
  /// the newest child at each step.
  /// - Throws: `StorageError.notFound`.
  public func activateBranch(messageID: UUID) async throws {
    try await database.write { connection in
      let message = try Self.require(messageID, in: connection)
      let nodes = try connection.query(MessageSQL.tree, message.conversationID) { row in
        BranchPath.Node(
          id: try row.uuid(0), parentID: try row.optionalUUID(1), createdAt: row.date(2))
      }
      try connection.run(MessageSQL.clearPath, message.conversationID)
      for id in BranchPath.path(through: messageID, in: nodes) {
        try connection.run(MessageSQL.setOnPath, id)
      }
    }
  }

  private static func require(_ id: UUID, in connection: SQLiteConnection) throws -> MessageDTO {
    guard let message = try connection.first(MessageSQL.get, id, map: { try MessageSQL.decode($0) })
    else { throw StorageError.notFound("message") }
    return message
  }
}
