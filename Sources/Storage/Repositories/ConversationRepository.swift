import Foundation

/// Conversations: create, rename, delete, list, pin, archive and search by title.
///
/// Implementations: `SQLiteConversationRepository` and the in-memory `InMemoryChatStore`,
/// which pass the same contract tests. Every method may be called from any task.
public protocol ConversationRepository: Sendable {
  /// Creates a conversation with a new id, `createdAt == updatedAt ==` now.
  /// - Throws: `StorageError.invalidInput` for a blank title; `StorageError` on failure.
  func create(
    title: String, personaName: String?, personaID: String?
  ) async throws
    -> ConversationDTO

  /// The conversation with `id`, or `nil`.
  /// - Throws: `StorageError` when the read fails.
  func get(id: UUID) async throws -> ConversationDTO?

  /// Changes the title and moves `updatedAt` to now.
  /// - Throws: `StorageError.notFound`, `.invalidInput` for a blank title.
  func rename(id: UUID, title: String) async throws

  /// Deletes the conversation and all of its messages. Deleting a missing id does nothing.
  /// - Throws: `StorageError` when the write fails.
  func delete(id: UUID) async throws

  /// A page of conversations: pinned first, then newest `updatedAt` first, ties by id.
  /// Pass the last item's `cursor` as `after` for the next page.
  /// - Parameters:
  ///   - limit: the page size (at least 1).
  ///   - after: where the previous page ended, or `nil` for the first page.
  ///   - includeArchived: whether archived conversations are listed too.
  /// - Throws: `StorageError.invalidInput` for a limit below 1; `StorageError` on failure.
  func list(
    limit: Int, after: ConversationCursor?, includeArchived: Bool
  ) async throws
    -> [ConversationDTO]

  /// Conversations whose title or persona name contains `text`, ignoring case and
  /// diacritics, archived ones included, in list order. Blank text returns the first
  /// `limit` unarchived conversations, like `list`.
  /// - Throws: `StorageError.invalidInput` for a limit below 1; `StorageError` on failure.
  func search(_ text: String, limit: Int) async throws -> [ConversationDTO]

  /// Pins or unpins; `updatedAt` does not change.
  /// - Throws: `StorageError.notFound`.
  func setPinned(id: UUID, _ isPinned: Bool) async throws

  /// Archives or restores; `updatedAt` does not change.
  /// - Throws: `StorageError.notFound`.
  func setArchived(id: UUID, _ isArchived: Bool) async throws

  /// Stores conversations with their messages exactly as given (ids, dates, branches), all
  /// in one step: every bundle or none. For import and sync; a large batch is much faster
  /// than one call per conversation.
  /// - Throws: `StorageError.alreadyExists` when a conversation or message id exists;
  ///   `.invalidInput` when a message names another conversation.
  func insert(_ bundles: [ConversationBundle]) async throws

  /// Like `insert(_:messages:)`, but first deletes a stored conversation with the same id
  /// and its messages, all in one step: either the old or the new version remains.
  /// - Throws: `StorageError.alreadyExists` when a message id belongs to another
  ///   conversation; `.invalidInput` when a message names another conversation.
  func replace(_ conversation: ConversationDTO, messages: [MessageDTO]) async throws
}

extension ConversationRepository {
  /// The seed's `create(title:personaName:)`, without a persona id.
  /// - Throws: see `create(title:personaName:personaID:)`.
  public func create(title: String, personaName: String?) async throws -> ConversationDTO {
    try await create(title: title, personaName: personaName, personaID: nil)
  }

  /// Stores one conversation and its messages exactly as given, all or nothing.
  /// - Throws: see `insert(_:)`.
  public func insert(_ conversation: ConversationDTO, messages: [MessageDTO]) async throws {
    try await insert([ConversationBundle(conversation: conversation, messages: messages)])
  }

  /// The seed's `list(limit:after:)`: unarchived conversations only.
  /// - Throws: see `list(limit:after:includeArchived:)`.
  public func list(limit: Int, after: ConversationCursor?) async throws -> [ConversationDTO] {
    try await list(limit: limit, after: after, includeArchived: false)
  }
}
