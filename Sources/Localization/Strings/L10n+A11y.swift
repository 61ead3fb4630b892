extension L10n {
  /// Spoken announcements for assistive technologies. The VoiceOver labels and hints of
  /// controls live in DesignSystem's `A11y` catalogue; these are the events announced
  /// while the app runs.
  public enum A11y {
    /// "Message sent".
    public static var messageSent: String { text(.messageSent) }
    /// "The assistant is responding".
    public static var responseStarted: String { text(.responseStarted) }
    /// "Response complete".
    public static var responseComplete: String { text(.responseComplete) }
    /// "Response stopped".
    public static var responseStopped: String { text(.responseStopped) }
    /// "Copied to clipboard".
    public static var copiedToClipboard: String { text(.copiedToClipboard) }
    /// "Error: <message>".
    public static func errorOccurred(_ message: String) -> String {
      text(.errorOccurred, [.text(message)])
    }
    /// "Theme changed to <name>".
    public static func themeChanged(to name: String) -> String {
      text(.themeChanged, [.text(name)])
    }

    package enum Key: String, LocalizationKey {
      package static let namespace = "a11y"
      case messageSent, responseStarted, responseComplete, responseStopped
      case copiedToClipboard, errorOccurred, themeChanged
    }

    private static func text(_ key: Key, _ arguments: [LocalizationArgument] = []) -> String {
      L10n.text(key, arguments)
    }
  }
}
