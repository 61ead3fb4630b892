import Core
import Foundation
import Storage

/// Writes one conversation's messages: each new message gets an id and a creation date
/// later than every message before it, and is stored only where this screen expects it, so
/// a message another process added in between is never forked around.
@MainActor
final class ConversationMessages {
  let conversationID: UUID
  let repository: any MessageRepository
  private let clock: AppClock
  private let uuid: UUIDGenerator
  private var newestTimestamp: Date?

  init(
    conversationID: UUID, repository: any MessageRepository, clock: AppClock,
    uuid: UUIDGenerator
  ) {
    self.conversationID = conversationID
    self.repository = repository
    self.clock = clock
    self.uuid = uuid
  }

  /// Stores the user message `text` as the next message after `parentID` (the newest one
  /// shown), or as the first one when `parentID` is `nil`.
  /// - Throws: the repository's error, also when the conversation moved on since.
  func appendUserMessage(
    _ text: String, after parentID: UUID?, newestShown: Date?
  )
    async throws -> MessageDTO
  {
    try await appendNext(
      MessageDTO(
        id: uuid(), conversationID: conversationID, role: .user, text: text,
        createdAt: nextTimestamp(newestShown: newestShown)), after: parentID)
  }

  /// Stores an empty reply (status `streaming`) as the next message after `user`.
  /// - Throws: the repository's error, also when another message follows `user` already.
  func appendReplyPlaceholder(
    to user: MessageDTO, newestShown: Date?
  ) async throws
    -> MessageDTO
  {
    try await appendNext(
      MessageDTO(
        id: uuid(), conversationID: conversationID, parentID: user.id, role: .assistant,
        text: "", createdAt: nextTimestamp(newestShown: newestShown), status: .streaming),
      after: user.id)
  }

  /// Stores `text` as a user message answering `parentID` directly, beside any message
  /// already there (an edit, once the old version left the active path).
  /// - Throws: the repository's error.
  func appendVersion(
    _ text: String, parentID: UUID?, newestShown: Date?
  ) async throws
    -> MessageDTO
  {
    try await repository.append(
      MessageDTO(
        id: uuid(), conversationID: conversationID, parentID: parentID, role: .user,
        text: text, createdAt: nextTimestamp(newestShown: newestShown)))
  }

  /// The stored message `id`.
  /// - Throws: `AppError.notFound` when there is none (or `id` is `nil`).
  func require(_ id: UUID?) async throws -> MessageDTO {
    guard let id, let message = try await repository.message(id: id) else {
      throw AppError.notFound
    }
    return message
  }

  /// Tokens and models of every message of the conversation, on every branch.
  func usage() async throws -> ConversationUsage {
    ConversationUsage(messages: try await repository.allMessages(conversationID: conversationID))
  }

  /// A creation date later than every message of the conversation, in whole milliseconds
  /// (Storage's precision), so pages list messages in the order they were created even
  /// when the clock has not moved.
  func nextTimestamp(newestShown: Date?) -> Date {
    let now = StorageTime.normalized(clock.now())
    let newest = [newestTimestamp, newestShown].compactMap { $0 }.max()
    let date =
      newest.map { now > $0 ? now : StorageTime.normalized($0.addingTimeInterval(0.001)) } ?? now
    newestTimestamp = date
    return date
  }

  private func appendNext(
    _ message: MessageDTO, after parentID: UUID?
  ) async throws
    -> MessageDTO
  {
    let stored = try await repository.append(chain: [message], after: parentID)
    guard let first = stored.first else { throw AppError.notFound }
    return first
  }
}
