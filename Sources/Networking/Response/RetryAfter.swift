import Foundation

/// Parses the `Retry-After` header (RFC 9110 §10.2.3).
public enum RetryAfter {
  /// The delay the value asks for, in seconds: a number of seconds, or an HTTP date measured
  /// from `now` (a date in the past gives 0). `nil` when the value is neither.
  public static func parse(_ value: String, now: Date) -> TimeInterval? {
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    if let seconds = Double(trimmed), seconds.isFinite {
      return max(0, seconds)
    }
    guard let date = httpDate(trimmed) else { return nil }
    return max(0, date.timeIntervalSince(now))
  }

  /// The delay asked for by `headers`, if they carry a parseable `Retry-After`.
  public static func delay(in headers: HTTPHeaders, now: Date) -> TimeInterval? {
    headers["Retry-After"].flatMap { parse($0, now: now) }
  }

  /// IMF-fixdate first, then the two obsolete forms HTTP recipients must still accept.
  private static let formats = [
    "EEE, dd MMM yyyy HH:mm:ss zzz",
    "EEEE, dd-MMM-yy HH:mm:ss zzz",
    "EEE MMM d HH:mm:ss yyyy",
  ]

  private static func httpDate(_ text: String) -> Date? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    for format in formats {
      formatter.dateFormat = format
      if let date = formatter.date(from: text) { return date }
    }
    return nil
  }
}
