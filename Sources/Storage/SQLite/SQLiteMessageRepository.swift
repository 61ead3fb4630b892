import Foundation

/// `MessageRepository` over a `StorageDatabase`.
///
/// Messages carry their own ids and dates (the chat engine stamps them with its injected
/// clock and generator), so this repository needs neither.
public struct SQLiteMessageRepository: MessageRepository {
  let database: StorageDatabase

  /// A repository over `database`.
  public init(database: StorageDatabase) {
    self.database = database
  }

  /// Adds a message at the end of the active path and moves the conversation's `updatedAt` forward
  /// to the message's `createdAt`.
  /// - Throws: `StorageError.notFound` for an unknown conversation or parent, `.alreadyExists`
  ///   for a duplicate id.
  public func append(_ message: MessageDTO) async throws -> MessageDTO {
    var stored = message.normalized
    stored.isOnActivePath = true
    return try await database.write { [stored] connection in
      var stored = stored
      try MessageSQL.bump(stored.conversationID, to: stored.createdAt, in: connection)
      if let parentID = stored.parentID {
        let parentConversation = try connection.first(MessageSQL.conversationOf, parentID) {
          try $0.uuid(0)
        }
        if parentConversation != stored.conversationID {
          throw StorageError.notFound("parent message")
        }
      } else {
        stored.parentID = try connection.first(MessageSQL.activeTail, stored.conversationID) {
          try $0.uuid(0)
        }
      }
      try MessageSQL.insert(stored, into: connection)
      return stored
    }
  }

  /// Replaces the content of a stored message: text, status, model, finish reason, token counts,
  /// reasoning and error code.
  /// - Throws: `StorageError.notFound`.
  public func update(_ message: MessageDTO) async throws {
    try await database.write { connection in
      let changed = try connection.run(
        MessageSQL.update, message.text, message.status.rawValue, message.model,
        message.finishReason, message.promptTokens, message.completionTokens, message.reasoning,
        message.errorCode, message.id)
      if changed == 0 { throw StorageError.notFound("message") }
    }
  }

  /// The message with `id`, or `nil`.
  /// - Throws: `StorageError` when the read fails.
  public func message(id: UUID) async throws -> MessageDTO? {
    try await database.read { connection in
      try connection.first(MessageSQL.get, id) { try MessageSQL.decode($0) }
    }
  }

  /// Deletes a message; its children move up to its parent so branches stay connected.
  /// - Throws: `StorageError` when the write fails.
  public func deleteMessage(id: UUID) async throws {
    try await deleteMessages(ids: [id])
  }

  /// Stores messages exactly as given (parents, path flags), all or nothing; moves each
  /// conversation's `updatedAt` forward to its newest message.
  /// - Throws: `StorageError.notFound` for an unknown conversation, `.alreadyExists`.
  public func insertMessages(_ messages: [MessageDTO]) async throws {
    guard !messages.isEmpty else { return }
    var newest: [UUID: Date] = [:]
    for message in messages {
      newest[message.conversationID] = max(
        newest[message.conversationID] ?? .distantPast, message.createdAt)
    }
    try await database.write { [newest] connection in
      for (conversationID, date) in newest {
        try MessageSQL.bump(conversationID, to: date, in: connection)
      }
      try MessageSQL.insert(messages, into: connection)
    }
  }

  /// Deletes many messages at once, all or nothing; missing ids are ignored.
  /// - Throws: `StorageError` when the write fails.
  public func deleteMessages(ids: [UUID]) async throws {
    guard !ids.isEmpty else { return }
    try await database.write { connection in
      for id in ids {
        // A missing id has no row: nothing to reparent or delete.
        guard
          let parent = try connection.first(
            MessageSQL.parentOf, id, map: { try $0.optionalUUID(0) })
        else { continue }
        try connection.run(MessageSQL.reparentChildren, parent, id)
        try connection.run(MessageSQL.delete, id)
      }
    }
  }

  /// A newest-first page of the active path, strictly older than `before`.
  public func page(
    conversationID: UUID, before: MessageCursor?, limit: Int
  ) async throws
    -> (items: [MessageDTO], next: MessageCursor?)
  {
    try Validation.limit(limit)
    // One extra row tells whether an older page exists.
    let rows = try await database.read { connection in
      if let before {
        return try connection.query(
          MessageSQL.nextPage, conversationID, before.createdAt, before.id, limit + 1,
          map: { try MessageSQL.decode($0) })
      }
      return try connection.query(
        MessageSQL.firstPage, conversationID, limit + 1, map: { try MessageSQL.decode($0) })
    }
    let items = Array(rows.prefix(limit))
    return (items, rows.count > limit ? items.last?.cursor : nil)
  }

  /// The number of messages on the active path.
  /// - Throws: `StorageError` when the read fails.
  public func count(conversationID: UUID) async throws -> Int {
    try await database.read { connection in
      try connection.first(MessageSQL.count, conversationID) { $0.int(0) } ?? 0
    }
  }

  /// Every message of the conversation, all branches, oldest first.
  /// - Throws: `StorageError` when the read fails.
  public func allMessages(conversationID: UUID) async throws -> [MessageDTO] {
    try await database.read { connection in
      try connection.query(MessageSQL.all, conversationID) { try MessageSQL.decode($0) }
    }
  }

  /// Marks messages left `sending` or `streaming` by a previous run (a crash or a kill) as `failed`
  /// with error code `interrupted`; returns how many.
  /// - Throws: `StorageError` when the write fails.
  public func markInterruptedMessages() async throws -> Int {
    try await database.write { connection in
      try connection.run(MessageSQL.markInterrupted)
    }
  }
}
