import Foundation

extension SQLiteMessageRepository {
  /// Adds `messages` as a chain after `expectedTail`, in one `BEGIN IMMEDIATE` transaction
  /// that first checks the active path still ends there; see
  /// `MessageRepository.append(chain:after:)`.
  /// - Throws: `StorageError.conflict`, `.notFound`, `.alreadyExists`.
  public func append(
    chain messages: [MessageDTO], after expectedTail: UUID?
  ) async throws
    -> [MessageDTO]
  {
    let chain = MessageChain.link(messages, after: expectedTail)
    guard let first = chain.first else { return [] }
    return try await database.write { connection in
      let tail = try connection.first(MessageSQL.activeTailStatus, first.conversationID) {
        (id: try $0.uuid(0), status: $0.string(1))
      }
      try MessageChain.check(
        tail: tail.map { ($0.id, MessageStatus(rawValue: $0.status)) }, expected: expectedTail)
      for message in chain {
        try MessageSQL.bump(message.conversationID, to: message.createdAt, in: connection)
        try MessageSQL.insert(message, into: connection)
      }
      return chain
    }
  }
}

/// The rules `append(chain:after:)` shares between both repositories.
enum MessageChain {
  /// `messages` normalized, on the active path, each the child of the one before and the
  /// first the child of `tail`.
  static func link(_ messages: [MessageDTO], after tail: UUID?) -> [MessageDTO] {
    var parent = tail
    return messages.map { message in
      var stored = message.normalized
      stored.isOnActivePath = true
      stored.parentID = parent
      parent = stored.id
      return stored
    }
  }

  /// Throws `StorageError.conflict` unless the active path ends at `expected` with a
  /// message that is not a reply still being written.
  static func check(tail: (id: UUID, status: MessageStatus?)?, expected: UUID?) throws {
    guard tail?.id == expected else {
      throw StorageError.conflict(
        "This conversation changed while the message was being sent (another Kiln added to "
          + "it). Nothing was stored; look at it again and resend.")
    }
    if tail?.status == .streaming {
      throw StorageError.conflict(
        "A reply in this conversation is still being written (by another Kiln). Nothing was "
          + "stored; send the message again when that reply ends.")
    }
  }
}
