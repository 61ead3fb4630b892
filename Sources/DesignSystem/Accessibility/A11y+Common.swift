extension A11y {
  /// Common labels.
  public enum Common {
    /// "Loading".
    public static let loading = A11yEntry(
      "common.loading", hint: false, traits: [.staticText, .updatesFrequently])

    /// "Error: {message}".
    public static func error(message: String) -> A11yEntry {
      A11yEntry("common.error", hint: false, traits: [.staticText], arguments: ["message": message])
    }

    /// "Success: {message}".
    public static func success(message: String) -> A11yEntry {
      A11yEntry(
        "common.success", hint: false, traits: [.staticText], arguments: ["message": message])
    }

    /// "Dismiss": Double tap to dismiss.
    public static let dismiss = A11yEntry("common.dismiss", traits: [.button])

    /// "Try again": Double tap to try again.
    public static let retry = A11yEntry("common.retry", traits: [.button])

    /// "Cancel": Double tap to cancel.
    public static let cancel = A11yEntry("common.cancel", traits: [.button])

    /// "Done": Double tap to finish.
    public static let done = A11yEntry("common.done", traits: [.button])

    /// "Clear text": Double tap to clear the field.
    public static let clearText = A11yEntry("common.clearText", traits: [.button])

    /// "More options": Double tap to see more actions.
    public static let moreOptions = A11yEntry("common.moreOptions", traits: [.button])

    /// Every entry, parameterized ones with sample values, for the catalogue tests.
    public static var all: [A11yEntry] {
      [
        loading, error(message: "Offline"), success(message: "Saved"), dismiss, retry, cancel, done,
        clearText, moreOptions,
      ]
    }
  }
}
