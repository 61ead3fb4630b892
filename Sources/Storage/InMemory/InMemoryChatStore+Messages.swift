import Foundation

extension InMemoryChatStore {
  /// Adds a message at the end of the active path and moves the conversation's `updatedAt` forward
  /// to the message's `createdAt`.
  /// - Throws: `StorageError.notFound` for an unknown conversation or parent, `.alreadyExists`
  ///   for a duplicate id.
  public func append(_ message: MessageDTO) throws -> MessageDTO {
    var stored = message.normalized
    stored.isOnActivePath = true
    guard conversations[stored.conversationID] != nil else {
      throw StorageError.notFound("conversation")
    }
    if let parentID = stored.parentID {
      guard messages[parentID]?.message.conversationID == stored.conversationID else {
        throw StorageError.notFound("parent message")
      }
    } else {
      stored.parentID =
        messages(in: stored.conversationID)
        .filter(\.isOnActivePath).min(by: messagePageOrder)?.id
    }
    try checkUnique([stored])
    store(stored)
    bump(stored.conversationID, to: stored.createdAt)
    return stored
  }

  /// Adds `messages` as a chain after `expectedTail` when the active path still ends there;
  /// see `MessageRepository.append(chain:after:)`.
  /// - Throws: `StorageError.conflict`, `.notFound`, `.alreadyExists`.
  public func append(
    chain messages: [MessageDTO], after expectedTail: UUID?
  ) throws
    -> [MessageDTO]
  {
    let chain = MessageChain.link(messages, after: expectedTail)
    guard let first = chain.first else { return [] }
    guard conversations[first.conversationID] != nil else {
      throw StorageError.notFound("conversation")
    }
    let tail = self.messages(in: first.conversationID).filter(\.isOnActivePath)
      .min(by: messagePageOrder)
    try MessageChain.check(tail: tail.map { ($0.id, $0.status) }, expected: expectedTail)
    try checkUnique(chain)
    for message in chain {
      store(message)
      bump(message.conversationID, to: message.createdAt)
    }
    return chain
  }

  /// Replaces the content of a stored message: text, status, model, finish reason, token counts,
  /// reasoning and error code.
  /// - Throws: `StorageError.notFound`.
  public func update(_ message: MessageDTO) throws {
    guard let stored = messages[message.id] else { throw StorageError.notFound("message") }
    let updated = stored.message.updatingContent(from: message)
    messages[message.id]?.message = updated
    messages[message.id]?.words = MessageSearch.words(in: updated.text).map(\.word)
  }

  /// The message with `id`, or `nil`.
  public func message(id: UUID) -> MessageDTO? {
    messages[id]?.message
  }

  /// Deletes a message; its children move up to its parent so branches stay connected.
  public func deleteMessage(id: UUID) {
    deleteMessages(ids: [id])
  }

  /// Stores messages exactly as given (parents, path flags), all or nothing; moves each
  /// conversation's `updatedAt` forward to its newest message.
  /// - Throws: `StorageError.notFound` for an unknown conversation, `.alreadyExists`.
  public func insertMessages(_ newMessages: [MessageDTO]) throws {
    for message in newMessages where conversations[message.conversationID] == nil {
      throw StorageError.notFound("conversation")
    }
    try checkUnique(newMessages)
    for message in newMessages {
      store(message.normalized)
      bump(message.conversationID, to: StorageTime.normalized(message.createdAt))
    }
  }

  /// Deletes many messages at once, all or nothing; missing ids are ignored.
  public func deleteMessages(ids: [UUID]) {
    for id in ids {
      guard let deleted = messages.removeValue(forKey: id)?.message else { continue }
      for (childID, child) in messages where child.message.parentID == id {
        messages[childID]?.message.parentID = deleted.parentID
      }
    }
  }

  /// A newest-first page of the active path, strictly older than `before`.
  public func page(
    conversationID: UUID, before: MessageCursor?, limit: Int
  ) throws
    -> (items: [MessageDTO], next: MessageCursor?)
  {
    try Validation.limit(limit)
    let older = messages(in: conversationID)
      .filter { $0.isOnActivePath && (before?.precedes($0) ?? true) }
      .sorted(by: messagePageOrder)
    let items = Array(older.prefix(limit))
    return (items, older.count > limit ? items.last?.cursor : nil)
  }

  /// The number of messages on the active path.
  public func count(conversationID: UUID) -> Int {
    messages(in: conversationID).filter(\.isOnActivePath).count
  }

  /// Every message of the conversation, all branches, oldest first.
  public func allMessages(conversationID: UUID) -> [MessageDTO] {
    messages(in: conversationID).sorted(by: messagePageOrder).reversed()
  }

  /// Marks messages left `sending` or `streaming` by a previous run (a crash or a kill) as `failed`
  /// with error code `interrupted`; returns how many.
  public func markInterruptedMessages() -> Int {
    var changed = 0
    for (id, stored) in messages where stored.message.status.isInProgress {
      messages[id]?.message.status = .failed
      messages[id]?.message.errorCode = "interrupted"
      changed += 1
    }
    return changed
  }

  private func bump(_ conversationID: UUID, to date: Date) {
    guard let conversation = conversations[conversationID] else { return }
    conversations[conversationID]?.updatedAt = max(conversation.updatedAt, date)
  }
}
