import Storage

/// What a conversation reads and writes: its stored form, its messages and the remembered
/// facts its requests carry. Every conversation of the app shares one set.
public struct ChatRepositories: Sendable {
  /// Conversations (titles, personas, pins).
  public var conversations: any ConversationRepository
  /// Messages of every conversation.
  public var messages: any MessageRepository
  /// Remembered facts.
  public var memories: any MemoryRepository

  /// Repositories with the given parts.
  public init(
    conversations: any ConversationRepository, messages: any MessageRepository,
    memories: any MemoryRepository
  ) {
    self.conversations = conversations
    self.messages = messages
    self.memories = memories
  }
}
