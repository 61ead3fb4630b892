import Storage

/// The usage meter of one conversation: tokens spent and the models that answered.
///
/// It counts every stored reply of the conversation, earlier versions (regenerated or
/// edited branches) included, because each of them was paid for. Replies whose provider
/// reported no usage add nothing to the token counts.
public struct ConversationUsage: Sendable, Equatable {
  /// Prompt tokens of every reply.
  public var promptTokens = 0
  /// Completion tokens of every reply.
  public var completionTokens = 0
  /// Replies that reported usage.
  public var meteredReplies = 0
  /// The models that answered, in the order they first did.
  public var models: [String] = []
  /// The model of the newest reply that named one.
  public var lastModel: String?

  /// An empty meter.
  public init() {}

  /// The meter for `messages` (oldest first).
  public init(messages: [MessageDTO]) {
    for message in messages { add(message) }
  }

  /// Prompt plus completion tokens.
  public var totalTokens: Int { promptTokens + completionTokens }

  /// Counts one more message (only replies change the meter).
  public mutating func add(_ message: MessageDTO) {
    guard message.role == .assistant else { return }
    if message.promptTokens != nil || message.completionTokens != nil {
      promptTokens += message.promptTokens ?? 0
      completionTokens += message.completionTokens ?? 0
      meteredReplies += 1
    }
    if let model = message.model {
      if !models.contains(model) { models.append(model) }
      lastModel = model
    }
  }
}
