/// A persona the settings screen offers, given by the composition root (FeatureSettings does
/// not depend on FeatureChat, which owns the persona catalogue).
public struct PersonaOption: Identifiable, Equatable, Hashable, Sendable {
  /// The stored persona id (what `SettingsDTO.selectedPersonaID` holds).
  public let id: String
  /// The name shown in the picker.
  public let name: String

  /// An option for the persona `id`, shown as `name`.
  public init(id: String, name: String) {
    self.id = id
    self.name = name
  }
}
