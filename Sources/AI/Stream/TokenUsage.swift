/// Token counts for one reply, as the provider (or an estimate) reports them.
public struct TokenUsage: Sendable, Equatable, Hashable {
  /// Tokens in the messages sent.
  public var promptTokens: Int
  /// Tokens in the reply.
  public var completionTokens: Int
  /// Both together, as the provider reported it (their sum when it sent none).
  public var totalTokens: Int

  /// Usage with the given counts; `totalTokens` defaults to the sum of the two.
  public init(promptTokens: Int, completionTokens: Int, totalTokens: Int? = nil) {
    self.promptTokens = promptTokens
    self.completionTokens = completionTokens
    self.totalTokens = totalTokens ?? promptTokens + completionTokens
  }
}
