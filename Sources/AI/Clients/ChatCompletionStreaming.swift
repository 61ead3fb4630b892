/// A client that streams chat completions as typed events: what FeatureChat uses.
///
/// `OpenAICompatibleClient`, `ProxyLLMClient` and `EchoLLMClient` implement it, and each is
/// also an `LLMClient` through it.
public protocol ChatCompletionStreaming: Sendable {
  /// The events of the reply to `request`. Nothing is sent until the stream is iterated.
  func streamChatCompletion(_ request: ChatCompletionRequest) -> ChatCompletionStream
}

extension ChatCompletionStreaming {
  /// The reply's text chunks, for callers that want only text; the stream throws the
  /// outcome's `AppError` when the reply did not complete (`.cancelled` when the consumer
  /// cancelled). Cancelling the consuming task stops the transfer.
  public func streamResponse(
    messages: [LLMMessage], model: ModelID? = nil, temperature: Double? = nil
  ) -> AsyncThrowingStream<String, any Error> {
    streamResponse(
      ChatCompletionRequest(messages: messages, model: model, temperature: temperature))
  }

  /// The text chunks of the reply to `request`; see `streamResponse(messages:model:temperature:)`.
  public func streamResponse(
    _ request: ChatCompletionRequest
  ) -> AsyncThrowingStream<String, any Error> {
    let events = streamChatCompletion(request)
    return AsyncThrowingStream { continuation in
      let task = Task {
        for await event in events {
          switch event {
          case .content(let text):
            continuation.yield(text)
          case .finished(let outcome):
            continuation.finish(throwing: outcome.appError)
            return
          default:
            continue
          }
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}
