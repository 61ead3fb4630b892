import Core

extension L10n {
  /// Names and descriptions of the themes.
  public enum Theme {
    /// The theme's name: "System", "Light", "Dark", "Aurora", "Obsidian".
    public static func name(of theme: Core.Theme) -> String {
      switch theme {
      case .system: return text(.systemName)
      case .light: return text(.lightName)
      case .dark: return text(.darkName)
      case .aurora: return text(.auroraName)
      case .obsidian: return text(.obsidianName)
      }
    }

    /// One line describing the theme, for pickers.
    public static func description(of theme: Core.Theme) -> String {
      switch theme {
      case .system: return text(.systemDescription)
      case .light: return text(.lightDescription)
      case .dark: return text(.darkDescription)
      case .aurora: return text(.auroraDescription)
      case .obsidian: return text(.obsidianDescription)
      }
    }

    /// "Premium": the badge on premium themes.
    public static var premiumBadge: String { text(.premiumBadge) }
    /// "Upgrade to Pro to use this theme".
    public static var premiumLocked: String { text(.premiumLocked) }

    package enum Key: String, LocalizationKey {
      package static let namespace = "theme"
      case systemName, systemDescription, lightName, lightDescription
      case darkName, darkDescription, auroraName, auroraDescription
      case obsidianName, obsidianDescription, premiumBadge, premiumLocked
    }

    private static func text(_ key: Key) -> String {
      L10n.text(key, [])
    }
  }
}
