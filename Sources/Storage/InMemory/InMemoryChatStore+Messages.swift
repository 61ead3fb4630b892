import Foundation

extension InMemoryChatStore {
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

  public func update(_ message: MessageDTO) throws {
    guard let stored = messages[message.id] else { throw StorageError.notFound("message") }
    let updated = stored.message.updatingContent(from: message)
    messages[message.id]?.message = updated
    messages[message.id]?.words = MessageSearch.words(in: updated.text).map(\.word)
  }

  public func message(id: UUID) -> MessageDTO? {
    messages[id]?.message
  }

  public func deleteMessage(id: UUID) {
    deleteMessages(ids: [id])
  }

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

  public func deleteMessages(ids: [UUID]) {
    for id in ids {
      guard let deleted = messages.removeValue(forKey: id)?.message else { continue }
      for (childID, child) in messages where child.message.parentID == id {
        messages[childID]?.message.parentID = deleted.parentID
      }
    }
  }

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

  public func count(conversationID: UUID) -> Int {
    messages(in: conversationID).filter(\.isOnActivePath).count
  }

  public func allMessages(conversationID: UUID) -> [MessageDTO] {
    messages(in: conversationID).sorted(by: messagePageOrder).reversed()
  }

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
