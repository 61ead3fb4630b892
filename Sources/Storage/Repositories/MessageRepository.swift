import Foundation

/// Messages: append, stream updates, newest-first pages, search and branches.
///
/// Pages, counts and search see only the *active path*, the branch the conversation shows.
/// Editing or regenerating keeps the old messages: `detachFromActivePath(messageID:)` takes
/// a message and everything after it off the path, the next `append` continues from what is
/// left, `alternatives(to:)` lists the siblings, and `activateBranch(messageID:)` switches.
///
/// Implementations: `SQLiteMessageRepository` and `InMemoryChatStore`.
public protocol MessageRepository: Sendable {
  /// Adds a message at the end of the active path and moves the conversation's `updatedAt`
  /// forward to the message's `createdAt`. A `nil` `parentID` means "after the newest
  /// message on the active path"; `isOnActivePath` is always set. Returns what was stored.
  /// Once this returns, the message survives the process being killed.
  /// - Throws: `StorageError.notFound` for an unknown conversation or parent,
  ///   `.alreadyExists` for a duplicate id.
  func append(_ message: MessageDTO) async throws -> MessageDTO

  /// Adds `messages` (of one conversation) as a chain at the end of the active path: the
  /// first after `expectedTail`, each next after the one before; returns what was stored.
  /// The check and the inserts are one transaction, so a second process sending into the
  /// same conversation is refused instead of forking it.
  /// - Parameter expectedTail: the newest message on the active path as the caller last saw
  ///   it; `nil` for an empty conversation.
  /// - Throws: `StorageError.conflict` when the active path no longer ends at
  ///   `expectedTail`, or its last message is a reply still being written (`streaming`);
  ///   `.notFound` for an unknown conversation, `.alreadyExists` for a duplicate id.
  func append(
    chain messages: [MessageDTO], after expectedTail: UUID?
  ) async throws
    -> [MessageDTO]

  /// Replaces the content of a stored message: text, status, model, finish reason, token
  /// counts, reasoning and error code. Its id, conversation, parent, date and path stay.
  /// - Throws: `StorageError.notFound`.
  func update(_ message: MessageDTO) async throws

  /// The message with `id`, or `nil`.
  /// - Throws: `StorageError` when the read fails.
  func message(id: UUID) async throws -> MessageDTO?

  /// Deletes a message; its children move up to its parent so branches stay connected.
  /// Deleting a missing id does nothing.
  /// - Throws: `StorageError` when the write fails.
  func deleteMessage(id: UUID) async throws

  /// Stores messages exactly as given (parents, path flags), all or nothing; moves each
  /// conversation's `updatedAt` forward to its newest message. For import and sync.
  /// - Throws: `StorageError.notFound` for an unknown conversation, `.alreadyExists`.
  func insertMessages(_ messages: [MessageDTO]) async throws

  /// Deletes many messages at once, all or nothing; missing ids are ignored.
  /// - Throws: `StorageError` when the write fails.
  func deleteMessages(ids: [UUID]) async throws

  /// A newest-first page of the active path, strictly older than `before`. `next` is the
  /// cursor for the following page, or `nil` when no older message exists.
  /// - Throws: `StorageError.invalidInput` for a limit below 1.
  func page(
    conversationID: UUID, before: MessageCursor?, limit: Int
  ) async throws
    -> (items: [MessageDTO], next: MessageCursor?)

  /// The number of messages on the active path.
  /// - Throws: `StorageError` when the read fails.
  func count(conversationID: UUID) async throws -> Int

  /// Every message of the conversation, all branches, oldest first. For export.
  /// - Throws: `StorageError` when the read fails.
  func allMessages(conversationID: UUID) async throws -> [MessageDTO]

  /// Full-text search over the active paths of every conversation, best match first. Words
  /// match whole (ignoring case and diacritics); a trailing `*` matches a prefix; all words
  /// must appear. Quotes and operators in `query` are treated as plain text. Relevance is
  /// ranked among the `MessageSearch.window` most recently stored matches.
  /// - Throws: `StorageError.invalidInput` when the query has no words or the limit is
  ///   below 1.
  func searchMessages(_ query: String, limit: Int) async throws -> [MessageSearchHit]

  /// Takes `messageID` and every newer message on the active path off it, so the next
  /// `append` starts a new branch from the message before. Doing it twice changes nothing.
  /// - Throws: `StorageError.notFound`.
  func detachFromActivePath(messageID: UUID) async throws

  /// The messages that share `messageID`'s parent (itself included), oldest first: the
  /// versions of an edited message or of a regenerated reply.
  /// - Throws: `StorageError.notFound`.
  func alternatives(to messageID: UUID) async throws -> [MessageDTO]

  /// Makes the branch through `messageID` the active path: its ancestors, itself, and from
  /// it down the newest child at each step.
  /// - Throws: `StorageError.notFound`.
  func activateBranch(messageID: UUID) async throws

  /// Marks messages left `sending` or `streaming` by a previous run (a crash or a kill) as
  /// `failed` with error code `interrupted`; returns how many. Call once at launch.
  /// - Throws: `StorageError` when the write fails.
  func markInterruptedMessages() async throws -> Int
}
