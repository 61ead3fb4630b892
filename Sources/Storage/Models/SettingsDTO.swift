import Core

/// The user's settings, loaded and saved as one value: load, copy with a change, save.
public struct SettingsDTO: Sendable, Equatable {
  /// The seed's name for the theme type; Kiln uses Core's `Theme`.
  public typealias Theme = Core.Theme

  /// How chat messages are laid out.
  public enum ChatUIStyle: String, Sendable, Codable, CaseIterable {
    /// Bubbles aligned left and right.
    case bubble
    /// A centered column, like a document.
    case centered
  }

  /// The selected look.
  public var theme: Theme
  /// Whether anonymous diagnostics may be shared.
  public var shareDiagnostics: Bool
  /// Whether notifications are on.
  public var notificationsEnabled: Bool
  /// Whether haptic feedback is on.
  public var hapticsEnabled: Bool
  /// Whether the app reduces animation beyond the system setting.
  public var reduceMotion: Bool
  /// The chat layout.
  public var chatUIStyle: ChatUIStyle
  /// The model id the user picked, or `nil` for the default.
  public var selectedModel: String?
  /// The persona id the user picked, or `nil` for none.
  public var selectedPersonaID: String?
  /// A language code the user picked for the app, or `nil` to follow the system.
  public var language: String?

  /// Settings with the given values; the defaults are what a new install starts with.
  public init(
    theme: Theme = .system, shareDiagnostics: Bool = false, notificationsEnabled: Bool = true,
    hapticsEnabled: Bool = true, reduceMotion: Bool = false, chatUIStyle: ChatUIStyle = .bubble,
    selectedModel: String? = nil, selectedPersonaID: String? = nil, language: String? = nil
  ) {
    self.theme = theme
    self.shareDiagnostics = shareDiagnostics
    self.notificationsEnabled = notificationsEnabled
    self.hapticsEnabled = hapticsEnabled
    self.reduceMotion = reduceMotion
    self.chatUIStyle = chatUIStyle
    self.selectedModel = selectedModel
    self.selectedPersonaID = selectedPersonaID
    self.language = language
  }

  /// What `load()` returns when nothing was saved.
  public static let defaults = SettingsDTO()
}

extension SettingsDTO: Codable {
  private enum CodingKeys: String, CodingKey {
    case theme, shareDiagnostics, notificationsEnabled, hapticsEnabled, reduceMotion
    case chatUIStyle, selectedModel, selectedPersonaID, language
  }

  /// Decodes leniently: a missing field or an unknown enum value (written by a newer app)
  /// takes its default instead of failing, so settings never stop loading.
  /// - Throws: `DecodingError` only when the document is not an object.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let defaults = SettingsDTO.defaults
    func value<T: Decodable>(_ key: CodingKeys, _ fallback: T) -> T {
      ((try? container.decodeIfPresent(T.self, forKey: key)) ?? nil) ?? fallback
    }
    func optional(_ key: CodingKeys) -> String? {
      (try? container.decodeIfPresent(String.self, forKey: key)) ?? nil
    }
    let themeName = optional(.theme)
    let styleName = optional(.chatUIStyle)
    self.init(
      theme: themeName.flatMap(Theme.init(rawValue:)) ?? defaults.theme,
      shareDiagnostics: value(.shareDiagnostics, defaults.shareDiagnostics),
      notificationsEnabled: value(.notificationsEnabled, defaults.notificationsEnabled),
      hapticsEnabled: value(.hapticsEnabled, defaults.hapticsEnabled),
      reduceMotion: value(.reduceMotion, defaults.reduceMotion),
      chatUIStyle: styleName.flatMap(ChatUIStyle.init(rawValue:)) ?? defaults.chatUIStyle,
      selectedModel: optional(.selectedModel),
      selectedPersonaID: optional(.selectedPersonaID),
      language: optional(.language))
  }

  /// Encodes every field.
  /// - Throws: `EncodingError` from the encoder.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(theme.rawValue, forKey: .theme)
    try container.encode(shareDiagnostics, forKey: .shareDiagnostics)
    try container.encode(notificationsEnabled, forKey: .notificationsEnabled)
    try container.encode(hapticsEnabled, forKey: .hapticsEnabled)
    try container.encode(reduceMotion, forKey: .reduceMotion)
    try container.encode(chatUIStyle.rawValue, forKey: .chatUIStyle)
    try container.encodeIfPresent(selectedModel, forKey: .selectedModel)
    try container.encodeIfPresent(selectedPersonaID, forKey: .selectedPersonaID)
    try container.encodeIfPresent(language, forKey: .language)
  }
}
