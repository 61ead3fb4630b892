/// Everything a client needs to ask for one streamed reply.
///
/// Each client sends the parts its wire contract has: a direct provider gets the messages
/// (system prompt included), model, temperature, token limit, tools and
/// `stream_options.include_usage`; Kiln's proxy gets the non-system messages, model,
/// temperature, persona id and memories only, and applies its own prompt and limits.
public struct ChatCompletionRequest: Sendable, Equatable {
  /// The conversation, oldest first.
  public var messages: [LLMMessage]
  /// The model to ask; `nil` uses the client's configured model (or the proxy's default).
  public var model: ModelID?
  /// Sampling temperature; `nil` leaves the provider's default.
  public var temperature: Double?
  /// Nucleus sampling (`top_p`); `nil` leaves the provider's default. The proxy contract
  /// carries no such field.
  public var topP: Double?
  /// The most tokens the reply may use (`max_tokens`); `nil` leaves the provider's default.
  /// The proxy sets its own limit and does not receive this.
  public var maxTokens: Int?
  /// The persona whose prompt the proxy applies. Direct providers never see it: the app
  /// sends the persona's prompt to them as a `system` message instead.
  public var personaID: String?
  /// Remembered facts, for Kiln's proxy, which places them in its own system prompt. Direct
  /// providers never see this field: the app has already written the facts into the
  /// `system` message it sends them.
  public var memories: [String]
  /// Functions the model may call. The proxy contract carries none; the proxy client
  /// leaves them out.
  public var tools: [ChatTool]
  /// Whether to ask a direct provider for a final usage chunk
  /// (`stream_options: {"include_usage": true}`). Turn it off for providers that reject
  /// the field (Azure OpenAI did).
  public var includeUsage: Bool

  /// A request for a reply to `messages`.
  public init(
    messages: [LLMMessage],
    model: ModelID? = nil,
    temperature: Double? = nil,
    topP: Double? = nil,
    maxTokens: Int? = nil,
    personaID: String? = nil,
    memories: [String] = [],
    tools: [ChatTool] = [],
    includeUsage: Bool = true
  ) {
    self.messages = messages
    self.model = model
    self.temperature = temperature
    self.topP = topP
    self.maxTokens = maxTokens
    self.personaID = personaID
    self.memories = memories
    self.tools = tools
    self.includeUsage = includeUsage
  }
}

/// A function the model may call, described by a JSON Schema of its parameters.
public struct ChatTool: Sendable, Equatable {
  /// The function name the model will use in its call.
  public var name: String
  /// What the function does, for the model.
  public var description: String?
  /// A JSON Schema object describing the arguments.
  public var parameters: JSONValue

  /// A function tool.
  public init(name: String, description: String? = nil, parameters: JSONValue = .object([:])) {
    self.name = name
    self.description = description
    self.parameters = parameters
  }
}
