/// Titles for new conversations, derived from the first message.
public enum ConversationTitle {
  /// The longest derived title, in characters, before the ellipsis.
  public static let maxLength = 40

  /// A title made from `message`: whitespace and line breaks collapsed to single spaces,
  /// trimmed, and cut at the last word boundary within `maxLength` characters with `…`
  /// appended (a single word longer than that is cut inside the word). `nil` for a blank
  /// message.
  public static func derive(from message: String, maxLength: Int = maxLength) -> String? {
    let words = message.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
    guard !words.isEmpty else { return nil }
    let line = words.joined(separator: " ")
    guard line.count > maxLength else { return line }
    let limit = line.index(line.startIndex, offsetBy: maxLength)
    // A space right at the limit means the cut falls between two words.
    let cut =
      line[limit] == " "
      ? limit : line[..<limit].lastIndex(of: " ") ?? limit
    let head = line[..<cut].trimmingTrailingPunctuation()
    return (head.isEmpty ? String(line[..<limit]) : head) + "…"
  }
}

extension Substring {
  /// The text without trailing spaces and the punctuation that reads oddly before "…".
  fileprivate func trimmingTrailingPunctuation() -> String {
    var text = self
    while let last = text.last, last == " " || ",;:.-".contains(last) {
      text.removeLast()
    }
    return String(text)
  }
}
