/// The models the settings screen offers and the one used when the user picks none.
///
/// Plain values, so the settings feature needs nothing from the AI module: the app's
/// composition fills them from the AI model catalogue, and a model is its identifier as the
/// provider spells it (`openai/gpt-4o-mini`).
public struct ModelChoices: Sendable, Equatable {
  /// The models to list, in order.
  public var options: [ModelOption]
  /// The model used when none is picked; `nil` lets the server choose.
  public var defaultID: String?

  /// Choices of `options`, defaulting to `defaultID`.
  public init(options: [ModelOption], defaultID: String?) {
    self.options = options
    self.defaultID = defaultID
  }
}

/// One model the settings picker lists.
public struct ModelOption: Sendable, Equatable, Hashable, Identifiable {
  /// The identifier the provider knows it by.
  public var id: String
  /// The name to show; the identifier when none was given.
  public var displayName: String

  /// An option for `id`, shown as `displayName` (or the identifier).
  public init(id: String, displayName: String? = nil) {
    self.id = id
    self.displayName = displayName ?? id
  }
}
