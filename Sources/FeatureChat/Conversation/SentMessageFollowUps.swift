import Core
import Foundation
import Localization
import Storage

/// What sending a user message does besides asking for a reply: the first message names a
/// conversation still called "New Chat", and a "remember that …" message adds a memory.
/// Failures are logged and never stop the message.
struct SentMessageFollowUps: Sendable {
  let conversations: any ConversationRepository
  let memories: any MemoryRepository
  /// Whether "remember that …" messages add a memory.
  let extractsMemories: Bool
  let logger: AppLogger

  /// Renames `conversation` after its first message `text` when it still has the default
  /// title; `true` when it was renamed.
  func nameConversation(_ conversation: ConversationDTO?, from text: String) async -> Bool {
    guard let conversation, conversation.title == L10n.Chat.defaultTitle,
      let title = ConversationTitle.derive(from: text)
    else { return false }
    do {
      try await conversations.rename(id: conversation.id, title: title)
      return true
    } catch {
      logger.chatFailure("name a conversation", error)
      return false
    }
  }

  /// Stores the fact a "remember that …" message asks for; `nil` when there is none or it
  /// could not be stored.
  func rememberFact(in text: String) async -> MemoryDTO? {
    guard extractsMemories, let fact = MemoryExtractor.fact(in: text) else { return nil }
    do {
      return try await memories.add(text: fact, source: .assistant)
    } catch {
      logger.chatFailure("save a memory", error)
      return nil
    }
  }
}

/// The largest message that may be sent.
struct MessageSizeLimit: Sendable {
  /// In UTF-8 bytes.
  let maximumBytes: Int

  /// A validation error for `text` when it is longer than the limit, `nil` when it fits.
  func refusal(for text: String) -> AppError? {
    let size = text.utf8.count
    guard size > maximumBytes else { return nil }
    return AppError.validation(
      message: "The message is \(Self.byteCount(size)); the most that can be sent is "
        + "\(Self.byteCount(maximumBytes)). Shorten it or send it in parts.")
  }

  /// `bytes` for people: "1.5 MiB", "12 KiB", "300 bytes".
  static func byteCount(_ bytes: Int) -> String {
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 20 { return "\(Double((bytes * 10) >> 20) / 10) MiB" }
    if bytes >= 1 << 10 { return "\(bytes >> 10) KiB" }
    return "\(bytes) bytes"
  }
}
