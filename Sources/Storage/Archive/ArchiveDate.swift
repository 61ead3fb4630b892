import Core
import Foundation

/// Dates in archives and Markdown: ISO 8601 in UTC with milliseconds
/// (`2026-06-01T12:00:00.000Z`), computed with integer arithmetic so a stored date
/// round-trips exactly and no calendar or locale is read.
enum ArchiveDate {
  /// `date` as `YYYY-MM-DDTHH:MM:SS.mmmZ`.
  static func string(_ date: Date) -> String {
    let parts = Parts(milliseconds: StorageTime.milliseconds(date))
    return "\(parts.dateString)T\(parts.timeString(seconds: true)).\(pad(parts.millisecond, 3))Z"
  }

  /// Parses `YYYY-MM-DDTHH:MM:SS[.fff]Z`; `nil` for anything else.
  static func date(_ text: String) -> Date? {
    let characters = Array(text.utf8)
    guard characters.count >= 20, characters.last == UInt8(ascii: "Z") else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      guard range.upperBound <= characters.count else { return nil }
      var value = 0
      for byte in characters[range] {
        guard (48...57).contains(byte) else { return nil }
        value = value * 10 + Int(byte - 48)
      }
      return value
    }
    let separators: [(Int, Character)] = [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":")]
    for (offset, separator) in separators
    where characters[offset] != UInt8(ascii: separator.unicodeScalars.first ?? "-") {
      return nil
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
    else { return nil }
    var millisecond = 0
    if characters.count > 20 {
      guard characters[19] == UInt8(ascii: "."), let fraction = number(20..<(characters.count - 1))
      else { return nil }
      let digits = characters.count - 21
      guard (1...9).contains(digits) else { return nil }
      let scaled = Double(fraction) / pow(10, Double(digits)) * 1000
      millisecond = Int(scaled.rounded())
    }
    let days = Int64(CivilDate.days(year: year, month: month, day: day))
    let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    return StorageTime.date(milliseconds: seconds * 1000 + Int64(millisecond))
  }

  /// `date` shifted by `offsetSeconds` as `YYYY-MM-DD HH:MM`, for people.
  static func readable(_ date: Date, offsetSeconds: Int) -> String {
    let shifted = StorageTime.milliseconds(date) + Int64(offsetSeconds) * 1000
    let parts = Parts(milliseconds: shifted)
    return "\(parts.dateString) \(parts.timeString(seconds: false))"
  }

  /// A UTC offset as `UTC` or `UTC+02:00`.
  static func offsetLabel(_ seconds: Int) -> String {
    if seconds == 0 { return "UTC" }
    let sign = seconds < 0 ? "-" : "+"
    let minutes = abs(seconds) / 60
    return "UTC\(sign)\(pad(minutes / 60, 2)):\(pad(minutes % 60, 2))"
  }

  private struct Parts {
    let year: Int
    let month: Int
    let day: Int
    let hour: Int
    let minute: Int
    let second: Int
    let millisecond: Int

    init(milliseconds: Int64) {
      let (days, remainder) = milliseconds.floorDivided(by: 86_400_000)
      let (year, month, day) = CivilDate.fromDays(Int(days))
      self.year = year
      self.month = month
      self.day = day
      hour = Int(remainder / 3_600_000)
      minute = Int(remainder / 60_000 % 60)
      second = Int(remainder / 1000 % 60)
      millisecond = Int(remainder % 1000)
    }

    var dateString: String { "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))" }

    func timeString(seconds: Bool) -> String {
      let base = "\(pad(hour, 2)):\(pad(minute, 2))"
      return seconds ? base + ":\(pad(second, 2))" : base
    }
  }
}

private func pad(_ value: Int, _ width: Int) -> String {
  let digits = String(abs(value))
  let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
  return value < 0 ? "-" + padded : padded
}

extension Int64 {
  /// Quotient and non-negative remainder (floor division).
  fileprivate func floorDivided(by divisor: Int64) -> (Int64, Int64) {
    let remainder = ((self % divisor) + divisor) % divisor
    return ((self - remainder) / divisor, remainder)
  }
}
