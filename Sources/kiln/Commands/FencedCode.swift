/// The first fenced code block of a reply, for `kiln ask -x` (as `llm -x` does it).
enum FencedCode {
  /// The lines between the first opening fence (three or more backticks or tildes, up to
  /// three spaces of indent, an optional info string) and the closing fence of the same
  /// character and at least its length; `nil` when no block is closed.
  static func firstBlock(in text: String) -> String? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    var index = 0
    while index < lines.count {
      guard let fence = opening(lines[index]) else {
        index += 1
        continue
      }
      var body: [Substring] = []
      var inner = index + 1
      while inner < lines.count {
        if closes(lines[inner], fence) {
          return body.map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }.joined(separator: "\n")
        }
        body.append(lines[inner])
        inner += 1
      }
      return nil
    }
    return nil
  }

  private struct Fence {
    var character: Character
    var length: Int
  }

  private static func opening(_ line: Substring) -> Fence? {
    let trimmed = indentRemoved(line)
    guard let first = trimmed.first, first == "`" || first == "~" else { return nil }
    let length = trimmed.prefix { $0 == first }.count
    guard length >= 3 else { return nil }
    // A backtick fence's info string may not contain a backtick (CommonMark).
    if first == "`", trimmed.dropFirst(length).contains("`") { return nil }
    return Fence(character: first, length: length)
  }

  private static func closes(_ line: Substring, _ fence: Fence) -> Bool {
    let trimmed = indentRemoved(line)
    let length = trimmed.prefix { $0 == fence.character }.count
    guard length >= fence.length else { return false }
    return trimmed.dropFirst(length).allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
  }

  private static func indentRemoved(_ line: Substring) -> Substring {
    let spaces = line.prefix { $0 == " " }.count
    return spaces <= 3 ? line.dropFirst(spaces) : line
  }
}
