/// An object member's name, compared against the names a decoder knows without building
/// a `String` (unless the name contained escapes).
struct JSONKey {
  /// The raw bytes between the quotes, when the name had no escapes.
  fileprivate let raw: UnsafeBufferPointer<UInt8>?
  /// The decoded name, when it had escapes.
  fileprivate let decoded: String?

  /// Whether this key is `name`.
  func matches(_ name: StaticString) -> Bool {
    if let raw {
      let count = name.utf8CodeUnitCount
      guard raw.count == count else { return false }
      for index in 0..<count where raw[index] != name.utf8Start[index] { return false }
      return true
    }
    return decoded == name.description
  }
}

extension JSONReader {
  /// Reads a string.
  /// - Throws: `Failure` when the next value is not a well-formed string.
  mutating func readString() throws -> String {
    skipWhitespace()
    try expect(UInt8(ascii: "\""))
    let start = offset
    if try scanToQuoteOrEscape() {
      let text = String(
        decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
      offset += 1
      return text
    }
    var decoded = Array(bytes[start..<offset])
    try readEscapedRemainder(into: &decoded)
    return String(decoding: decoded, as: UTF8.self)
  }

  /// Reads a string, or `null` as `nil`.
  /// - Throws: `Failure` when the next value is neither.
  mutating func readOptionalString() throws -> String? {
    if try readNull() { return nil }
    guard try peekKind() == .string else { throw failure("expected a string") }
    return try readString()
  }

  /// Skips a string without decoding it.
  mutating func skipString() throws {
    try expect(UInt8(ascii: "\""))
    if try scanToQuoteOrEscape() {
      offset += 1
      return
    }
    var ignored: [UInt8] = []
    try readEscapedRemainder(into: &ignored)
  }

  /// Reads an object member's name.
  mutating func readKey() throws -> JSONKey {
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
      throw failure("expected a member name")
    }
    offset += 1
    let start = offset
    if try scanToQuoteOrEscape() {
      let raw = UnsafeBufferPointer(rebasing: bytes[start..<offset])
      offset += 1
      return JSONKey(raw: raw, decoded: nil)
    }
    var decoded = Array(bytes[start..<offset])
    try readEscapedRemainder(into: &decoded)
    return JSONKey(raw: nil, decoded: String(decoding: decoded, as: UTF8.self))
  }

  /// Moves to the closing quote (returning `true`) or to the first backslash (returning
  /// `false`) of the string whose contents start at the current offset.
  private mutating func scanToQuoteOrEscape() throws -> Bool {
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") { return true }
      if byte == UInt8(ascii: "\\") { return false }
      if byte < 0x20 { throw failure("control character in a string") }
      offset += 1
    }
    throw failure("unterminated string")
  }

  /// Decodes the rest of a string that contains escapes, from a backslash to the closing
  /// quote, appending its UTF-8 to `output`.
  private mutating func readEscapedRemainder(into output: inout [UInt8]) throws {
    while offset < bytes.count {
      let byte = bytes[offset]
      offset += 1
      switch byte {
      case UInt8(ascii: "\""):
        return
      case UInt8(ascii: "\\"):
        try readEscape(into: &output)
      case 0..<0x20:
        offset -= 1
        throw failure("control character in a string")
      default:
        output.append(byte)
      }
    }
    throw failure("unterminated string")
  }

  private mutating func readEscape(into output: inout [UInt8]) throws {
    guard offset < bytes.count else { throw failure("unterminated escape") }
    let byte = bytes[offset]
    offset += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
    case UInt8(ascii: "b"): output.append(0x08)
    case UInt8(ascii: "f"): output.append(0x0C)
    case UInt8(ascii: "n"): output.append(0x0A)
    case UInt8(ascii: "r"): output.append(0x0D)
    case UInt8(ascii: "t"): output.append(0x09)
    case UInt8(ascii: "u"): appendScalar(try readUnicodeEscape(), to: &output)
    default:
      offset -= 1
      throw failure("invalid escape")
    }
  }

  /// Reads the four hex digits after `\u`, and a low surrogate's escape after a high one.
  /// An unpaired surrogate becomes U+FFFD, as a UTF-8 encoder with replacement writes it.
  private mutating func readUnicodeEscape() throws -> Unicode.Scalar {
    let unit = try readHexQuad()
    switch unit {
    case 0xD800...0xDBFF:
      let resume = offset
      if offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
        bytes[offset + 1] == UInt8(ascii: "u")
      {
        offset += 2
        let low = try readHexQuad()
        if (0xDC00...0xDFFF).contains(low) {
          let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
          return Unicode.Scalar(value) ?? "\u{FFFD}"
        }
        offset = resume
      }
      return "\u{FFFD}"
    case 0xDC00...0xDFFF:
      return "\u{FFFD}"
    default:
      return Unicode.Scalar(unit) ?? "\u{FFFD}"
    }
  }

  private mutating func readHexQuad() throws -> UInt16 {
    guard offset + 4 <= bytes.count else { throw failure("unterminated \\u escape") }
    var value: UInt16 = 0
    for _ in 0..<4 {
      let byte = bytes[offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw failure("invalid \\u escape")
      }
      value = value << 4 | UInt16(digit)
      offset += 1
    }
    return value
  }

  private func appendScalar(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
    output.append(contentsOf: scalar.utf8)
  }
}
