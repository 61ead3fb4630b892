/// One thing that happened in a streamed reply, in the order the provider sent it.
///
/// Every stream ends with exactly one `.finished` event (unless the consumer stops reading
/// first); the events before it are kept whatever the outcome, so partial content survives
/// a failed stream. The two rare, large cases are `indirect`, so an event that carries a
/// token is 32 bytes and a buffer of them stays small.
public enum ChatStreamEvent: Sendable, Equatable {
  /// The server accepted the request and the reply is starting; carries what the response
  /// head said (free messages remaining, generation id).
  indirect case started(ChatResponseInfo)
  /// The model that is answering, when the provider named it (sent once, and again only
  /// if it changes).
  case model(ModelID)
  /// The next piece of the reply's text.
  case content(String)
  /// The next piece of the model's reasoning (from `reasoning` or `reasoning_content`).
  case reasoning(String)
  /// The complete tool calls of the reply, sent once the provider finished them.
  case toolCalls([ToolCall])
  /// Token counts for the reply.
  case usage(TokenUsage)
  /// The end of the stream: how it ended. Always the last event.
  indirect case finished(ChatCompletionOutcome)
}

/// What a response head told the client before the reply began.
public struct ChatResponseInfo: Sendable, Equatable {
  /// How many free messages the user has left, from the proxy's
  /// `X-Free-Messages-Remaining` header; `nil` when the server sent none (subscribers,
  /// direct providers).
  public var freeMessagesRemaining: Int?
  /// The provider's id for this generation (OpenRouter's `X-Generation-Id`), for looking up
  /// its cost later.
  public var generationID: String?
  /// The server's request id (`X-Request-ID`), for support.
  public var requestID: String?

  /// Info with the given parts.
  public init(
    freeMessagesRemaining: Int? = nil, generationID: String? = nil, requestID: String? = nil
  ) {
    self.freeMessagesRemaining = freeMessagesRemaining
    self.generationID = generationID
    self.requestID = requestID
  }
}
