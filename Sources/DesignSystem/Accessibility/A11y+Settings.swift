extension A11y {
  /// Settings labels.
  public enum Settings {
    /// "Theme": Double tap to choose how the app looks.
    public static let themeSelector = A11yEntry("settings.themeSelector", traits: [.button])

    /// "Notifications": Double tap to turn notifications on or off.
    public static let notificationsToggle = A11yEntry(
      "settings.notificationsToggle", traits: [.toggle])

    /// "Share diagnostics": Double tap to turn anonymous crash reports on or off.
    public static let diagnosticsToggle = A11yEntry("settings.diagnosticsToggle", traits: [.toggle])

    /// "Haptics": Double tap to turn vibration feedback on or off.
    public static let hapticsToggle = A11yEntry("settings.hapticsToggle", traits: [.toggle])

    /// "Reduce motion": Double tap to turn animations on or off.
    public static let reduceMotionToggle = A11yEntry(
      "settings.reduceMotionToggle", traits: [.toggle])

    /// "Chat style": Double tap to choose bubbles or centered text.
    public static let chatStyleSelector = A11yEntry("settings.chatStyleSelector", traits: [.button])

    /// "Delete account": Double tap to permanently delete your account and data.
    public static let deleteAccount = A11yEntry("settings.deleteAccount", traits: [.button])

    /// "Privacy policy": Opens the privacy policy in your browser.
    public static let privacyPolicy = A11yEntry("settings.privacyPolicy", traits: [.link])

    /// "Terms of service": Opens the terms of service in your browser.
    public static let termsOfService = A11yEntry("settings.termsOfService", traits: [.link])

    /// "Contact support": Double tap to write an email to support.
    public static let contactSupport = A11yEntry("settings.contactSupport", traits: [.button])

    /// "Rate the app": Double tap to rate the app in the App Store.
    public static let rateApp = A11yEntry("settings.rateApp", traits: [.button])

    /// A theme in the picker: "{name} theme" (", premium" and a subscription hint when
    /// locked), marked selected when it is the current theme.
    public static func themeOption(name: String, isSelected: Bool, isLocked: Bool) -> A11yEntry {
      A11yEntry(
        isLocked ? "settings.themeOptionLocked" : "settings.themeOption",
        traits: isSelected ? [.button, .selected] : .button, arguments: ["name": name])
    }

    /// Every entry, parameterized ones with sample values, for the catalogue tests.
    public static var all: [A11yEntry] {
      [
        themeSelector, notificationsToggle, diagnosticsToggle, hapticsToggle, reduceMotionToggle,
        chatStyleSelector, deleteAccount, privacyPolicy, termsOfService, contactSupport, rateApp,
        themeOption(name: "Aurora", isSelected: true, isLocked: false),
        themeOption(name: "Obsidian", isSelected: false, isLocked: true),
      ]
    }
  }
}
