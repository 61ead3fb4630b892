import Core
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
    let (year, month, day) = CivilDate.fromDays(days)
    func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(weekday), \(twoDigits(day)) \(months[month - 1]) \(year) "
      + "\(twoDigits(secondOfDay / 3600)):\(twoDigits(secondOfDay / 60 % 60)):"
      + "\(twoDigits(secondOfDay % 60)) GMT"
  }
}
