import Foundation

/// A conversation as repositories return it.
public struct ConversationDTO: Identifiable, Sendable, Equatable, Hashable {
  /// The stable identifier.
  public var id: UUID
  /// The title shown in the history list.
  public var title: String
  /// The display name of the persona the conversation uses, if any.
  public var personaName: String?
  /// The identifier of that persona, if any.
  public var personaID: String?
  /// When the conversation was created (millisecond precision).
  public var createdAt: Date
  /// When it last changed: a new message or a rename moves it forward; pinning and
  /// archiving do not.
  public var updatedAt: Date
  /// Whether the user pinned it; pinned conversations list first.
  public var isPinned: Bool
  /// Whether the user archived it; archived conversations are left out of `list` unless
  /// asked for.
  public var isArchived: Bool

  /// A conversation value. Dates are rounded to the millisecond when stored.
  public init(
    id: UUID, title: String, personaName: String? = nil, personaID: String? = nil,
    createdAt: Date, updatedAt: Date, isPinned: Bool = false, isArchived: Bool = false
  ) {
    self.id = id
    self.title = title
    self.personaName = personaName
    self.personaID = personaID
    self.createdAt = createdAt
    self.updatedAt = updatedAt
    self.isPinned = isPinned
    self.isArchived = isArchived
  }

  /// The cursor that continues a list after this conversation.
  public var cursor: ConversationCursor { ConversationCursor(self) }

  /// A copy with both dates rounded to the millisecond, as Storage keeps them.
  var normalized: ConversationDTO {
    var copy = self
    copy.createdAt = StorageTime.normalized(createdAt)
    copy.updatedAt = StorageTime.normalized(updatedAt)
    return copy
  }
}

/// Where a conversation list continues: pinned first, then newest `updatedAt`, then id.
public struct ConversationCursor: Sendable, Equatable, Hashable, Codable {
  let isPinned: Bool
  let updatedAt: Date
  let id: UUID

  /// The cursor just after `conversation` in list order.
  public init(_ conversation: ConversationDTO) {
    isPinned = conversation.isPinned
    updatedAt = StorageTime.normalized(conversation.updatedAt)
    id = conversation.id
  }

  /// Whether `conversation` sorts after this cursor in list order.
  func precedes(_ conversation: ConversationDTO) -> Bool {
    if isPinned != conversation.isPinned { return isPinned }
    return isNewer((updatedAt, id), than: (conversation.updatedAt, conversation.id))
  }

  private enum CodingKeys: String, CodingKey {
    case isPinned = "pinned"
    case updatedAt = "updated_ms"
    case id
  }

  /// Decodes the stable JSON form `{"pinned":…,"updated_ms":…,"id":…}`.
  /// - Throws: `DecodingError` for any other shape.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    isPinned = try container.decode(Bool.self, forKey: .isPinned)
    updatedAt = StorageTime.date(
      milliseconds: try container.decode(Int64.self, forKey: .updatedAt))
    id = try container.decode(UUID.self, forKey: .id)
  }

  /// Encodes the stable JSON form.
  /// - Throws: `EncodingError` from the encoder.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(isPinned, forKey: .isPinned)
    try container.encode(StorageTime.milliseconds(updatedAt), forKey: .updatedAt)
    try container.encode(id, forKey: .id)
  }
}

/// Orders conversations as `list` returns them: pinned first, newest first, then id.
func conversationListOrder(_ lhs: ConversationDTO, _ rhs: ConversationDTO) -> Bool {
  if lhs.isPinned != rhs.isPinned { return lhs.isPinned }
  return isNewer((lhs.updatedAt, lhs.id), than: (rhs.updatedAt, rhs.id))
}

/// A conversation with its messages, as import, export and sync move them.
public struct ConversationBundle: Sendable, Equatable {
  /// The conversation.
  public var conversation: ConversationDTO
  /// Its messages, all branches.
  public var messages: [MessageDTO]

  /// A bundle.
  public init(conversation: ConversationDTO, messages: [MessageDTO]) {
    self.conversation = conversation
    self.messages = messages
  }
}
