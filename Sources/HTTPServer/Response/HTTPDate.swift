import Foundation

/// The `Date` header's IMF-fixdate form (RFC 9110 §5.6.7), `Sun, 06 Nov 1994 08:49:37 GMT`,
/// computed without a formatter or locale so it is the same on every machine.
public enum HTTPDate {
  private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// The IMF-fixdate of `date`, truncated to the second.
  public static func format(_ date: Date) -> String {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down))
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = seconds - days * 86_400
    let weekday = weekdays[((days % 7) + 11) % 7]  // 1970-01-01 was a Thursday
    let (year, month, day) = civilDate(daysSinceEpoch: days)
    func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(weekday), \(twoDigits(day)) \(months[month - 1]) \(year) "
      + "\(twoDigits(secondOfDay / 3600)):\(twoDigits(secondOfDay / 60 % 60)):"
      + "\(twoDigits(secondOfDay % 60)) GMT"
  }

  /// Year, month (1-12) and day (1-31) of a day count from 1970-01-01 in the proleptic
  /// Gregorian calendar (Howard Hinnant's `civil_from_days`).
  static func civilDate(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
