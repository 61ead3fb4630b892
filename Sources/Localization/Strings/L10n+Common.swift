extension L10n {
  /// Words used across every screen: buttons and states.
  public enum Common {
    /// "OK".
    public static var ok: String { text(.ok) }
    /// "Cancel".
    public static var cancel: String { text(.cancel) }
    /// "Done".
    public static var done: String { text(.done) }
    /// "Retry".
    public static var retry: String { text(.retry) }
    /// "Close".
    public static var close: String { text(.close) }
    /// "Delete".
    public static var delete: String { text(.delete) }
    /// "Save".
    public static var save: String { text(.save) }
    /// "Edit".
    public static var edit: String { text(.edit) }
    /// "Loading…".
    public static var loading: String { text(.loading) }
    /// "Error": alert title.
    public static var error: String { text(.error) }
    /// "Continue".
    public static var `continue`: String { text(.continue) }
    /// "Back".
    public static var back: String { text(.back) }
    /// "Next".
    public static var next: String { text(.next) }
    /// "Share".
    public static var share: String { text(.share) }
    /// "Search".
    public static var search: String { text(.search) }
    /// "Clear".
    public static var clear: String { text(.clear) }
    /// "Undo".
    public static var undo: String { text(.undo) }
    /// "Learn More".
    public static var learnMore: String { text(.learnMore) }
    /// "On": a switch's state in text.
    public static var on: String { text(.on) }
    /// "Off": a switch's state in text.
    public static var off: String { text(.off) }

    package enum Key: String, LocalizationKey {
      package static let namespace = "common"
      case ok, cancel, done, retry, close, delete, save, edit, loading, error
      case `continue`, back, next, share, search, clear, undo, learnMore, on, off
    }

    private static func text(_ key: Key) -> String {
      L10n.text(key, [])
    }
  }
}
