import Core
import Storage

/// What the account-deletion warning promises happens on this device once the account is
/// gone: every conversation (with its messages) and every memory is erased. Settings and
/// the free-tier counters stay: they describe the device, and keeping the counters stops
/// deletion from being a way to reset the free allowance.
public struct LocalUserDataEraser: Sendable {
  private let conversations: any ConversationRepository
  private let memories: any MemoryRepository
  private let logger: AppLogger

  /// An eraser of the conversations and memories these repositories hold.
  public init(
    conversations: any ConversationRepository, memories: any MemoryRepository,
    logger: AppLogger = .disabled
  ) {
    self.conversations = conversations
    self.memories = memories
    self.logger = logger
  }

  /// Erases every conversation and memory.
  /// - Returns: how many conversations and memories were erased.
  /// - Throws: the first storage failure; what was erased before it stays erased.
  @discardableResult
  public func erase() async throws -> (conversations: Int, memories: Int) {
    var conversationCount = 0
    while true {
      let page = try await conversations.list(limit: 200, after: nil, includeArchived: true)
      if page.isEmpty { break }
      for conversation in page { try await conversations.delete(id: conversation.id) }
      conversationCount += page.count
    }
    let stored = try await memories.list()
    for memory in stored { try await memories.delete(id: memory.id) }
    logger.notice(
      "Erased \(conversationCount) conversations and \(stored.count) memories after account deletion",
      category: .storage)
    return (conversationCount, stored.count)
  }
}
