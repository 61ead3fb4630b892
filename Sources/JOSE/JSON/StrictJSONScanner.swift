/// The reading the tree (`StrictJSONParser`) and the document (`StrictJSONDocument`)
/// share: whitespace, literals, the value count, strings and numbers, checked alike, so the
/// two accept and refuse exactly the same texts.
struct StrictJSONScanner {
  let bytes: [UInt8]
  let maximumDepth: Int
  let maximumValues: Int
  var offset = 0
  var values = 0

  init(bytes: [UInt8], maximumDepth: Int, maximumValues: Int) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
    self.maximumValues = maximumValues
  }

  /// A scanner over a whole text: refuses a byte-order mark and invalid UTF-8 first.
  static func checked(
    _ bytes: some Collection<UInt8>, maximumDepth: Int, maximumValues: Int
  ) throws(StrictJSONError) -> StrictJSONScanner {
    let input = Array(bytes)
    if input.starts(with: [0xEF, 0xBB, 0xBF]) { throw StrictJSONError.notUTF8 }
    // Validating the whole text once means every slice between ASCII delimiters is valid too:
    // quote and backslash bytes never occur inside a multi-byte UTF-8 sequence.
    // ASCII (most texts) is UTF-8 already: checked without making a string of it.
    let ascii = input.withUnsafeBufferPointer { bytes in bytes.allSatisfy { $0 < 0x80 } }
    guard ascii || String(validating: input, as: UTF8.self) != nil else {
      throw StrictJSONError.notUTF8
    }
    var scanner = StrictJSONScanner(
      bytes: input, maximumDepth: maximumDepth, maximumValues: maximumValues)
    scanner.skipWhitespace()
    return scanner
  }

  var atEnd: Bool { offset >= bytes.count }

  var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

  mutating func skipWhitespace() {
    while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
      offset += 1
    }
  }

  func failure() -> StrictJSONError { .syntax(offset: offset) }

  /// After the top-level value: only whitespace may follow.
  mutating func finish() throws(StrictJSONError) {
    skipWhitespace()
    guard atEnd else { throw failure() }
  }

  mutating func expect(_ literal: String) throws(StrictJSONError) {
    for byte in literal.utf8 {
      guard current == byte else { throw failure() }
      offset += 1
    }
  }

  /// The next value, counted against the limit: a scalar read whole, or where an array or
  /// object starts (the reader is left on its bracket, for `members` or `elements`).
  enum Token {
    case objectStart
    case arrayStart
    case string(content: Range<Int>, escaped: Bool, ascii: Bool)
    case number(Double)
    case bool(Bool)
    case null
  }

  /// Reads the next value (see `Token`); at the end of the text it is a syntax error.
  mutating func nextValue() throws(StrictJSONError) -> Token {
    guard let byte = current else { throw failure() }
    values += 1
    guard values <= maximumValues else { throw StrictJSONError.tooManyValues }
    switch byte {
    case UInt8(ascii: "{"): return .objectStart
    case UInt8(ascii: "["): return .arrayStart
    case UInt8(ascii: "\""):
      let (content, escaped, ascii) = try scanString()
      return .string(content: content, escaped: escaped, ascii: ascii)
    case UInt8(ascii: "t"):
      try expect("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expect("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expect("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
    default: throw failure()
    }
  }

  /// Reads an object from its `{` at nesting `depth`: for each member, its name is checked
  /// and `member` reads the value (with this scanner, left on the value). Returns after the
  /// `}`; what the caller checks once the whole object is read (repeated names) comes after
  /// every syntax error inside it, for both readers alike.
  mutating func members(
    depth: Int,
    _ member: (inout StrictJSONScanner, _ name: (content: Range<Int>, escaped: Bool, ascii: Bool))
      throws(StrictJSONError) -> Void
  ) throws(StrictJSONError) {
    try open(depth: depth)
    if current == UInt8(ascii: "}") {
      offset += 1
      return
    }
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\"") else { throw failure() }
      let name = try scanString()
      skipWhitespace()
      guard current == UInt8(ascii: ":") else { throw failure() }
      offset += 1
      skipWhitespace()
      try member(&self, name)
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): offset += 1
      case UInt8(ascii: "}"):
        offset += 1
        return
      default: throw failure()
      }
    }
  }

  /// Reads an array from its `[` at nesting `depth`; `element` reads each value. Returns
  /// after the `]`.
  mutating func elements(
    depth: Int, _ element: (inout StrictJSONScanner) throws(StrictJSONError) -> Void
  ) throws(StrictJSONError) {
    try open(depth: depth)
    if current == UInt8(ascii: "]") {
      offset += 1
      return
    }
    while true {
      skipWhitespace()
      try element(&self)
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): offset += 1
      case UInt8(ascii: "]"):
        offset += 1
        return
      default: throw failure()
      }
    }
  }

  /// Steps into an array or object one level deeper than its parent.
  private mutating func open(depth: Int) throws(StrictJSONError) {
    guard depth <= maximumDepth else { throw StrictJSONError.tooDeep }
    offset += 1
    skipWhitespace()
  }

  /// A string's content between its quotes, checked, whether it holds an escape, and
  /// whether its bytes are all ASCII; the reader is left after the closing quote.
  mutating func scanString() throws(StrictJSONError) -> (
    content: Range<Int>, escaped: Bool, ascii: Bool
  ) {
    offset += 1
    let start = offset
    var escaped = false
    var high: UInt8 = 0
    while true {
      // Plain bytes in a tight loop, up to the next quote, backslash or control character.
      offset = bytes.withUnsafeBufferPointer { buffer in
        var index = offset
        while index < buffer.count {
          let byte = buffer[index]
          if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
          high |= byte
          index += 1
        }
        return index
      }
      switch current {
      case UInt8(ascii: "\""):
        offset += 1
        return (start..<(offset - 1), escaped, high < 0x80)
      case UInt8(ascii: "\\"):
        offset += 1
        escaped = true
        _ = try escape()
      default:
        // A control character, or the end of the text.
        throw failure()
      }
    }
  }

  /// The text of a string content `scanString` has checked.
  static func text(of bytes: [UInt8], _ content: Range<Int>, escaped: Bool) -> String {
    guard escaped else { return String(decoding: bytes[content], as: UTF8.self) }
    var text: [UInt8] = []
    text.reserveCapacity(content.count)
    var scanner = StrictJSONScanner(bytes: bytes, maximumDepth: 0, maximumValues: 0)
    scanner.offset = content.lowerBound
    while scanner.offset < content.upperBound {
      let byte = bytes[scanner.offset]
      scanner.offset += 1
      if byte == UInt8(ascii: "\\") {
        // Checked before: an escape here always reads.
        guard let scalar = try? scanner.escape() else { break }
        UTF8.encode(scalar) { text.append($0) }
      } else {
        text.append(byte)
      }
    }
    return String(decoding: text, as: UTF8.self)
  }

  mutating func escape() throws(StrictJSONError) -> Unicode.Scalar {
    guard let byte = current else { throw failure() }
    offset += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let unit = try hexUnit()
      switch unit {
      case 0xD800...0xDBFF:
        // A high surrogate must be followed at once by an escaped low surrogate.
        try expect("\\u")
        let low = try hexUnit()
        guard (0xDC00...0xDFFF).contains(low) else { throw failure() }
        let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        guard let scalar = Unicode.Scalar(value) else { throw failure() }
        return scalar
      case 0xDC00...0xDFFF:
        throw failure()
      default:
        guard let scalar = Unicode.Scalar(UInt32(unit)) else { throw failure() }
        return scalar
      }
    default:
      offset -= 1
      throw failure()
    }
  }

  mutating func hexUnit() throws(StrictJSONError) -> UInt16 {
    var unit: UInt16 = 0
    for _ in 0..<4 {
      guard let byte = current else { throw failure() }
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw failure()
      }
      unit = unit << 4 | UInt16(digit)
      offset += 1
    }
    return unit
  }

  mutating func number() throws(StrictJSONError) -> Double {
    let start = offset
    let negative = current == UInt8(ascii: "-")
    if negative { offset += 1 }
    // Integer part: a lone zero, or a digit 1-9 followed by any digits.
    if current == UInt8(ascii: "0") {
      offset += 1
    } else {
      guard skipDigits() > 0 else { throw failure() }
    }
    var isInteger = true
    if current == UInt8(ascii: ".") {
      offset += 1
      isInteger = false
      guard skipDigits() > 0 else { throw failure() }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      offset += 1
      isInteger = false
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
      guard skipDigits() > 0 else { throw failure() }
    }
    let digitsStart = negative ? start + 1 : start
    // Whole numbers of up to 15 digits are exact in a `Double`: summed directly, they give
    // what converting their text gives, without making the text.
    if isInteger, offset - digitsStart <= 15 {
      var value = 0.0
      for byte in bytes[digitsStart..<offset] { value = value * 10 + Double(byte &- 0x30) }
      return negative ? -value : value
    }
    let text = String(decoding: bytes[start..<offset], as: UTF8.self)
    guard let number = Double(text), number.isFinite else {
      throw StrictJSONError.syntax(offset: start)
    }
    return number
  }

  mutating func skipDigits() -> Int {
    var count = 0
    while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
      offset += 1
      count += 1
    }
    return count
  }
}
