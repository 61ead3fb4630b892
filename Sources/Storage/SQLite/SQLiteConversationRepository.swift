import Core
import Foundation

/// `ConversationRepository` over a `StorageDatabase`.
public struct SQLiteConversationRepository: ConversationRepository {
  private let database: StorageDatabase
  private let clock: AppClock
  private let uuid: UUIDGenerator

  /// A repository over `database` that stamps new conversations with `clock` and `uuid`.
  public init(database: StorageDatabase, clock: AppClock, uuid: UUIDGenerator) {
    self.database = database
    self.clock = clock
    self.uuid = uuid
  }

  /// Creates a conversation with a new id, `createdAt == updatedAt ==` now.
  public func create(
    title: String, personaName: String?, personaID: String?
  ) async throws
    -> ConversationDTO
  {
    let now = StorageTime.normalized(clock.now())
    let conversation = ConversationDTO(
      id: uuid(), title: try Validation.title(title), personaName: personaName,
      personaID: personaID, createdAt: now, updatedAt: now)
    try await database.write { connection in
      try ConversationSQL.insert(conversation, into: connection)
    }
    return conversation
  }

  /// The conversation with `id`, or `nil`.
  /// - Throws: `StorageError` when the read fails.
  public func get(id: UUID) async throws -> ConversationDTO? {
    try await database.read { connection in
      try connection.first(ConversationSQL.get, id, map: ConversationSQL.decode)
    }
  }

  /// Changes the title and moves `updatedAt` to now.
  /// - Throws: `StorageError.notFound`, `.invalidInput` for a blank title.
  public func rename(id: UUID, title: String) async throws {
    let title = try Validation.title(title)
    let now = clock.now()
    try await database.write { connection in
      let changed = try connection.run(
        ConversationSQL.rename, title, TextFolding.fold(title), now, id)
      if changed == 0 { throw StorageError.notFound("conversation") }
    }
  }

  /// Deletes a memory; a missing id does nothing.
  /// - Throws: `StorageError` when the write fails.
  public func delete(id: UUID) async throws {
    try await database.write { connection in
      try connection.run(ConversationSQL.delete, id)
    }
  }

  /// Every memory, newest first.
  public func list(
    limit: Int, after: ConversationCursor?, includeArchived: Bool
  ) async throws
    -> [ConversationDTO]
  {
    try Validation.limit(limit)
    return try await database.read { connection in
      if let after {
        return try connection.query(
          ConversationSQL.nextPage, includeArchived, after.isPinned, after.updatedAt, after.id,
          limit, map: ConversationSQL.decode)
      }
      return try connection.query(
        ConversationSQL.firstPage, includeArchived, limit, map: ConversationSQL.decode)
    }
  }

  /// Conversations whose title or persona name contains `text`, ignoring case and diacritics,
  /// archived ones included, in list order.
  /// - Throws: `StorageError.invalidInput` for a limit below 1; `StorageError` on failure.
  public func search(_ text: String, limit: Int) async throws -> [ConversationDTO] {
    try Validation.limit(limit)
    let needle = TextFolding.fold(TextFolding.trimmed(text))
    if needle.isEmpty { return try await list(limit: limit, after: nil) }
    return try await database.read { connection in
      try connection.query(ConversationSQL.search, needle, limit, map: ConversationSQL.decode)
    }
  }

  /// Pins or unpins; `updatedAt` does not change.
  /// - Throws: `StorageError.notFound`.
  public func setPinned(id: UUID, _ isPinned: Bool) async throws {
    try await database.write { connection in
      if try connection.run(ConversationSQL.setPinned, isPinned, id) == 0 {
        throw StorageError.notFound("conversation")
      }
    }
  }

  /// Archives or restores; `updatedAt` does not change.
  /// - Throws: `StorageError.notFound`.
  public func setArchived(id: UUID, _ isArchived: Bool) async throws {
    try await database.write { connection in
      if try connection.run(ConversationSQL.setArchived, isArchived, id) == 0 {
        throw StorageError.notFound("conversation")
      }
    }
  }

  /// Stores conversations with their messages exactly as given (ids, dates, branches), all
  /// in one step: every bundle or none.
  /// - Throws: `StorageError.alreadyExists` when a conversation or message id exists;
  ///   `.invalidInput` when a message names another conversation.
  public func insert(_ bundles: [ConversationBundle]) async throws {
    for bundle in bundles {
      try Validation.belong(bundle.messages, to: bundle.conversation.id)
    }
    try await database.write { connection in
      for bundle in bundles {
        try ConversationSQL.insert(bundle.conversation, into: connection)
        try MessageSQL.insert(bundle.messages, into: connection)
      }
    }
  }

  /// Like `insert(_:messages:)`, but first deletes a stored conversation with the same id and its
  /// messages, all in one step: either the old or the new version remains.
  /// - Throws: `StorageError.alreadyExists` when a message id belongs to another conversation;
  ///   `.invalidInput` when a message names another conversation.
  public func replace(_ conversation: ConversationDTO, messages: [MessageDTO]) async throws {
    try Validation.belong(messages, to: conversation.id)
    try await database.write { connection in
      try connection.run(ConversationSQL.delete, conversation.id)
      try ConversationSQL.insert(conversation, into: connection)
      try MessageSQL.insert(messages, into: connection)
    }
  }
}
