import Foundation

/// A chat message as repositories return it.
///
/// Messages form a tree through `parentID`: editing a user message or regenerating a reply
/// adds a sibling instead of overwriting, and `isOnActivePath` marks the branch the
/// conversation currently shows.
public struct MessageDTO: Identifiable, Sendable, Equatable, Hashable {
  /// The stable identifier.
  public var id: UUID
  /// The conversation it belongs to.
  public var conversationID: UUID
  /// The message it answers or follows; `nil` for the first message of a branch at the root.
  public var parentID: UUID?
  /// Who wrote it.
  public var role: MessageRole
  /// The text, which grows while a reply streams.
  public var text: String
  /// When it was created (millisecond precision); pages are ordered by it.
  public var createdAt: Date
  /// Where it is in its life.
  public var status: MessageStatus
  /// The model that answered, for replies.
  public var model: String?
  /// Why the model stopped (`stop`, `length`, …), for replies.
  public var finishReason: String?
  /// Prompt tokens the provider reported, for replies.
  public var promptTokens: Int?
  /// Completion tokens the provider reported, for replies.
  public var completionTokens: Int?
  /// Reasoning text some models return beside the answer.
  public var reasoning: String?
  /// A machine-readable failure code (`AppError.code`) when `status` is `failed`.
  public var errorCode: String?
  /// Whether the message is on the branch the conversation currently shows.
  public var isOnActivePath: Bool

  /// A message value. Dates are rounded to the millisecond when stored.
  public init(
    id: UUID, conversationID: UUID, parentID: UUID? = nil, role: MessageRole,
    text: String, createdAt: Date, status: MessageStatus = .complete, model: String? = nil,
    finishReason: String? = nil, promptTokens: Int? = nil, completionTokens: Int? = nil,
    reasoning: String? = nil, errorCode: String? = nil, isOnActivePath: Bool = true
  ) {
    self.id = id
    self.conversationID = conversationID
    self.parentID = parentID
    self.role = role
    self.text = text
    self.createdAt = createdAt
    self.status = status
    self.model = model
    self.finishReason = finishReason
    self.promptTokens = promptTokens
    self.completionTokens = completionTokens
    self.reasoning = reasoning
    self.errorCode = errorCode
    self.isOnActivePath = isOnActivePath
  }

  /// The cursor that continues a page after this message.
  public var cursor: MessageCursor { MessageCursor(self) }

  /// A copy with `createdAt` rounded to the millisecond, as Storage keeps it.
  var normalized: MessageDTO {
    var copy = self
    copy.createdAt = StorageTime.normalized(createdAt)
    return copy
  }

  /// A copy whose content fields (the ones `update` may change) come from `other`.
  func updatingContent(from other: MessageDTO) -> MessageDTO {
    var copy = self
    copy.text = other.text
    copy.status = other.status
    copy.model = other.model
    copy.finishReason = other.finishReason
    copy.promptTokens = other.promptTokens
    copy.completionTokens = other.completionTokens
    copy.reasoning = other.reasoning
    copy.errorCode = other.errorCode
    return copy
  }
}

/// Orders messages newest first by `(createdAt, id)`, the order of every message page.
func messagePageOrder(_ lhs: MessageDTO, _ rhs: MessageDTO) -> Bool {
  isNewer((lhs.createdAt, lhs.id), than: (rhs.createdAt, rhs.id))
}
