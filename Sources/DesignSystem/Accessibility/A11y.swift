/// The catalogue of VoiceOver labels and hints, by area: `A11y.Chat.sendButton`,
/// `A11y.Payments.planOption(name:price:)`, … Each entry is resolved to words in one
/// language by an `A11yCatalog`:
///
/// ```swift
/// let catalog = try A11yCatalog.load(.spanish)
/// let send = catalog.label(for: A11y.Chat.sendButton)  // "Enviar mensaje"
/// ```
///
/// Features add their own entries in an extension, with their strings in `A11y.strings`.
public enum A11y {
  /// Every entry of every area (parameterized ones with sample values): the catalogue tests
  /// check each against the strings of every language and the audit rules.
  public static var allEntries: [A11yEntry] {
    Chat.all + Auth.all + Settings.all + Profile.all + Payments.all + Navigation.all
      + Common.all + Rating.all
  }
}
