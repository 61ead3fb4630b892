import Core
import Foundation
import Storage

/// The versions of a conversation's messages: a reply asked for again, a regenerated reply
/// or an edited user message leaves the active path but stays retrievable as an earlier
/// version, and any version can be made the active one again.
@MainActor
struct ConversationBranches {
  let messages: any MessageRepository
  let logger: AppLogger

  /// Takes the failed or stopped `reply` off the active path before it is asked for again:
  /// deleted when it has no text, kept as an earlier version otherwise.
  /// - Throws: the repository's error.
  func retire(_ reply: ChatMessage) async throws {
    if reply.text.isEmpty && (reply.reasoning ?? "").isEmpty {
      try await messages.deleteMessage(id: reply.id)
    } else {
      try await messages.detachFromActivePath(messageID: reply.id)
    }
  }

  /// Takes `message` and everything after it off the active path, as an earlier version.
  /// - Throws: the repository's error.
  func setAside(_ message: ChatMessage) async throws {
    try await messages.detachFromActivePath(messageID: message.id)
  }

  /// Stores `edited` in place of `original` (which, with what followed it, becomes an
  /// earlier version). When `edited` cannot be stored, `original`'s branch is made active
  /// again, so the conversation is as it was.
  /// - Parameter store: stores the new version once `original` is set aside.
  /// - Throws: the error that stopped the edit.
  func replace(
    _ original: ChatMessage, storing store: () async throws -> MessageDTO
  ) async throws -> MessageDTO {
    try await setAside(original)
    do {
      return try await store()
    } catch {
      do {
        try await show(original.id)
      } catch let restoring {
        logger.chatFailure("restore a branch after a failed edit", restoring)
      }
      throw error
    }
  }

  /// Every version of the message `messageID`, oldest first.
  /// - Throws: the repository's error.
  func versions(of messageID: UUID) async throws -> [ChatMessage] {
    try await messages.alternatives(to: messageID).map(ChatMessage.init)
  }

  /// Makes the branch through the version `messageID` the active one.
  /// - Throws: the repository's error.
  func show(_ messageID: UUID) async throws {
    try await messages.activateBranch(messageID: messageID)
  }
}
