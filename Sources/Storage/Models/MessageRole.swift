/// Who wrote a message. An open set: a value Storage does not know is kept as it is.
public struct MessageRole: RawRepresentable, Hashable, Sendable, Codable,
  ExpressibleByStringLiteral, CustomStringConvertible
{
  /// The stored string, e.g. `assistant`.
  public let rawValue: String

  /// A role from its stored string.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// A role from a literal, e.g. `"developer"`.
  public init(stringLiteral value: String) { self.rawValue = value }

  /// The raw value.
  public var description: String { rawValue }

  /// The person using the app.
  public static let user: Self = "user"
  /// The model's reply.
  public static let assistant: Self = "assistant"
  /// Instructions for the model (a persona's system prompt).
  public static let system: Self = "system"
  /// The result of a tool call.
  public static let tool: Self = "tool"

  /// Decodes a bare string.
  /// - Throws: `DecodingError` when the value is not a string.
  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  /// Encodes a bare string.
  /// - Throws: `EncodingError` from the encoder.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

/// Where a message is in its life.
public enum MessageStatus: String, Sendable, Codable, CaseIterable {
  /// The user's message is on its way to the model.
  case sending
  /// The reply is arriving and its text grows.
  case streaming
  /// Finished normally.
  case complete
  /// Failed; `MessageDTO.errorCode` says why when known.
  case failed
  /// Stopped by the user.
  case cancelled

  /// Whether the message may still change (`sending` or `streaming`).
  public var isInProgress: Bool { self == .sending || self == .streaming }
}
