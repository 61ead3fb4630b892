/// The seed's one-method client: the text of a reply, chunk by chunk.
///
/// ```swift
/// for try await chunk in client.streamResponse(messages: history) { text += chunk }
/// ```
/// Cancel the consuming task to stop generating. Every Kiln client also offers the richer
/// `ChatCompletionStreaming` API (model, usage, finish reason, tool calls, free-tier info),
/// from which this conformance is derived.
public protocol LLMClient: Sendable {
  /// The reply to `messages` as text chunks; throws an `AppError` when it fails.
  func streamResponse(messages: [LLMMessage]) -> AsyncThrowingStream<String, any Error>
}

extension LLMClient where Self: ChatCompletionStreaming {
  /// The reply with the client's default model and temperature.
  public func streamResponse(messages: [LLMMessage]) -> AsyncThrowingStream<String, any Error> {
    streamResponse(ChatCompletionRequest(messages: messages))
  }
}
