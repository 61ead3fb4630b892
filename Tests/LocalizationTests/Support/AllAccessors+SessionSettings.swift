import Localization

extension AllAccessors {
  static let sessionSettings: [Accessor] = [
    ("Session.proThemeEnded", { L10n.Session.proThemeEnded("x") }),
    ("Session.noSetting", { L10n.Session.noSetting("x", "x") }),
    ("Session.noSettingSuggesting", { L10n.Session.noSettingSuggesting("x", "x", "x") }),
    ("Session.settingChangeHint", { L10n.Session.settingChangeHint("x") }),
    ("Session.settingsHint", { L10n.Session.settingsHint }),
    ("Session.phoneOnlySettings", { L10n.Session.phoneOnlySettings("x") }),
    ("Session.settingsAI", { L10n.Session.settingsAI("x") }),
    ("Session.providerDefault", { L10n.Session.providerDefault }),
    ("Session.modelDefault", { L10n.Session.modelDefault("x") }),
    ("Session.notOnOrOff", { L10n.Session.notOnOrOff("x", "x") }),
    ("Session.noChatStyle", { L10n.Session.noChatStyle("x", "x") }),
    ("Session.noChatStyleSuggesting", { L10n.Session.noChatStyleSuggesting("x", "x", "x") }),
    ("Session.noModelNumber", { L10n.Session.noModelNumber(2, 2) }),
    ("Session.keepsPersona", { L10n.Session.keepsPersona }),
    ("Session.noTheme", { L10n.Session.noTheme("x", "x") }),
    ("Session.noThemeSuggesting", { L10n.Session.noThemeSuggesting("x", "x", "x") }),
    ("Session.proTheme", { L10n.Session.proTheme("x") }),
    ("Session.freeThemes", { L10n.Session.freeThemes }),
    ("Session.themeNamed", { L10n.Session.themeNamed("x") }),
    ("Session.themeHint", { L10n.Session.themeHint }),
    ("Session.valueOnOff", { L10n.Session.valueOnOff }),
    ("Session.valueModel", { L10n.Session.valueModel }),
    ("Session.valuePersona", { L10n.Session.valuePersona }),
  ]
}
