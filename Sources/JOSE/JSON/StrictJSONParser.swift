import Foundation

/// Why the strict parser refused a text.
public enum StrictJSONError: Error, Equatable, Sendable {
  /// The bytes are not UTF-8, or start with a byte-order mark.
  case notUTF8
  /// The text is not JSON (the offset is where reading stopped).
  case syntax(offset: Int)
  /// An object names the same member twice.
  case duplicateMember
  /// Arrays and objects nest deeper than the parser's limit.
  case tooDeep
  /// The text is valid JSON but its top-level value is not an object.
  case notAnObject
  /// The text holds more values (scalars, arrays and objects) than the parser's limit.
  case tooManyValues
}

/// A JSON reader (RFC 8259) that refuses what a lenient one would quietly accept.
///
/// Foundation's `JSONSerialization` keeps one of two members with the same name, so two
/// readers of one token could disagree on its claims; this parser refuses such objects,
/// and anything else that has more than one reading: invalid UTF-8, a byte-order mark,
/// lone surrogate escapes, control characters in strings, numbers that overflow a
/// `Double`, and any data after the value. Names are compared as Swift strings, so two
/// names that differ only in Unicode normalisation count as the same name.
public struct StrictJSONParser: Sendable {
  /// How deeply arrays and objects may nest.
  public var maximumDepth: Int
  /// How many values (scalars, arrays and objects) one text may hold. Every value read costs
  /// memory many times its few bytes of text (a 32 MiB text of `{"a":1}` objects took 860
  /// MB), so this, not the text's size alone, bounds what a parse can take.
  public var maximumValues: Int

  /// The default `maximumValues`: far above any document Kiln reads (a sync push of 500
  /// changes holds about 15,000), far below what a body limit's worth of tiny values holds.
  public static let defaultMaximumValues = 100_000

  /// A parser that allows `maximumDepth` levels of nesting (32 by default) and
  /// `maximumValues` values.
  public init(maximumDepth: Int = 32, maximumValues: Int = defaultMaximumValues) {
    self.maximumDepth = maximumDepth
    self.maximumValues = maximumValues
  }

  /// The members of the JSON object `bytes` holds.
  /// - Throws: `StrictJSONError`, including `.notAnObject` for any other top-level value.
  public func parseObject(_ bytes: some Collection<UInt8>) throws -> [String: StrictJSONValue] {
    guard let members = try parse(bytes).objectValue else { throw StrictJSONError.notAnObject }
    return members
  }

  /// The JSON value `bytes` holds; whitespace may surround it, nothing else may follow it.
  /// - Throws: `StrictJSONError`.
  public func parse(_ bytes: some Collection<UInt8>) throws -> StrictJSONValue {
    let input = Array(bytes)
    if input.starts(with: [0xEF, 0xBB, 0xBF]) { throw StrictJSONError.notUTF8 }
    // Validating the whole text once means every slice between ASCII delimiters is valid too:
    // quote and backslash bytes never occur inside a multi-byte UTF-8 sequence.
    guard String(validating: input, as: UTF8.self) != nil else { throw StrictJSONError.notUTF8 }
    var reader = Reader(bytes: input, maximumDepth: maximumDepth, maximumValues: maximumValues)
    reader.skipWhitespace()
    let value = try reader.value(depth: 0)
    reader.skipWhitespace()
    guard reader.atEnd else { throw StrictJSONError.syntax(offset: reader.offset) }
    return value
  }
}

private struct Reader {
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

  var atEnd: Bool { offset >= bytes.count }

  var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

  mutating func skipWhitespace() {
    while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
      offset += 1
    }
  }

  func failure() -> StrictJSONError { .syntax(offset: offset) }

  mutating func expect(_ literal: String) throws {
    for byte in literal.utf8 {
      guard current == byte else { throw failure() }
      offset += 1
    }
  }

  mutating func value(depth: Int) throws -> StrictJSONValue {
    guard let byte = current else { throw failure() }
    values += 1
    guard values <= maximumValues else { throw StrictJSONError.tooManyValues }
    switch byte {
    case UInt8(ascii: "{"): return try object(depth: depth + 1)
    case UInt8(ascii: "["): return try array(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try string())
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

  mutating func object(depth: Int) throws -> StrictJSONValue {
    guard depth <= maximumDepth else { throw StrictJSONError.tooDeep }
    offset += 1
    skipWhitespace()
    if current == UInt8(ascii: "}") {
      offset += 1
      return .object([:])
    }
    // The members are gathered first and the dictionary made once at its final size: built
    // one insertion at a time it grew (and rehashed every name) several times per object.
    var pairs: [(String, StrictJSONValue)] = []
    pairs.reserveCapacity(8)
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\"") else { throw failure() }
      let name = try string()
      skipWhitespace()
      guard current == UInt8(ascii: ":") else { throw failure() }
      offset += 1
      skipWhitespace()
      pairs.append((name, try value(depth: depth)))
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): offset += 1
      case UInt8(ascii: "}"):
        offset += 1
        var members = [String: StrictJSONValue](minimumCapacity: pairs.count)
        for (name, member) in pairs {
          guard members.updateValue(member, forKey: name) == nil else {
            throw StrictJSONError.duplicateMember
          }
        }
        return .object(members)
      default: throw failure()
      }
    }
  }

  mutating func array(depth: Int) throws -> StrictJSONValue {
    guard depth <= maximumDepth else { throw StrictJSONError.tooDeep }
    offset += 1
    var elements: [StrictJSONValue] = []
    skipWhitespace()
    if current == UInt8(ascii: "]") {
      offset += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try value(depth: depth))
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): offset += 1
      case UInt8(ascii: "]"):
        offset += 1
        return .array(elements)
      default: throw failure()
      }
    }
  }

  mutating func string() throws -> String {
    offset += 1
    let start = offset
    // Most strings hold no escape: they are taken straight from the text, in one piece.
    while let byte = current {
      switch byte {
      case UInt8(ascii: "\""):
        offset += 1
        return String(decoding: bytes[start..<(offset - 1)], as: UTF8.self)
      case UInt8(ascii: "\\"):
        return try escapedString(from: start)
      case 0x00..<0x20:
        throw failure()
      default:
        offset += 1
      }
    }
    throw failure()
  }

  /// The rest of a string that holds an escape, from its first escape on; `start` is where
  /// its text began.
  private mutating func escapedString(from start: Int) throws -> String {
    var text = Array(bytes[start..<offset])
    while let byte = current {
      switch byte {
      case UInt8(ascii: "\""):
        offset += 1
        return String(decoding: text, as: UTF8.self)
      case UInt8(ascii: "\\"):
        offset += 1
        UTF8.encode(try escape()) { text.append($0) }
      case 0x00..<0x20:
        throw failure()
      default:
        text.append(byte)
        offset += 1
      }
    }
    throw failure()
  }

  mutating func escape() throws -> Unicode.Scalar {
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

  mutating func hexUnit() throws -> UInt16 {
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

  mutating func number() throws -> Double {
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
