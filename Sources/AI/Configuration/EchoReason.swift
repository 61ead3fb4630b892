/// Why no provider was selected, so the echo model answers. A value, not a sentence, so the
/// app can say it in the interface language; `description` is the English for the log.
public enum EchoReason: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// `key` holds a placeholder, which reads as unset.
  case placeholder(key: String)
  /// `key` is set but is not an http or https URL.
  case notHTTPURL(key: String)
  /// None of `keys` (in the order Kiln consults them) is set.
  case nothingSet(keys: [String])
  /// Another reason, already in words: a preview, or a configuration that cannot be used.
  case other(String)

  /// A reason already in words.
  public init(stringLiteral value: String) {
    self = .other(value)
  }

  /// The reason in English, as the log records it.
  public var description: String {
    switch self {
    case .placeholder(let key): return "\(key) is a placeholder"
    case .notHTTPURL(let key): return "\(key) is not an http(s) URL"
    case .nothingSet(let keys):
      guard let last = keys.last, keys.count > 1 else { return "no \(keys.first ?? "key") is set" }
      return "no \(keys.dropLast().joined(separator: ", ")) or \(last) is set"
    case .other(let reason): return reason
    }
  }
}
