import Core
import Foundation

/// `timestamptz` text in the session's ISO style with UTC (`2026-12-02 01:02:03.456789+00`),
/// written and read without a formatter, locale or calendar.
enum PostgresTimestamp {
  private static let secondsPerDay: Int64 = 86_400

  /// The text of `date` in UTC, with microseconds.
  static func text(of date: Date) -> String {
    let totalMicroseconds = Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
    var days = totalMicroseconds / (secondsPerDay * 1_000_000)
    var remainder = totalMicroseconds % (secondsPerDay * 1_000_000)
    if remainder < 0 {
      days -= 1
      remainder += secondsPerDay * 1_000_000
    }
    let civil = CivilDate.fromDays(Int(days))
    let (year, month, day) = (Int64(civil.year), Int64(civil.month), Int64(civil.day))
    let seconds = remainder / 1_000_000
    let micros = remainder % 1_000_000
    return String(
      format: "%04lld-%02lld-%02lld %02lld:%02lld:%02lld.%06lld+00", year, month, day,
      seconds / 3600, seconds / 60 % 60, seconds % 60, micros)
  }

  /// Parses `YYYY-MM-DD HH:MM:SS[.ffffff]±HH[:MM[:SS]]` (also with `T`); nil for anything else,
  /// including `infinity` and BC dates.
  static func date(from text: String) -> Date? {
    let bytes = Array(text.utf8)
    var index = 0
    func number(_ digits: Int) -> Int64? {
      guard index + digits <= bytes.count else { return nil }
      var value: Int64 = 0
      for byte in bytes[index..<index + digits] {
        guard (48...57).contains(byte) else { return nil }
        value = value * 10 + Int64(byte - 48)
      }
      index += digits
      return value
    }
    func expect(_ allowed: Set<UInt8>) -> Bool {
      guard index < bytes.count, allowed.contains(bytes[index]) else { return false }
      index += 1
      return true
    }
    guard let year = number(4), expect([45]), let month = number(2), expect([45]),
      let day = number(2), expect([32, 84]), let hour = number(2), expect([58]),
      let minute = number(2), expect([58]), let second = number(2)
    else { return nil }
    var micros: Int64 = 0
    if index < bytes.count, bytes[index] == 46 {
      index += 1
      var digits = 0
      while index < bytes.count, (48...57).contains(bytes[index]) {
        if digits < 6 { micros = micros * 10 + Int64(bytes[index] - 48) }
        digits += 1
        index += 1
      }
      guard digits > 0 else { return nil }
      for _ in digits..<max(digits, 6) { micros *= 10 }
    }
    guard index < bytes.count, bytes[index] == 43 || bytes[index] == 45 else { return nil }
    let sign: Int64 = bytes[index] == 45 ? -1 : 1
    index += 1
    guard let offsetHours = number(2) else { return nil }
    var offset = offsetHours * 3600
    if index < bytes.count, bytes[index] == 58 {
      index += 1
      guard let offsetMinutes = number(2) else { return nil }
      offset += offsetMinutes * 60
      if index < bytes.count, bytes[index] == 58 {
        index += 1
        guard let offsetSeconds = number(2) else { return nil }
        offset += offsetSeconds
      }
    }
    guard index == bytes.count, (1...12).contains(month), (1...31).contains(day), hour < 24,
      minute < 60, second < 60
    else { return nil }
    let days = Int64(CivilDate.days(year: Int(year), month: Int(month), day: Int(day)))
    let seconds = days * secondsPerDay + hour * 3600 + minute * 60 + second - sign * offset
    return Date(timeIntervalSince1970: Double(seconds) + Double(micros) / 1_000_000)
  }
}
