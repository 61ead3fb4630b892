import Localization

extension AllAccessors {
  static let sessionSettings: [Accessor] = [
    ("Session.proThemeEnded", { L10n.Session.Settings.proThemeEnded("x") }),
    ("Session.noSetting", { L10n.Session.Settings.noSetting("x", "x") }),
    ("Session.noSettingSuggesting", { L10n.Session.Settings.noSettingSuggesting("x", "x", "x") }),
    ("Session.settingChangeHint", { L10n.Session.Settings.settingChangeHint("x") }),
    ("Session.settingsHint", { L10n.Session.Settings.settingsHint }),
    ("Session.phoneOnlySettings", { L10n.Session.Settings.phoneOnlySettings("x") }),
    ("Session.settingsAI", { L10n.Session.Settings.settingsAI("x") }),
    ("Session.providerDefault", { L10n.Session.Settings.providerDefault }),
    ("Session.modelDefault", { L10n.Session.Settings.modelDefault("x") }),
    ("Session.notOnOrOff", { L10n.Session.Settings.notOnOrOff("x", "x") }),
    ("Session.noChatStyle", { L10n.Session.Settings.noChatStyle("x", "x") }),
    (
      "Session.noChatStyleSuggesting",
      { L10n.Session.Settings.noChatStyleSuggesting("x", "x", "x") }
    ),
    ("Session.noModelNumber", { L10n.Session.Settings.noModelNumber(2, 2) }),
    ("Session.keepsPersona", { L10n.Session.Settings.keepsPersona }),
    ("Session.noTheme", { L10n.Session.Settings.noTheme("x", "x") }),
    ("Session.noThemeSuggesting", { L10n.Session.Settings.noThemeSuggesting("x", "x", "x") }),
    ("Session.proTheme", { L10n.Session.Settings.proTheme("x") }),
    ("Session.freeThemes", { L10n.Session.Settings.freeThemes }),
    ("Session.themeNamed", { L10n.Session.Settings.themeNamed("x") }),
    ("Session.themeHint", { L10n.Session.Settings.themeHint }),
    ("Session.valueOnOff", { L10n.Session.Settings.valueOnOff }),
    ("Session.valueModel", { L10n.Session.Settings.valueModel }),
    ("Session.valuePersona", { L10n.Session.Settings.valuePersona }),
  ]
}
