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
    let (year, month, day) = civil(fromDays: days)
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
    let days = Self.days(fromCivil: year, month, day)
    let seconds = days * secondsPerDay + hour * 3600 + minute * 60 + second - sign * offset
    return Date(timeIntervalSince1970: Double(seconds) + Double(micros) / 1_000_000)
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
  private static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The proleptic Gregorian date of a day count since 1970-01-01.
  private static func civil(fromDays count: Int64) -> (Int64, Int64, Int64) {
    let shifted = count + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
