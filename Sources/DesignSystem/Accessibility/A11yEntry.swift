/// One entry of the accessibility catalogue: which strings make its label and hint, its
/// traits, and the values for its `{placeholders}`. Resolve it with an `A11yCatalog`.
public struct A11yEntry: Hashable, Sendable {
  /// The key stem, e.g. `chat.sendButton`; the strings are `<key>.label` and `<key>.hint`.
  public let key: String
  /// Whether the entry has a hint string.
  public let hasHint: Bool
  /// The element's traits.
  public let traits: A11yTraits
  /// Values for the `{name}` placeholders of the strings.
  public let arguments: [String: String]

  /// Creates an entry.
  public init(
    _ key: String, hint hasHint: Bool = true, traits: A11yTraits = [],
    arguments: [String: String] = [:]
  ) {
    self.key = key
    self.hasHint = hasHint
    self.traits = traits
    self.arguments = arguments
  }

  /// The key of the label string.
  public var labelKey: String { key + ".label" }

  /// The key of the hint string, if the entry has one.
  public var hintKey: String? { hasHint ? key + ".hint" : nil }

  /// The string keys this entry uses.
  public var stringKeys: [String] { [labelKey] + (hintKey.map { [$0] } ?? []) }
}
