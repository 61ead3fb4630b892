import Foundation
import Storage

/// A message as a chat screen shows it.
public struct ChatMessage: Identifiable, Sendable, Equatable {
  /// The stored message's id.
  public let id: UUID
  /// The message it answers or follows.
  public var parentID: UUID?
  /// Who wrote it.
  public var role: MessageRole
  /// The text; grows while the reply streams (coalesced, see `ChatViewModel`).
  public var text: String
  /// The model's reasoning, for models that send it.
  public var reasoning: String?
  /// Where it is in its life.
  public var status: MessageStatus
  /// When it was created.
  public var createdAt: Date
  /// The model that answered (replies).
  public var model: String?
  /// Why the model stopped (replies).
  public var finishReason: String?
  /// Prompt tokens the provider reported (replies).
  public var promptTokens: Int?
  /// Completion tokens the provider reported (replies).
  public var completionTokens: Int?
  /// `AppError.code` of the failure, for a failed message.
  public var errorCode: String?

  /// A message shown from its stored form.
  public init(_ message: MessageDTO) {
    id = message.id
    parentID = message.parentID
    role = message.role
    text = message.text
    reasoning = message.reasoning
    status = message.status
    createdAt = message.createdAt
    model = message.model
    finishReason = message.finishReason
    promptTokens = message.promptTokens
    completionTokens = message.completionTokens
    errorCode = message.errorCode
  }

  /// Whether the reply is still arriving (the seed's typing indicator).
  public var isStreaming: Bool { status.isInProgress }

  /// Prompt plus completion tokens, when the provider reported either.
  public var totalTokens: Int? {
    guard promptTokens != nil || completionTokens != nil else { return nil }
    return (promptTokens ?? 0) + (completionTokens ?? 0)
  }

  /// Whether this is a reply that ended badly (failed or stopped) and can be retried.
  public var isRetryableReply: Bool {
    role == .assistant && (status == .failed || status == .cancelled)
  }
}
