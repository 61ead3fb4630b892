extension JSONReader {
  /// Reads a number token, checking RFC 8259's grammar, and returns its bytes' range.
  /// - Throws: `Failure` when the next value is not a well-formed number.
  mutating func readNumberToken() throws -> Range<Int> {
    skipWhitespace()
    let start = offset
    _ = consume(UInt8(ascii: "-"))
    if consume(UInt8(ascii: "0")) {
      // A leading zero stands alone.
    } else if skipDigits() == 0 {
      throw failure("expected a number")
    }
    if consume(UInt8(ascii: ".")), skipDigits() == 0 {
      throw failure("expected digits after the decimal point")
    }
    if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
      if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
      if skipDigits() == 0 { throw failure("expected exponent digits") }
    }
    return start..<offset
  }

  /// Reads a number that is a whole value (`12`, `12.0`, `1.2e1`) as an `Int`.
  /// - Throws: `Failure` when the next value is not a number, or not a whole one in range.
  mutating func readInt() throws -> Int {
    guard try peekKind() == .number else { throw failure("expected a number") }
    let token = try readNumberToken()
    if let value = Self.wholeNumber(UnsafeBufferPointer(rebasing: bytes[token])) {
      return value
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[token]), as: UTF8.self)
    guard let double = Double(text), double.rounded() == double,
      double >= -9.0e18, double <= 9.0e18
    else {
      throw Failure(offset: token.lowerBound, reason: "expected a whole number")
    }
    return Int(double)
  }

  /// Reads an integer, or `null` as `nil`.
  /// - Throws: `Failure` when the next value is neither.
  mutating func readOptionalInt() throws -> Int? {
    try readNull() ? nil : readInt()
  }

  /// The value of an optionally signed run of digits that fits an `Int`, or `nil`.
  private static func wholeNumber(_ token: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = 0
    let negative = token.first == UInt8(ascii: "-")
    if negative { index = 1 }
    guard index < token.count, token.count - index <= 18 else { return nil }
    var value = 0
    while index < token.count {
      let byte = token[index]
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
      index += 1
    }
    return negative ? -value : value
  }

  private mutating func skipDigits() -> Int {
    let start = offset
    while offset < bytes.count, bytes[offset] >= UInt8(ascii: "0"),
      bytes[offset] <= UInt8(ascii: "9")
    {
      offset += 1
    }
    return offset - start
  }
}
