import AI
import Core
import Foundation

/// How one request for a reply ended: what a script (`kiln ask`) prints.
public struct ReplyResult: Sendable, Equatable {
  /// The conversation the reply belongs to.
  public var conversationID: UUID
  /// The user message the reply answers, when one was stored.
  public var userMessageID: UUID?
  /// The stored reply, when one was stored.
  public var replyMessageID: UUID?
  /// Everything the stream delivered (content, reasoning, tool calls, usage, model,
  /// outcome), kept even when it failed halfway.
  public var reply: ChatCompletionReply
  /// Why it did not complete: `.cancelled` when stopped, `.freeQuotaExhausted` when the
  /// free tier blocked it, a storage or provider error otherwise; `nil` on success.
  public var error: AppError?

  /// A result with the given parts.
  public init(
    conversationID: UUID, userMessageID: UUID? = nil, replyMessageID: UUID? = nil,
    reply: ChatCompletionReply = ChatCompletionReply(), error: AppError? = nil
  ) {
    self.conversationID = conversationID
    self.userMessageID = userMessageID
    self.replyMessageID = replyMessageID
    self.reply = reply
    self.error = error
  }

  /// Whether the reply completed.
  public var isCompleted: Bool { error == nil }
}
