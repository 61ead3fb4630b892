extension InlineScanner {
  /// A code span: the backtick run at `index`, its content and the index after the closer.
  func codeSpan(at index: Int, end: Int) -> (content: String, delimiter: Int, next: Int)? {
    let length = runLength(at: index, end: end)
    var position = index + length
    while position < end {
      guard characters[position] == "`" else {
        position += 1
        continue
      }
      let closing = runLength(at: position, end: end)
      if closing == length {
        var content = String(
          characters[(index + length)..<position].map { $0 == "\n" ? " " : $0 })
        if content.count >= 2, content.first == " ", content.last == " ",
          content.contains(where: { $0 != " " })
        {
          content = String(content.dropFirst().dropLast())
        }
        return (content, length, position + closing)
      }
      position += closing
    }
    return nil
  }

  /// Emphasis, strong emphasis or strikethrough opening at `index`: the inner range, the
  /// style to add and the index after the closing run.
  func emphasis(
    at index: Int, end: Int, start: Int
  )
    -> (inner: Range<Int>, style: TextStyle, next: Int)?
  {
    let marker = characters[index]
    let length = runLength(at: index, end: end)
    let wanted = marker == "~" ? 2 : min(length, 3)
    guard length == wanted else { return nil }
    let contentStart = index + length
    guard contentStart < end, !characters[contentStart].isWhitespace else { return nil }
    if marker == "_", index > start, isWordCharacter(characters[index - 1]) { return nil }
    var position = contentStart
    while position < end {
      let character = characters[position]
      if character == "\\" {
        position += 2
        continue
      }
      if character == "`", let span = codeSpan(at: position, end: end) {
        position = span.next
        continue
      }
      guard character == marker else {
        position += 1
        continue
      }
      let closing = runLength(at: position, end: end)
      let after = position + closing
      let closesHere =
        closing == wanted && position > contentStart
        && !characters[position - 1].isWhitespace
        && (marker != "_" || after >= end || !isWordCharacter(characters[after]))
      if closesHere {
        return (contentStart..<position, style(for: marker, length: wanted), after)
      }
      position = after
    }
    return nil
  }

  func style(for marker: Character, length: Int) -> TextStyle {
    if marker == "~" { return theme.strikethrough }
    switch length {
    case 1: return theme.emphasis
    case 2: return theme.strong
    default: return theme.strong.merging(theme.emphasis)
    }
  }

  func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber
  }

  /// `[text](url)` or `![alt](url)` at `index`.
  func link(at index: Int, end: Int) -> (text: Range<Int>, url: String, next: Int)? {
    var open = index
    if characters[index] == "!" {
      guard index + 1 < end, characters[index + 1] == "[" else { return nil }
      open = index + 1
    }
    guard let close = matching(open: "[", close: "]", from: open, end: end),
      close + 1 < end, characters[close + 1] == "(",
      let paren = matching(open: "(", close: ")", from: close + 1, end: end)
    else { return nil }
    var destination = String(characters[(close + 2)..<paren])
    while destination.first == " " { destination.removeFirst() }
    if destination.first == "<", let closing = destination.firstIndex(of: ">") {
      destination = String(destination[destination.index(after: destination.startIndex)..<closing])
    } else if let space = destination.firstIndex(of: " ") {
      destination = String(destination[..<space])
    }
    return ((open + 1)..<close, destination, paren + 1)
  }

  /// The index of the bracket closing the one at `from`, counting nesting and skipping
  /// escapes and code spans.
  func matching(open: Character, close: Character, from: Int, end: Int) -> Int? {
    var depth = 0
    var position = from
    while position < end {
      let character = characters[position]
      if character == "\\" {
        position += 2
        continue
      }
      if character == "`", open == "[", let span = codeSpan(at: position, end: end) {
        position = span.next
        continue
      }
      if character == open {
        depth += 1
      } else if character == close {
        depth -= 1
        if depth == 0 { return position }
      }
      position += 1
    }
    return nil
  }

  /// `<https://…>` or `<name@host>` at `index`.
  func autolink(at index: Int, end: Int) -> (url: String, next: Int)? {
    var position = index + 1
    while position < end, characters[position] != ">" {
      if characters[position].isWhitespace || characters[position] == "<" { return nil }
      position += 1
    }
    guard position < end, position > index + 1 else { return nil }
    let content = String(characters[(index + 1)..<position])
    guard content.contains("://") || content.hasPrefix("mailto:") || content.contains("@")
    else { return nil }
    return (content, position + 1)
  }

  /// A bare `http://` or `https://` URL starting a word at `index`.
  func bareURL(at index: Int, end: Int, start: Int) -> (url: String, next: Int)? {
    if index > start {
      let previous = characters[index - 1]
      guard previous.isWhitespace || previous == "(" || previous == "\"" else { return nil }
    }
    let rest = String(characters[index..<min(end, index + 8)])
    guard rest.hasPrefix("https://") || rest.hasPrefix("http://") else { return nil }
    var position = index
    while position < end, !characters[position].isWhitespace, characters[position] != "<" {
      position += 1
    }
    let trailing: Set<Character> = [".", ",", ":", ";", "!", "?", "\"", "'", ")", "*", "_"]
    while position > index, trailing.contains(characters[position - 1]) {
      position -= 1
    }
    let url = String(characters[index..<position])
    let schemeLength = rest.hasPrefix("https://") ? 8 : 7
    guard url.count > schemeLength else { return nil }
    return (url, position)
  }
}
