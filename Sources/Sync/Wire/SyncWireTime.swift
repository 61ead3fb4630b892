import Core
import Foundation
import Storage

/// Times on the wire: UTC with milliseconds, always 24 characters
/// (`2026-12-02T10:07:54.123Z`, docs/SYNC.md §1). Written and read by arithmetic on the
/// proleptic Gregorian calendar, so no formatter, locale or time zone takes part.
enum SyncWireTime {
  /// The length of every wire time.
  static let length = 24

  private static let millisecondsPerDay: Int64 = 86_400_000

  /// `date` in the wire form, or `nil` when its year is outside 0000-9999.
  static func string(_ date: Date) -> String? {
    let milliseconds = StorageTime.milliseconds(date)
    let days = floorDivision(milliseconds, millisecondsPerDay)
    let inDay = milliseconds - days * millisecondsPerDay
    let civil = CivilDate.fromDays(Int(days))
    let (year, month, day) = (Int64(civil.year), Int64(civil.month), Int64(civil.day))
    guard (0...9999).contains(year) else { return nil }
    let hour = inDay / 3_600_000
    let minute = inDay / 60_000 % 60
    let second = inDay / 1000 % 60
    let millisecond = inDay % 1000
    return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2) + "T"
      + padded(hour, 2) + ":" + padded(minute, 2) + ":" + padded(second, 2) + "."
      + padded(millisecond, 3) + "Z"
  }

  /// The date `text` spells, or `nil` unless it is exactly the wire form of a real instant.
  static func date(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count == length else { return nil }
    let separators: [(Int, UInt8)] = [
      (4, UInt8(ascii: "-")), (7, UInt8(ascii: "-")), (10, UInt8(ascii: "T")),
      (13, UInt8(ascii: ":")), (16, UInt8(ascii: ":")), (19, UInt8(ascii: ".")),
      (23, UInt8(ascii: "Z")),
    ]
    for (index, byte) in separators where bytes[index] != byte { return nil }
    func number(_ start: Int, _ count: Int) -> Int64? {
      var value: Int64 = 0
      for byte in bytes[start..<(start + count)] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int64(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
      let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
      let millisecond = number(20, 3)
    else { return nil }
    guard (1...12).contains(month), day >= 1,
      day <= Int64(CivilDate.daysInMonth(year: Int(year), month: Int(month))),
      hour < 24, minute < 60, second < 60
    else { return nil }
    let days = Int64(CivilDate.days(year: Int(year), month: Int(month), day: Int(day)))
    let milliseconds =
      days * millisecondsPerDay + hour * 3_600_000 + minute * 60_000 + second * 1000
      + millisecond
    return StorageTime.date(milliseconds: milliseconds)
  }

  private static func padded(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  private static func floorDivision(_ value: Int64, _ divisor: Int64) -> Int64 {
    let quotient = value / divisor
    return value % divisor < 0 ? quotient - 1 : quotient
  }

}
