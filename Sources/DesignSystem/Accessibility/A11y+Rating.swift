extension A11y {
  /// Rating labels.
  public enum Rating {
    /// "Enjoying {appName}?".
    public static func promptTitle(appName: String) -> A11yEntry {
      A11yEntry(
        "rating.promptTitle", hint: false, traits: [.header], arguments: ["appName": appName])
    }

    /// "Rate now": Opens the App Store rating dialog.
    public static let rateButton = A11yEntry("rating.rateButton", traits: [.button])

    /// "Not now": Double tap to be asked again later.
    public static let notNowButton = A11yEntry("rating.notNowButton", traits: [.button])

    /// Every entry, parameterized ones with sample values, for the catalogue tests.
    public static var all: [A11yEntry] {
      [promptTitle(appName: "Kiln"), rateButton, notNowButton]
    }
  }
}
