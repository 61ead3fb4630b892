/// Character classes of RFC 9110 §5.6 and RFC 9112, over bytes.
enum HTTPSyntax {
  static let space: UInt8 = 0x20
  static let tab: UInt8 = 0x09
  static let carriageReturn: UInt8 = 0x0D
  static let lineFeed: UInt8 = 0x0A
  static let colon: UInt8 = 0x3A
  static let semicolon: UInt8 = 0x3B
  static let equals: UInt8 = 0x3D
  static let quote: UInt8 = 0x22
  static let backslash: UInt8 = 0x5C
  static let slash: UInt8 = 0x2F

  /// `tchar`: the characters of a token (methods, field names, coding names).
  static func isTokenCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
    case 0x21, 0x23, 0x24, 0x25, 0x26, 0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x5E, 0x5F, 0x60, 0x7C,
      0x7E:
      true
    default: false
    }
  }

  /// Whether every byte is a token character and there is at least one.
  static func isToken(_ bytes: some Collection<UInt8>) -> Bool {
    !bytes.isEmpty && bytes.allSatisfy(isTokenCharacter)
  }

  /// Whitespace that may surround a field value or a chunk extension (SP, HTAB).
  static func isWhitespace(_ byte: UInt8) -> Bool { byte == space || byte == tab }

  /// A byte allowed inside a field value: visible ASCII, SP, HTAB, or obs-text.
  static func isFieldValueCharacter(_ byte: UInt8) -> Bool {
    byte == tab || (0x20...0x7E).contains(byte) || byte >= 0x80
  }

  /// A byte allowed in a request target: visible ASCII (no whitespace, no controls).
  static func isTargetCharacter(_ byte: UInt8) -> Bool { (0x21...0x7E).contains(byte) }

  /// A byte allowed in a `Host` value: reg-name, IP literal and port characters.
  static func isHostCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
    case 0x2D, 0x2E, 0x5F, 0x7E, 0x21, 0x24, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x3B,
      0x3D, 0x3A, 0x5B, 0x5D, 0x25:
      true
    default: false
    }
  }

  /// A `qdtext` byte or one that may follow a backslash in a quoted string.
  static func isQuotedTextCharacter(_ byte: UInt8) -> Bool {
    byte == tab || byte == space || byte == 0x21 || (0x23...0x5B).contains(byte)
      || (0x5D...0x7E).contains(byte) || byte >= 0x80
  }

  /// The value of a hexadecimal digit, or `nil`.
  static func hexValue(_ byte: UInt8) -> Int? {
    switch byte {
    case 0x30...0x39: Int(byte - 0x30)
    case 0x41...0x46: Int(byte - 0x41 + 10)
    case 0x61...0x66: Int(byte - 0x61 + 10)
    default: nil
    }
  }

  /// The value of a decimal digit, or `nil`.
  static func decimalValue(_ byte: UInt8) -> Int? {
    (0x30...0x39).contains(byte) ? Int(byte - 0x30) : nil
  }
}
