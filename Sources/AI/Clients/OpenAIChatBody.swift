import Foundation

/// The body of an OpenAI chat-completions request.
struct OpenAIChatBody: Encodable {
  /// Sorted keys, so the same request always gives the same bytes; slashes unescaped.
  static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  struct StreamOptions: Encodable {
    var includeUsage: Bool

    enum CodingKeys: String, CodingKey {
      case includeUsage = "include_usage"
    }
  }

  struct Message: Encodable {
    var message: LLMMessage

    enum CodingKeys: String, CodingKey {
      case role, content
      case toolCallID = "tool_call_id"
      case toolCalls = "tool_calls"
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(message.role.rawValue, forKey: .role)
      if message.content.isEmpty && !message.toolCalls.isEmpty {
        try container.encodeNil(forKey: .content)
      } else {
        try container.encode(message.content, forKey: .content)
      }
      try container.encodeIfPresent(message.toolCallID, forKey: .toolCallID)
      if !message.toolCalls.isEmpty {
        try container.encode(message.toolCalls.map(FunctionCall.init), forKey: .toolCalls)
      }
    }
  }

  /// A tool call in an assistant message, or a tool in `tools`.
  struct FunctionCall: Encodable {
    struct Function: Encodable {
      var name: String
      var arguments: String
    }

    var id: String
    var type = "function"
    var function: Function

    init(_ call: ToolCall) {
      id = call.id
      function = Function(name: call.name, arguments: call.arguments)
    }
  }

  struct Tool: Encodable {
    struct Function: Encodable {
      var name: String
      var description: String?
      var parameters: JSONValue
    }

    var type = "function"
    var function: Function

    init(_ tool: ChatTool) {
      function = Function(
        name: tool.name, description: tool.description, parameters: tool.parameters)
    }
  }

  var model: ModelID?
  var messages: [Message]
  var temperature: Double?
  var topP: Double?
  var maxTokens: Int?
  var tools: [Tool]?
  var stream: Bool
  var streamOptions: StreamOptions?

  enum CodingKeys: String, CodingKey {
    case model, messages, temperature, tools, stream
    case topP = "top_p"
    case maxTokens = "max_tokens"
    case streamOptions = "stream_options"
  }

  init(request: ChatCompletionRequest, model: ModelID?, stream: Bool) {
    self.model = model
    self.messages = request.messages.map(Message.init)
    self.temperature = request.temperature
    self.topP = request.topP
    self.maxTokens = request.maxTokens
    self.tools = request.tools.isEmpty ? nil : request.tools.map(Tool.init)
    self.stream = stream
    self.streamOptions = request.includeUsage ? StreamOptions(includeUsage: true) : nil
  }
}
