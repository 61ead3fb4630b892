import Foundation

/// Case- and diacritic-insensitive text, the form every Storage search compares.
enum TextFolding {
  /// `text` folded for comparison: "Ünïcode" and "unicode" fold to the same string.
  static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }

  /// `text` trimmed of surrounding whitespace and newlines.
  static func trimmed(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
