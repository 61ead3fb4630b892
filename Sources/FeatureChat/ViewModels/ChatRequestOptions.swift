/// Per-request sampling options (`kiln ask -o NAME VALUE`), each `nil` to leave the
/// configured or provider default.
public struct ChatRequestOptions: Sendable, Equatable {
  /// Sampling temperature, 0 to 2.
  public var temperature: Double?
  /// Nucleus sampling, 0 to 1.
  public var topP: Double?
  /// The most tokens the reply may use, at least 1.
  public var maxTokens: Int?

  /// Options with every part given (all `nil` by default).
  public init(temperature: Double? = nil, topP: Double? = nil, maxTokens: Int? = nil) {
    self.temperature = temperature
    self.topP = topP
    self.maxTokens = maxTokens
  }

  /// The names `set(_:to:)` accepts, as OpenAI spells them.
  public static let names = ["temperature", "top_p", "max_tokens"]

  /// Why an option could not be set; the message says what would be accepted.
  public struct Mistake: Error, Equatable, Sendable {
    /// A sentence naming the option and its allowed values.
    public var message: String
  }

  /// Sets the option `name` from its text `value`.
  /// - Throws: `Mistake` for an unknown name or a value out of range.
  public mutating func set(_ name: String, to value: String) throws(Mistake) {
    switch name {
    case "temperature":
      temperature = try Self.number(value, named: name, in: 0...2)
    case "top_p":
      topP = try Self.number(value, named: name, in: 0...1)
    case "max_tokens":
      guard let count = Int(value), count >= 1 else {
        throw Mistake(message: "max_tokens must be a whole number of at least 1, not '\(value)'.")
      }
      maxTokens = count
    default:
      throw Mistake(
        message: "unknown option '\(name)'; options: \(Self.names.joined(separator: ", ")).")
    }
  }

  private static func number(
    _ text: String, named name: String, in range: ClosedRange<Double>
  ) throws(Mistake) -> Double {
    guard let value = Double(text), value.isFinite, range.contains(value) else {
      let bounds = "\(range.lowerBound.formatted0()) to \(range.upperBound.formatted0())"
      throw Mistake(message: "\(name) must be a number from \(bounds), not '\(text)'.")
    }
    return value
  }
}

extension Double {
  /// `2` rather than `2.0` for whole numbers.
  fileprivate func formatted0() -> String {
    rounded() == self ? String(Int(self)) : String(self)
  }
}
