import Foundation

/// Kiln's conversation archive, version 1: a lossless JSON copy of conversations with every
/// message of every branch.
///
/// ```json
/// {
///   "format": "kiln.chat-archive",
///   "version": 1,
///   "exportedAt": "2026-06-01T12:00:00.000Z",
///   "conversations": [{
///     "id": "…", "title": "…", "personaName": "…", "personaID": "…",
///     "createdAt": "…", "updatedAt": "…", "isPinned": false, "isArchived": false,
///     "messages": [{
///       "id": "…", "parentID": "…", "role": "assistant", "text": "…",
///       "createdAt": "…", "status": "complete", "model": "…", "finishReason": "stop",
///       "promptTokens": 12, "completionTokens": 40, "reasoning": "…",
///       "errorCode": "…", "isOnActivePath": true
///     }]
///   }]
/// }
/// ```
///
/// Dates are ISO 8601 in UTC with milliseconds, the precision Storage keeps. Keys whose
/// value is absent (`personaName`, `parentID`, `model`, …) are left out. Messages are listed
/// oldest first. A reader rejects a newer `version` instead of guessing.
public struct ChatArchive: Sendable, Equatable, Codable {
  /// The value of `format`.
  public static let formatName = "kiln.chat-archive"
  /// The version this build writes and the newest it reads.
  public static let currentVersion = 1

  /// Always `kiln.chat-archive`.
  public var format: String
  /// The format version.
  public var version: Int
  /// When the archive was made.
  public var exportedAt: Date
  /// The conversations, in list order.
  public var conversations: [Conversation]

  /// A conversation with all of its messages.
  public struct Conversation: Sendable, Equatable, Codable {
    /// The conversation.
    public var id: UUID
    /// Its title.
    public var title: String
    /// Its persona's display name.
    public var personaName: String?
    /// Its persona's id.
    public var personaID: String?
    /// When it was created.
    public var createdAt: Date
    /// When it last changed.
    public var updatedAt: Date
    /// Whether it is pinned.
    public var isPinned: Bool
    /// Whether it is archived.
    public var isArchived: Bool
    /// Every message, all branches, oldest first.
    public var messages: [Message]
  }

  /// A message; its conversation is the one that contains it.
  public struct Message: Sendable, Equatable, Codable {
    /// The message id.
    public var id: UUID
    /// The message it follows, if any.
    public var parentID: UUID?
    /// Who wrote it.
    public var role: MessageRole
    /// The text.
    public var text: String
    /// When it was created.
    public var createdAt: Date
    /// Its status.
    public var status: MessageStatus
    /// The model that answered.
    public var model: String?
    /// Why the model stopped.
    public var finishReason: String?
    /// Prompt tokens reported.
    public var promptTokens: Int?
    /// Completion tokens reported.
    public var completionTokens: Int?
    /// Reasoning text.
    public var reasoning: String?
    /// The failure code.
    public var errorCode: String?
    /// Whether it is on the active path.
    public var isOnActivePath: Bool
  }
}

extension ChatArchive.Conversation {
  init(_ conversation: ConversationDTO, messages: [MessageDTO]) {
    self.init(
      id: conversation.id, title: conversation.title, personaName: conversation.personaName,
      personaID: conversation.personaID, createdAt: conversation.createdAt,
      updatedAt: conversation.updatedAt, isPinned: conversation.isPinned,
      isArchived: conversation.isArchived, messages: messages.map(ChatArchive.Message.init))
  }

  var dto: ConversationDTO {
    ConversationDTO(
      id: id, title: title, personaName: personaName, personaID: personaID,
      createdAt: createdAt, updatedAt: updatedAt, isPinned: isPinned, isArchived: isArchived)
  }

  var messageDTOs: [MessageDTO] { messages.map { $0.dto(conversationID: id) } }
}

extension ChatArchive.Message {
  init(_ message: MessageDTO) {
    self.init(
      id: message.id, parentID: message.parentID, role: message.role, text: message.text,
      createdAt: message.createdAt, status: message.status, model: message.model,
      finishReason: message.finishReason, promptTokens: message.promptTokens,
      completionTokens: message.completionTokens, reasoning: message.reasoning,
      errorCode: message.errorCode, isOnActivePath: message.isOnActivePath)
  }

  func dto(conversationID: UUID) -> MessageDTO {
    MessageDTO(
      id: id, conversationID: conversationID, parentID: parentID, role: role, text: text,
      createdAt: createdAt, status: status, model: model, finishReason: finishReason,
      promptTokens: promptTokens, completionTokens: completionTokens, reasoning: reasoning,
      errorCode: errorCode, isOnActivePath: isOnActivePath)
  }
}
