/// One message of a conversation sent to a language model.
///
/// The seed's shape (`role` and `content`) plus what tool use needs: an assistant message
/// may carry the tool calls the model asked for, and a `tool` message answers one of them
/// by its `toolCallID`.
public struct LLMMessage: Sendable, Equatable, Hashable {
  /// Who wrote the message.
  public var role: Role
  /// The text of the message.
  public var content: String
  /// For a `tool` message: the id of the call it answers.
  public var toolCallID: String?
  /// For an `assistant` message: the tool calls the model made in it.
  public var toolCalls: [ToolCall]

  /// A message with `role` and `content`.
  public init(role: Role, content: String, toolCallID: String? = nil, toolCalls: [ToolCall] = []) {
    self.role = role
    self.content = content
    self.toolCallID = toolCallID
    self.toolCalls = toolCalls
  }

  /// A `system` message.
  public static func system(_ content: String) -> LLMMessage {
    LLMMessage(role: .system, content: content)
  }

  /// A `user` message.
  public static func user(_ content: String) -> LLMMessage {
    LLMMessage(role: .user, content: content)
  }

  /// An `assistant` message.
  public static func assistant(_ content: String, toolCalls: [ToolCall] = []) -> LLMMessage {
    LLMMessage(role: .assistant, content: content, toolCalls: toolCalls)
  }

  /// A `tool` message carrying the result of the call `toolCallID`.
  public static func tool(_ content: String, toolCallID: String) -> LLMMessage {
    LLMMessage(role: .tool, content: content, toolCallID: toolCallID)
  }
}

extension LLMMessage {
  /// The author of a message, as the OpenAI chat-completions `role` string.
  ///
  /// An open set: a role this build does not know is kept as it is, never rejected.
  public struct Role: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
  {
    /// The role string sent on the wire.
    public let rawValue: String

    /// A role from its wire string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A role from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The text itself.
    public var description: String { rawValue }

    /// Instructions that frame the conversation (a persona's prompt).
    public static let system: Role = "system"
    /// The person using the app.
    public static let user: Role = "user"
    /// The model.
    public static let assistant: Role = "assistant"
    /// The result of a tool call, answering an assistant's request.
    public static let tool: Role = "tool"
  }
}
