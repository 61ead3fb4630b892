/// Where the top-level members of a JSON object sit in its text, so an argument's value can
/// be passed on byte for byte: `changes` as sent, `since` without a detour through `Double`.
///
/// It only walks text that `StrictJSONParser` has already accepted as one object; it checks
/// nothing itself, and stops at the end of the text whatever it holds.
enum JSONMemberSpans {
  /// One member: the range of its name (quotes included) and of its value.
  struct Span: Equatable {
    var name: Range<Int>
    var value: Range<Int>
  }

  /// The members of the object `text` holds, in order.
  static func members(of text: [UInt8]) -> [Span] {
    var spans: [Span] = []
    var index = skipWhitespace(text, from: 0)
    guard index < text.count, text[index] == UInt8(ascii: "{") else { return [] }
    index += 1
    while true {
      index = skipWhitespace(text, from: index)
      guard index < text.count, text[index] != UInt8(ascii: "}") else { return spans }
      if text[index] == UInt8(ascii: ",") { index = skipWhitespace(text, from: index + 1) }
      let nameStart = index
      index = endOfString(text, from: index)
      let name = nameStart..<index
      // The colon between name and value.
      index = skipWhitespace(text, from: skipWhitespace(text, from: index) + 1)
      let valueStart = index
      index = endOfValue(text, from: index)
      guard valueStart < index else { return spans }
      spans.append(Span(name: name, value: valueStart..<index))
    }
  }

  /// Whether `byte` is JSON white space.
  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private static func isDelimiter(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
  }

  private static func skipWhitespace(_ text: [UInt8], from start: Int) -> Int {
    var index = start
    while index < text.count, isWhitespace(text[index]) { index += 1 }
    return index
  }

  /// The index after the string that starts at `start` (its opening quote).
  private static func endOfString(_ text: [UInt8], from start: Int) -> Int {
    var index = start + 1
    while index < text.count, text[index] != UInt8(ascii: "\"") {
      index += text[index] == UInt8(ascii: "\\") ? 2 : 1
    }
    return min(index + 1, text.count)
  }

  /// The index after the value that starts at `start`.
  private static func endOfValue(_ text: [UInt8], from start: Int) -> Int {
    guard start < text.count else { return start }
    switch text[start] {
    case UInt8(ascii: "\""):
      return endOfString(text, from: start)
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      var index = start
      while index < text.count {
        switch text[index] {
        case UInt8(ascii: "\""):
          index = endOfString(text, from: index)
          continue
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 { return index + 1 }
        default:
          break
        }
        index += 1
      }
      return index
    default:
      // A number, true, false or null: up to the next delimiter.
      var index = start
      while index < text.count, !isWhitespace(text[index]), !isDelimiter(text[index]) {
        index += 1
      }
      return index
    }
  }
}
