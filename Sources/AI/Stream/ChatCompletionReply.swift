/// A reply built from stream events: what FeatureChat persists for an assistant message.
///
/// Apply every event in order; the parts received are kept whatever the outcome, so a
/// stream that fails halfway leaves its partial content here beside the error.
public struct ChatCompletionReply: Sendable, Equatable {
  /// The reply text so far.
  public var content = ""
  /// The model's reasoning text so far.
  public var reasoning = ""
  /// The tool calls the model made.
  public var toolCalls: [ToolCall] = []
  /// Token counts, when the provider reported them.
  public var usage: TokenUsage?
  /// The model that answered, when the provider named it.
  public var model: ModelID?
  /// What the response head said (free messages remaining).
  public var responseInfo: ChatResponseInfo?
  /// How the stream ended; `nil` while it is running.
  public var outcome: ChatCompletionOutcome?

  /// An empty reply.
  public init() {}

  /// The finish reason to store: the provider's for a completed reply, `.error` for a
  /// provider error, `nil` otherwise.
  public var finishReason: FinishReason? { outcome?.finishReason }

  /// Folds one event into the reply.
  public mutating func apply(_ event: ChatStreamEvent) {
    switch event {
    case .started(let info): responseInfo = info
    case .model(let id): model = id
    case .content(let text): content += text
    case .reasoning(let text): reasoning += text
    case .toolCalls(let calls): toolCalls = calls
    case .usage(let counts): usage = counts
    case .finished(let end): outcome = end
    }
  }
}
