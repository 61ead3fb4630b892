extension [UInt8] {
  /// Appends `value` in decimal ASCII, without building a `String` unless it is negative.
  /// The access log and the response writer share it.
  mutating func appendDecimal(_ value: Int) {
    guard value >= 0 else { return append(contentsOf: String(value).utf8) }
    var divisor = 1
    while divisor <= value / 10 { divisor *= 10 }
    var rest = value
    while divisor > 0 {
      append(0x30 + UInt8(rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }
}
