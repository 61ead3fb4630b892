/// Why the model stopped, as the chat-completions `finish_reason` string.
///
/// An open set: providers add their own values, which are kept as they are.
public struct FinishReason: RawRepresentable, Hashable, Sendable, Codable,
  ExpressibleByStringLiteral, CustomStringConvertible
{
  /// The reason string as received.
  public let rawValue: String

  /// A reason from its wire string.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// A reason from a string literal.
  public init(stringLiteral value: String) { self.rawValue = value }

  /// The text itself.
  public var description: String { rawValue }

  /// The reply ended naturally or at a stop sequence.
  public static let stop: FinishReason = "stop"
  /// The reply reached the token limit and is cut short.
  public static let length: FinishReason = "length"
  /// The model asked for tool calls.
  public static let toolCalls: FinishReason = "tool_calls"
  /// The provider's content filter removed or stopped the reply.
  public static let contentFilter: FinishReason = "content_filter"
  /// The legacy form of `toolCalls`.
  public static let functionCall: FinishReason = "function_call"
  /// The provider failed mid-stream (OpenRouter sends it beside an `error` object).
  public static let error: FinishReason = "error"
}
