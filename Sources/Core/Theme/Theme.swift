/// The five looks of the app. `aurora` and `obsidian` are premium.
public enum Theme: String, CaseIterable, Codable, Sendable {
  /// Follows the system's light or dark appearance.
  case system
  /// Always light.
  case light
  /// Always dark.
  case dark
  /// Premium light: warm cream with coral accents.
  case aurora
  /// Premium dark: deep navy with electric cyan accents.
  case obsidian

  /// The appearance a theme asks the platform for.
  public enum Appearance: Sendable {
    case followSystem
    case light
    case dark
  }

  /// Whether choosing this theme needs a subscription.
  public var isPremium: Bool {
    switch self {
    case .aurora, .obsidian: return true
    case .system, .light, .dark: return false
    }
  }

  /// The appearance this theme uses.
  public var appearance: Appearance {
    switch self {
    case .system: return .followSystem
    case .light, .aurora: return .light
    case .dark, .obsidian: return .dark
    }
  }

  /// The SF Symbol that represents the theme in pickers.
  public var symbolName: String {
    switch self {
    case .system: return "circle.lefthalf.filled"
    case .light: return "sun.max"
    case .dark: return "moon"
    case .aurora: return "sparkles"
    case .obsidian: return "moon.stars"
    }
  }
}
