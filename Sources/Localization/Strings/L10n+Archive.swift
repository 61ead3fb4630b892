extension L10n {
  /// The words of a conversation exported as Markdown: its headings and message notes.
  package enum Archive {
    package enum Key: String, LocalizationKey {
      package static let namespace = "archive"
      case persona, created, updated, you, assistant, system, tool
      case sending, incomplete, failed, stopped
    }

    /// The current language's text for `key`.
    package static func text(_ key: Key) -> String {
      L10n.text(key, [])
    }
  }
}
