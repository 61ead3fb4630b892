import Foundation

/// How Storage keeps time: whole milliseconds since 1970.
///
/// Every date that enters a repository is rounded to the millisecond by both the SQLite
/// implementation and the in-memory twin, so a value read back equals the value stored and
/// both implementations agree to the bit. Export writes the same milliseconds.
public enum StorageTime {
  /// `date` as whole milliseconds since 1970, rounded to the nearest.
  public static func milliseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1000).rounded())
  }

  /// The date `milliseconds` after 1970.
  public static func date(milliseconds: Int64) -> Date {
    Date(timeIntervalSince1970: Double(milliseconds) / 1000)
  }

  /// `date` rounded to the millisecond, exactly as Storage will return it.
  public static func normalized(_ date: Date) -> Date {
    self.date(milliseconds: milliseconds(date))
  }
}
