extension [UInt8] {
  /// Appends `value` in decimal ASCII, without building a `String` unless it is negative.
  /// The access log and the response writer share it.
  mutating func appendDecimal(_ value: Int) {
    guard value >= 0 else { return append(contentsOf: String(value).utf8) }
    appendDigits(value, count: 1)
  }

  /// Appends a value that is not negative in decimal, zero-padded on the left to at least
  /// `count` digits (at most 20, the most an `Int` has). The digits are worked out from the
  /// right with the constant divisor 10 (a multiplication once compiled) and appended in
  /// order: this runs several times for every request (status, length, the access log's
  /// time and figures).
  mutating func appendDigits(_ value: Int, count: Int) {
    let width = Swift.min(count, 20)
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = 20
      var rest = UInt(Swift.max(0, value))
      repeat {
        start -= 1
        digits[start] = 0x30 + UInt8(truncatingIfNeeded: rest % 10)
        rest /= 10
      } while rest > 0
      while 20 - start < width {
        start -= 1
        digits[start] = 0x30
      }
      // Byte by byte: for a few digits this beats a bulk append, which calls `memmove`.
      for index in start..<20 { append(digits[index]) }
    }
  }
}
