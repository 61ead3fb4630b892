import Foundation
import Synchronization

/// Writes one line per record to standard error: `2026-11-30T21:08:02.123Z notice [ai] text`.
///
/// The terminal app uses it when `KILN_LOG_LEVEL` is set; it never writes to standard output,
/// which belongs to the program's own results.
public final class StandardErrorLogSink: LogSink {
  private let lock = Mutex(())

  public init() {}

  public func write(_ record: LogRecord) {
    let line =
      "\(LogTimestamp.string(from: record.date)) \(record.level) [\(record.category)] "
      + "\(record.message)\n"
    lock.withLock { _ in
      FileHandle.standardError.write(Data(line.utf8))
    }
  }
}

/// ISO 8601 timestamps with milliseconds in UTC, formatted without a shared formatter.
enum LogTimestamp {
  static func string(from date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    let parts = calendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
    let milliseconds = (parts.nanosecond ?? 0) / 1_000_000
    func pad(_ value: Int?, _ width: Int) -> String {
      let text = String(value ?? 0)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))T"
      + "\(pad(parts.hour, 2)):\(pad(parts.minute, 2)):\(pad(parts.second, 2))."
      + "\(pad(milliseconds, 3))Z"
  }
}
