/// Chooses how much history fits a model's context budget.
///
/// History is dropped oldest first. The system prompt and the newest message (the user's
/// new turn) are always sent, even when they alone exceed the budget: sending less would
/// change what the user asked, and the provider's own error then says the message is too
/// long. What is kept is always a contiguous, newest suffix of the history, so the model
/// never sees a reply without the turn before it in the middle of the conversation. A kept
/// suffix that would begin with a message that cannot lead a conversation (an assistant or
/// tool message) drops that message too.
public enum ContextTrimmer {
  /// The range of `history` (oldest first, newest last) to send.
  /// - Parameters:
  ///   - history: the conversation, ending with the newest user message.
  ///   - systemTokens: the cost of the system prompt (0 when there is none).
  ///   - budget: the most tokens the prompt may use.
  ///   - tokens: the cost of one message, framing included.
  ///   - canLead: whether a message may be the first one sent after the system prompt.
  /// - Returns: `start..<history.count`; empty only when `history` is empty.
  public static func keptRange<Message>(
    of history: [Message], systemTokens: Int, budget: Int,
    tokens: (Message) -> Int, canLead: (Message) -> Bool = { _ in true }
  ) -> Range<Int> {
    guard let newest = history.indices.last else { return 0..<0 }
    var used = systemTokens + tokens(history[newest])
    var start = newest
    while start > 0 {
      let cost = tokens(history[start - 1])
      if used + cost > budget { break }
      used += cost
      start -= 1
    }
    while start < newest, !canLead(history[start]) {
      start += 1
    }
    return start..<history.count
  }
}
