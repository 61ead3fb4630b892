import Foundation

extension Calendar {
  /// A Gregorian calendar in UTC, so dates in tests mean the same thing on every machine.
  public static var utcTest: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
    calendar.locale = Locale(identifier: "en_US_POSIX")
    return calendar
  }
}

/// Fixed values for tests: explicit dates and identifiers, never `Date()` or `UUID()`.
public enum Fixture {
  /// A date in UTC, e.g. `Fixture.date(2026, 6, 1)` is 2026-06-01 12:00:00 UTC.
  public static func date(
    _ year: Int, _ month: Int, _ day: Int, hour: Int = 12, minute: Int = 0, second: Int = 0
  ) -> Date {
    let components = DateComponents(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    guard let date = Calendar.utcTest.date(from: components) else {
      preconditionFailure("Fixture.date: invalid components \(components)")
    }
    return date
  }

  /// The reference instant most tests start from: 2026-06-01 12:00:00 UTC.
  public static let referenceDate = date(2026, 6, 1)

  /// `00000000-0000-0000-0000-00000000000N` for small `n`: readable, distinct identifiers.
  public static func uuid(_ n: Int) -> UUID {
    UUID(sequence: n)
  }
}
