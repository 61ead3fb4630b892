/// A model identifier as a provider names it, for example `openai/gpt-4o-mini` on OpenRouter
/// or `llama3.2` on Ollama.
///
/// An open set: any string is a valid id; the constants are the catalogue's defaults.
public struct ModelID: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The identifier sent on the wire.
  public let rawValue: String

  /// A model id from its wire string.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// A model id from a string literal.
  public init(stringLiteral value: String) { self.rawValue = value }
  /// A model id from a string.
  public init(_ value: String) { self.rawValue = value }

  /// The text itself.
  public var description: String { rawValue }

  /// OpenAI's GPT-3.5 Turbo through OpenRouter: the seed proxy's default model.
  public static let gpt35Turbo: ModelID = "openai/gpt-3.5-turbo"
  /// OpenAI's GPT-4o mini through OpenRouter.
  public static let gpt4oMini: ModelID = "openai/gpt-4o-mini"
  /// The model name the echo client reports.
  public static let echo: ModelID = "echo"
}
