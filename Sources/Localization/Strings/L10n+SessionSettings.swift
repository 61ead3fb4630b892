extension L10n.Session {
  /// The settings strings of `L10n.Session`.
  package enum Settings {
    /// "Kiln Pro has ended, so the theme is System again; /upgrade brings %@ back.".
    package static func proThemeEnded(_ theme: String) -> String {
      L10n.Session.text(.proThemeEnded, [.text(theme)])
    }
    /// "There is no setting '%@'. Settings: %@.".
    package static func noSetting(_ name: String, _ settings: String) -> String {
      L10n.Session.text(.noSetting, [.text(name), .text(settings)])
    }
    /// "There is no setting '%@'. Did you mean %@? Settings: %@.".
    package static func noSettingSuggesting(
      _ name: String, _ suggestion: String, _ settings: String
    ) -> String {
      L10n.Session.text(.noSettingSuggesting, [.text(name), .text(suggestion), .text(settings)])
    }
    /// "/settings %@ VALUE changes it.".
    package static func settingChangeHint(_ name: String) -> String {
      L10n.Session.text(.settingChangeHint, [.text(name)])
    }
    /// "/settings NAME VALUE changes one, e.g. /settings theme dark; changes are kept.".
    package static var settingsHint: String { L10n.Session.text(.settingsHint) }
    /// "The app's phone settings (%@) do nothing here; /settings NAME shows one.".
    package static func phoneOnlySettings(_ names: String) -> String {
      L10n.Session.text(.phoneOnlySettings, [.text(names)])
    }
    /// "AI: %@".
    package static func settingsAI(_ provider: String) -> String {
      L10n.Session.text(.settingsAI, [.text(provider)])
    }
    /// "provider default".
    package static var providerDefault: String { L10n.Session.text(.providerDefault) }
    /// "%@ (default)".
    package static func modelDefault(_ name: String) -> String {
      L10n.Session.text(.modelDefault, [.text(name)])
    }
    /// "'%@' is not on or off. Usage: /settings %@ on|off".
    package static func notOnOrOff(_ value: String, _ name: String) -> String {
      L10n.Session.text(.notOnOrOff, [.text(value), .text(name)])
    }
    /// "There is no chat style '%@'. Chat styles: %@.".
    package static func noChatStyle(_ value: String, _ styles: String) -> String {
      L10n.Session.text(.noChatStyle, [.text(value), .text(styles)])
    }
    /// "There is no chat style '%@'. Did you mean %@? Chat styles: %@.".
    package static func noChatStyleSuggesting(
      _ value: String, _ suggestion: String, _ styles: String
    ) -> String {
      L10n.Session.text(.noChatStyleSuggesting, [.text(value), .text(suggestion), .text(styles)])
    }
    /// "There is no model %lld (1–%lld); /model lists them.".
    package static func noModelNumber(_ number: Int, _ count: Int) -> String {
      L10n.Session.text(.noModelNumber, [.integer(number), .integer(count)])
    }
    /// "This conversation keeps its persona; /new starts one with it.".
    package static var keepsPersona: String { L10n.Session.text(.keepsPersona) }
    /// "There is no theme '%@'. Themes: %@.".
    package static func noTheme(_ name: String, _ themes: String) -> String {
      L10n.Session.text(.noTheme, [.text(name), .text(themes)])
    }
    /// "There is no theme '%@'. Did you mean %@? Themes: %@.".
    package static func noThemeSuggesting(
      _ name: String, _ suggestion: String, _ themes: String
    ) -> String {
      L10n.Session.text(.noThemeSuggesting, [.text(name), .text(suggestion), .text(themes)])
    }
    /// "%@ is a Kiln Pro theme.".
    package static func proTheme(_ theme: String) -> String {
      L10n.Session.text(.proTheme, [.text(theme)])
    }
    /// "System, light and dark are free.".
    package static var freeThemes: String { L10n.Session.text(.freeThemes) }
    /// "Theme: %@.".
    package static func themeNamed(_ theme: String) -> String {
      L10n.Session.text(.themeNamed, [.text(theme)])
    }
    /// "/theme NAME switches; the choice is kept.".
    package static var themeHint: String { L10n.Session.text(.themeHint) }
    /// "on | off".
    package static var valueOnOff: String { L10n.Session.text(.valueOnOff) }
    /// "ID or number from /model | default".
    package static var valueModel: String { L10n.Session.text(.valueModel) }
    /// "ID from /persona | default".
    package static var valuePersona: String { L10n.Session.text(.valuePersona) }
  }
}
