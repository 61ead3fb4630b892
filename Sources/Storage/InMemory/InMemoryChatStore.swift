import Core
import Foundation

/// The in-memory twin of `SQLiteConversationRepository` and `SQLiteMessageRepository`, for
/// tests, previews and demo mode. It passes the same contract tests as the SQLite versions.
///
/// One actor implements both protocols because conversations and messages are one
/// aggregate: deleting a conversation deletes its messages, and a new message moves its
/// conversation's `updatedAt`. Pass the same store wherever either repository is needed.
public actor InMemoryChatStore: ConversationRepository, MessageRepository {
  struct StoredMessage {
    var message: MessageDTO
    /// Insertion order, like SQLite's rowid: the search window takes the newest.
    let sequence: Int
    /// The folded words of the text, for search.
    var words: [String]

    init(_ message: MessageDTO, sequence: Int) {
      self.message = message
      self.sequence = sequence
      self.words = MessageSearch.words(in: message.text).map(\.word)
    }
  }

  private let clock: AppClock
  private let uuid: UUIDGenerator
  var conversations: [UUID: ConversationDTO] = [:]
  var messages: [UUID: StoredMessage] = [:]
  private var nextSequence = 1

  /// An empty store that stamps new conversations with `clock` and `uuid`.
  public init(clock: AppClock, uuid: UUIDGenerator) {
    self.clock = clock
    self.uuid = uuid
  }

  func store(_ message: MessageDTO) {
    messages[message.id] = StoredMessage(message, sequence: nextSequence)
    nextSequence += 1
  }

  func messages(in conversationID: UUID) -> [MessageDTO] {
    messages.values.map(\.message).filter { $0.conversationID == conversationID }
  }

  func requireMessage(_ id: UUID) throws -> MessageDTO {
    guard let stored = messages[id] else { throw StorageError.notFound("message") }
    return stored.message
  }

  /// Creates a conversation with a new id, `createdAt == updatedAt ==` now.
  public func create(
    title: String, personaName: String?, personaID: String?
  ) throws
    -> ConversationDTO
  {
    let now = StorageTime.normalized(clock.now())
    let conversation = ConversationDTO(
      id: uuid(), title: try Validation.title(title), personaName: personaName,
      personaID: personaID, createdAt: now, updatedAt: now)
    if conversations[conversation.id] != nil { throw StorageError.alreadyExists("conversation") }
    conversations[conversation.id] = conversation
    return conversation
  }

  /// The conversation with `id`, or `nil`.
  public func get(id: UUID) -> ConversationDTO? {
    conversations[id]
  }

  /// Changes the title and moves `updatedAt` to now.
  /// - Throws: `StorageError.notFound`, `.invalidInput` for a blank title.
  public func rename(id: UUID, title: String) throws {
    let title = try Validation.title(title)
    guard var conversation = conversations[id] else { throw StorageError.notFound("conversation") }
    conversation.title = title
    conversation.updatedAt = StorageTime.normalized(clock.now())
    conversations[id] = conversation
  }

  /// Deletes a memory; a missing id does nothing.
  public func delete(id: UUID) {
    conversations[id] = nil
    messages = messages.filter { $0.value.message.conversationID != id }
  }

  /// Every memory, newest first.
  public func list(
    limit: Int, after: ConversationCursor?, includeArchived: Bool
  ) throws
    -> [ConversationDTO]
  {
    try Validation.limit(limit)
    let listed = conversations.values
      .filter { includeArchived || !$0.isArchived }
      .filter { after?.precedes($0) ?? true }
      .sorted(by: conversationListOrder)
    return Array(listed.prefix(limit))
  }

  /// Conversations whose title or persona name contains `text`, ignoring case and diacritics,
  /// archived ones included, in list order.
  /// - Throws: `StorageError.invalidInput` for a limit below 1; `StorageError` on failure.
  public func search(_ text: String, limit: Int) throws -> [ConversationDTO] {
    try Validation.limit(limit)
    let needle = TextFolding.fold(TextFolding.trimmed(text))
    if needle.isEmpty { return try list(limit: limit, after: nil, includeArchived: false) }
    let found = conversations.values.filter { conversation in
      TextFolding.fold(conversation.title).contains(needle)
        || conversation.personaName.map { TextFolding.fold($0).contains(needle) } ?? false
    }
    return Array(found.sorted(by: conversationListOrder).prefix(limit))
  }

  /// Pins or unpins; `updatedAt` does not change.
  /// - Throws: `StorageError.notFound`.
  public func setPinned(id: UUID, _ isPinned: Bool) throws {
    guard conversations[id] != nil else { throw StorageError.notFound("conversation") }
    conversations[id]?.isPinned = isPinned
  }

  /// Archives or restores; `updatedAt` does not change.
  /// - Throws: `StorageError.notFound`.
  public func setArchived(id: UUID, _ isArchived: Bool) throws {
    guard conversations[id] != nil else { throw StorageError.notFound("conversation") }
    conversations[id]?.isArchived = isArchived
  }

  /// Stores conversations with their messages exactly as given (ids, dates, branches), all
  /// in one step: every bundle or none.
  /// - Throws: `StorageError.alreadyExists` when a conversation or message id exists;
  ///   `.invalidInput` when a message names another conversation.
  public func insert(_ bundles: [ConversationBundle]) throws {
    var newConversations: Set<UUID> = []
    for bundle in bundles {
      try Validation.belong(bundle.messages, to: bundle.conversation.id)
      if conversations[bundle.conversation.id] != nil
        || !newConversations.insert(bundle.conversation.id).inserted
      {
        throw StorageError.alreadyExists("conversation")
      }
    }
    try checkUnique(bundles.flatMap(\.messages))
    for bundle in bundles {
      conversations[bundle.conversation.id] = bundle.conversation.normalized
      for message in bundle.messages { store(message.normalized) }
    }
  }

  /// Like `insert(_:messages:)`, but first deletes a stored conversation with the same id and its
  /// messages, all in one step: either the old or the new version remains.
  /// - Throws: `StorageError.alreadyExists` when a message id belongs to another conversation;
  ///   `.invalidInput` when a message names another conversation.
  public func replace(_ conversation: ConversationDTO, messages newMessages: [MessageDTO]) throws {
    try Validation.belong(newMessages, to: conversation.id)
    let others = messages.filter { $0.value.message.conversationID != conversation.id }
    var seen: Set<UUID> = []
    for message in newMessages where others[message.id] != nil || !seen.insert(message.id).inserted
    {
      throw StorageError.alreadyExists("message")
    }
    delete(id: conversation.id)
    conversations[conversation.id] = conversation.normalized
    for message in newMessages { store(message.normalized) }
  }

  /// Throws when a message id is already stored or repeats within `batch`.
  func checkUnique(_ batch: [MessageDTO]) throws {
    var seen: Set<UUID> = []
    for message in batch where messages[message.id] != nil || !seen.insert(message.id).inserted {
      throw StorageError.alreadyExists("message")
    }
  }
}
