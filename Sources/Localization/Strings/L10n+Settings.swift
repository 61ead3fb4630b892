extension L10n {
  /// Settings screen strings: sections, toggles, account and legal links.
  public enum Settings {
    /// "Settings".
    public static var title: String { text(.title) }
    /// "Appearance": section title.
    public static var appearance: String { text(.appearance) }
    /// "Theme".
    public static var theme: String { text(.theme) }
    /// "Language".
    public static var language: String { text(.language) }
    /// "Chat Style".
    public static var chatStyle: String { text(.chatStyle) }
    /// "Bubble Chat": the messaging-app style.
    public static var chatStyleBubble: String { text(.chatStyleBubble) }
    /// "Colored bubbles, like a messaging app".
    public static var chatStyleBubbleDescription: String { text(.chatStyleBubbleDescription) }
    /// "Prompt Chat": the full-width, centered style.
    public static var chatStyleCentered: String { text(.chatStyleCentered) }
    /// "Full-width messages, minimal and focused".
    public static var chatStyleCenteredDescription: String {
      text(.chatStyleCenteredDescription)
    }
    /// "Privacy & Diagnostics": section title.
    public static var privacy: String { text(.privacy) }
    /// "Share Diagnostics".
    public static var shareDiagnostics: String { text(.shareDiagnostics) }
    /// Footer explaining that diagnostics are anonymous and off by default.
    public static var shareDiagnosticsFooter: String { text(.shareDiagnosticsFooter) }
    /// "Notifications": section title.
    public static var notifications: String { text(.notifications) }
    /// "Allow Notifications".
    public static var allowNotifications: String { text(.allowNotifications) }
    /// "Accessibility": section title.
    public static var accessibility: String { text(.accessibility) }
    /// "Haptic Feedback".
    public static var haptics: String { text(.haptics) }
    /// "Reduce Motion".
    public static var reduceMotion: String { text(.reduceMotion) }
    /// "AI": section title.
    public static var aiSection: String { text(.aiSection) }
    /// "Model".
    public static var model: String { text(.model) }
    /// "Persona".
    public static var persona: String { text(.persona) }
    /// "Remember Across Chats": the memories toggle.
    public static var memories: String { text(.memories) }
    /// "Subscription": section title.
    public static var subscription: String { text(.subscription) }
    /// "Go Pro": opens the paywall.
    public static var goPro: String { text(.goPro) }
    /// "Account": section title.
    public static var account: String { text(.account) }
    /// "Delete Account".
    public static var deleteAccount: String { text(.deleteAccount) }
    /// "Delete your account?"
    public static var deleteAccountTitle: String { text(.deleteAccountTitle) }
    /// "This permanently deletes your account, chats and memories. This can't be undone."
    public static var deleteAccountMessage: String { text(.deleteAccountMessage) }
    /// "Delete Permanently": the destructive confirmation button.
    public static var deleteAccountConfirm: String { text(.deleteAccountConfirm) }
    /// "Your account has been deleted."
    public static var accountDeleted: String { text(.accountDeleted) }
    /// "Legal": section title.
    public static var legal: String { text(.legal) }
    /// "Privacy Policy".
    public static var privacyPolicy: String { text(.privacyPolicy) }
    /// "Terms of Service".
    public static var termsOfService: String { text(.termsOfService) }
    /// "Subscription Terms".
    public static var subscriptionTerms: String { text(.subscriptionTerms) }
    /// "About": section title.
    public static var about: String { text(.about) }
    /// "Contact Support".
    public static var contactSupport: String { text(.contactSupport) }
    /// "Version <version>".
    public static func version(_ version: String) -> String {
      text(.version, [.text(version)])
    }
    /// "Version <version> (<build>)".
    public static func version(_ version: String, build: String) -> String {
      text(.versionWithBuild, [.text(version), .text(build)])
    }

    package enum Key: String, LocalizationKey {
      package static let namespace = "settings"
      case title, appearance, theme, language, chatStyle, chatStyleBubble
      case chatStyleBubbleDescription, chatStyleCentered, chatStyleCenteredDescription
      case privacy, shareDiagnostics, shareDiagnosticsFooter, notifications
      case allowNotifications, accessibility, haptics, reduceMotion
      case aiSection, model, persona, memories, subscription, goPro
      case account, deleteAccount, deleteAccountTitle, deleteAccountMessage
      case deleteAccountConfirm, accountDeleted
      case legal, privacyPolicy, termsOfService, subscriptionTerms
      case about, contactSupport, version, versionWithBuild
    }

    private static func text(_ key: Key, _ arguments: [LocalizationArgument] = []) -> String {
      L10n.text(key, arguments)
    }
  }
}
