import Core

/// Times as docs/SYNC.md §1 carries them (`2026-12-02T10:07:54.123Z`), read into whole
/// milliseconds since 1970 and written back, as the migration's `row_time` and `wire_time`
/// do on PostgreSQL (day arithmetic: Core's `CivilDate`).
///
/// Reading follows PostgreSQL's `timestamptz` input for this one form: the proleptic
/// Gregorian calendar, no year zero, day within its month, second 60 (carried into the next
/// minute) and `24:00:00.000` (the next midnight) accepted while the time of day is at most
/// 24:00:00.000, so both stores store the same instant for every text either accepts; and,
/// as the second sync migration does there, nothing from the year 10000 on, whose wire
/// form would not be 24 characters.
enum SyncWireTime {
  /// Why a text is not a time.
  enum Failure: Error, Equatable {
    /// Not exactly the 24-character form.
    case malformed
    /// The form, but no such time (month 13, February 30, 25:00, year zero).
    case invalid
    /// A time from the year 10000 on.
    case tooLate
  }

  /// The milliseconds since 1970 of `text`.
  /// - Throws: `Failure`.
  static func milliseconds(_ text: String) throws(Failure) -> Int64 {
    let bytes = Array(text.utf8)
    guard bytes.count == 24 else { throw .malformed }
    for (index, byte) in bytes.enumerated() {
      let expected: UInt8? =
        switch index {
        case 4, 7: UInt8(ascii: "-")
        case 10: UInt8(ascii: "T")
        case 13, 16: UInt8(ascii: ":")
        case 19: UInt8(ascii: ".")
        case 23: UInt8(ascii: "Z")
        default: nil
        }
      if let expected {
        guard byte == expected else { throw .malformed }
      } else {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { throw .malformed }
      }
    }
    func number(_ start: Int, _ count: Int) -> Int64 {
      var value: Int64 = 0
      for index in start..<(start + count) {
        value = value * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
      }
      return value
    }
    let year = number(0, 4)
    let month = number(5, 2)
    let day = number(8, 2)
    let hour = number(11, 2)
    let minute = number(14, 2)
    let second = number(17, 2)
    let fraction = number(20, 3)
    let dayMilliseconds = ((hour * 60 + minute) * 60 + second) * 1000 + fraction
    guard year >= 1, (1...12).contains(month), day >= 1,
      day <= Int64(CivilDate.daysInMonth(year: Int(year), month: Int(month))), minute <= 59,
      second <= 60,
      dayMilliseconds <= 86_400_000
    else { throw .invalid }
    let days = Int64(CivilDate.days(year: Int(year), month: Int(month), day: Int(day)))
    let milliseconds = days * 86_400_000 + dayMilliseconds
    // 10000-01-01 would be written with five year digits, which no client reads.
    guard milliseconds < 253_402_300_800_000 else { throw .tooLate }
    return milliseconds
  }

  /// The wire text of `milliseconds` since 1970: UTC, milliseconds, at least four year
  /// digits.
  static func text(_ milliseconds: Int64) -> String {
    let (days, dayMilliseconds) = floorDivision(milliseconds, 86_400_000)
    let civil = CivilDate.fromDays(Int(days))
    let (year, month, day) = (Int64(civil.year), Int64(civil.month), Int64(civil.day))
    let hour = dayMilliseconds / 3_600_000
    let minute = dayMilliseconds / 60_000 % 60
    let second = dayMilliseconds / 1000 % 60
    let fraction = dayMilliseconds % 1000
    return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2) + "T"
      + padded(hour, 2) + ":" + padded(minute, 2) + ":" + padded(second, 2) + "."
      + padded(fraction, 3) + "Z"
  }

  private static func padded(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width
      ? digits : String(repeating: "0", count: width - digits.count) + digits
  }

  private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
    let quotient = value >= 0 ? value / divisor : (value - divisor + 1) / divisor
    return (quotient, value - quotient * divisor)
  }
}
