/// What VoiceOver says about an element: a short label, an optional hint describing the
/// result of activating it, and its traits.
public struct A11yLabel: Hashable, Sendable {
  /// Names the element ("Send message").
  public let label: String
  /// Says what activating it does ("Double tap to send your message"), when that is not
  /// obvious.
  public let hint: String?
  /// What the element is.
  public let traits: A11yTraits

  /// Creates a label.
  public init(label: String, hint: String? = nil, traits: A11yTraits = []) {
    self.label = label
    self.hint = hint
    self.traits = traits
  }
}
