import Core
import Localization
import Storage

/// A setting `/settings NAME VALUE` changes: the name to type, the words it accepts, and
/// how `/settings` labels it. Parsing is pure; the session applies the value through the
/// settings view model.
enum SessionSetting: String, CaseIterable, Sendable {
  case theme
  case diagnostics
  case notifications
  case haptics
  case reduceMotion = "reduce-motion"
  case chatStyle = "chat-style"
  case model
  case persona

  /// Whether the setting means anything in a terminal. The others (haptics, notifications,
  /// the bubble style, sharing diagnostics) belong to the phone app: they are kept and can be
  /// changed by name, but `/settings` does not list them.
  var appliesInTerminal: Bool {
    switch self {
    case .theme, .reduceMotion, .model, .persona: true
    case .diagnostics, .notifications, .haptics, .chatStyle: false
    }
  }

  /// The setting called `text`: its name or another common spelling, ignoring case and
  /// whether words are joined by "-", "_" or nothing.
  static func named(_ text: String) -> SessionSetting? {
    let wanted = normalized(text)
    return allCases.first { setting in
      normalized(setting.rawValue) == wanted || setting.aliases.map(normalized).contains(wanted)
    }
  }

  /// The closest setting name to `text`, for "Did you mean …?".
  static func suggestion(for text: String) -> String? {
    text.lowercased().closestMatch(in: allCases.map(\.rawValue), maximumDistance: 3)
  }

  /// Other names that work.
  var aliases: [String] {
    switch self {
    case .theme: return ["themes"]
    case .diagnostics: return ["share-diagnostics", "diagnostic"]
    case .notifications: return ["notification", "allow-notifications"]
    case .haptics: return ["haptic", "haptic-feedback"]
    case .reduceMotion: return ["motion"]
    case .chatStyle: return ["style", "chat-ui-style"]
    case .model: return ["models"]
    case .persona: return ["personas"]
    }
  }

  /// The setting's name as the settings screen shows it, in the interface language.
  var label: String {
    switch self {
    case .theme: return L10n.Settings.theme
    case .diagnostics: return L10n.Settings.shareDiagnostics
    case .notifications: return L10n.Settings.allowNotifications
    case .haptics: return L10n.Settings.haptics
    case .reduceMotion: return L10n.Settings.reduceMotion
    case .chatStyle: return L10n.Settings.chatStyle
    case .model: return L10n.Settings.model
    case .persona: return L10n.Settings.persona
    }
  }

  /// What may follow the name.
  var choices: String {
    switch self {
    case .theme: return Theme.allCases.map(\.rawValue).joined(separator: " | ")
    case .diagnostics, .notifications, .haptics, .reduceMotion:
      return L10n.Session.Settings.valueOnOff
    case .chatStyle:
      return SettingsDTO.ChatUIStyle.allCases.map(\.rawValue).joined(separator: " | ")
    case .model: return L10n.Session.Settings.valueModel
    case .persona: return L10n.Session.Settings.valuePersona
    }
  }

  /// Whether the setting is on or off.
  var isSwitch: Bool {
    switch self {
    case .diagnostics, .notifications, .haptics, .reduceMotion: return true
    case .theme, .chatStyle, .model, .persona: return false
    }
  }

  /// "on" or "off" (and their usual synonyms) as a switch position.
  static func switchPosition(_ text: String) -> Bool? {
    switch text.lowercased() {
    case "on", "true", "yes", "y", "1", "enable", "enabled": return true
    case "off", "false", "no", "n", "0", "disable", "disabled": return false
    default: return nil
    }
  }

  /// A chat layout by its name ("bubble", "centered") or the name the settings screen shows
  /// ("Prompt Chat" is the centered layout).
  static func chatStyle(_ text: String) -> SettingsDTO.ChatUIStyle? {
    let wanted = normalized(text)
    if let style = SettingsDTO.ChatUIStyle(rawValue: wanted) { return style }
    switch wanted {
    case "bubbles", "bubblechat": return .bubble
    case "center", "centred", "prompt", "promptchat": return .centered
    default: return nil
    }
  }

  /// "on" or "off".
  static func words(for isOn: Bool) -> String {
    isOn ? "on" : "off"
  }

  private static func normalized(_ text: String) -> String {
    text.lowercased().filter { $0 != "-" && $0 != "_" && !$0.isWhitespace }
  }
}
