/// How many tokens a request may spend on context, by part.
public struct ContextBudget: Sendable, Equatable {
  /// The most tokens the whole prompt (system prompt, memories and history) may use.
  /// 8,000 leaves room for a reply in the smallest common window (16k for
  /// `openai/gpt-3.5-turbo`); raise it for larger models.
  public var promptTokens: Int
  /// The most tokens the remembered facts may add to the system prompt.
  public var memoryTokens: Int

  /// A budget; the defaults are 8,000 prompt tokens and 500 memory tokens.
  public init(promptTokens: Int = 8_000, memoryTokens: Int = 500) {
    self.promptTokens = promptTokens
    self.memoryTokens = memoryTokens
  }

  /// The budget used after a provider said the context was too long: half the prompt
  /// budget, never below `floor`.
  func halved(floor: Int = 256) -> ContextBudget {
    ContextBudget(promptTokens: max(floor, promptTokens / 2), memoryTokens: memoryTokens)
  }
}
