import Foundation

/// Kiln's conversation archive, version 2: a lossless JSON copy of conversations with every
/// message of every branch, in the style of every `--json` output (snake_case keys,
/// lower-case ids).
///
/// ```json
/// {
///   "format": "kiln.chat-archive",
///   "version": 2,
///   "exported_at": "2026-06-01T12:00:00.000Z",
///   "conversations": [{
///     "id": "…", "title": "…", "persona_name": "…", "persona_id": "…",
///     "created_at": "…", "updated_at": "…", "is_pinned": false, "is_archived": false,
///     "messages": [{
///       "id": "…", "parent_id": "…", "role": "assistant", "text": "…",
///       "created_at": "…", "status": "complete", "model": "…", "finish_reason": "stop",
///       "prompt_tokens": 12, "completion_tokens": 40, "reasoning": "…",
///       "error_code": "…", "is_on_active_path": true
///     }]
///   }]
/// }
/// ```
///
/// Version 1, which earlier builds wrote, has the same members in camelCase (`exportedAt`,
/// `personaID`, `isOnActivePath`) and upper-case ids; it is still read.
///
/// Dates are ISO 8601 in UTC with milliseconds, the precision Storage keeps. Keys whose
/// value is absent (`personaName`, `parentID`, `model`, …) are left out. Messages are listed
/// oldest first. A reader rejects a newer `version` instead of guessing.
public struct ChatArchive: Sendable, Equatable, Codable {
  /// The value of `format`.
  public static let formatName = "kiln.chat-archive"
  /// The version this build writes and the newest it reads.
  public static let currentVersion = 2

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

// Ids are written in lower case, as every other JSON output of Kiln writes them; reading
// accepts either case (`UUID(uuidString:)`).
extension ChatArchive.Conversation {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id.uuidString.lowercased(), forKey: .id)
    try container.encode(title, forKey: .title)
    try container.encodeIfPresent(personaName, forKey: .personaName)
    try container.encodeIfPresent(personaID, forKey: .personaID)
    try container.encode(createdAt, forKey: .createdAt)
    try container.encode(updatedAt, forKey: .updatedAt)
    try container.encode(isPinned, forKey: .isPinned)
    try container.encode(isArchived, forKey: .isArchived)
    try container.encode(messages, forKey: .messages)
  }
}

extension ChatArchive.Message {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id.uuidString.lowercased(), forKey: .id)
    try container.encodeIfPresent(parentID?.uuidString.lowercased(), forKey: .parentID)
    try container.encode(role, forKey: .role)
    try container.encode(text, forKey: .text)
    try container.encode(createdAt, forKey: .createdAt)
    try container.encode(status, forKey: .status)
    try container.encodeIfPresent(model, forKey: .model)
    try container.encodeIfPresent(finishReason, forKey: .finishReason)
    try container.encodeIfPresent(promptTokens, forKey: .promptTokens)
    try container.encodeIfPresent(completionTokens, forKey: .completionTokens)
    try container.encodeIfPresent(reasoning, forKey: .reasoning)
    try container.encodeIfPresent(errorCode, forKey: .errorCode)
    try container.encode(isOnActivePath, forKey: .isOnActivePath)
  }
}
