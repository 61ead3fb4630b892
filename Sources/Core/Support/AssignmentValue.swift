import Foundation

/// The value side of a `KEY = VALUE` configuration line, read the same way by `kiln` and
/// `kiln-server`: a value in quotes is taken whole (a comment may follow the closing quote);
/// otherwise the value ends at a `#` or `//` that begins it or follows whitespace.
public enum AssignmentValue {
  /// The value in `raw` (everything after the `=`), trimmed, and whether it was quoted.
  public static func parse(_ raw: String) -> (value: String, quoted: Bool) {
    let trimmed = raw.trimmingCharacters(in: .whitespaces)
    if let quote = trimmed.first, quote == "\"" || quote == "'" {
      let inner = trimmed.dropFirst()
      if let close = inner.firstIndex(of: quote) {
        let after = inner[inner.index(after: close)...].trimmingCharacters(in: .whitespaces)
        if after.isEmpty || after.hasPrefix("#") || after.hasPrefix("//") {
          return (String(inner[..<close]), true)
        }
      }
    }
    return (withoutTrailingComment(trimmed).trimmingCharacters(in: .whitespaces), false)
  }

  /// `text` up to a `#` or `//` that begins it or follows whitespace.
  private static func withoutTrailingComment(_ text: String) -> String {
    var previousIsSpace = true
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if previousIsSpace, character == "#" || text[index...].hasPrefix("//") {
        return String(text[..<index])
      }
      previousIsSpace = character.isWhitespace
      index = text.index(after: index)
    }
    return text
  }
}
