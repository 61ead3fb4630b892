import Core
import Foundation

/// Where access-log lines go: standard error, a file, a test's memory.
public protocol AccessLogSink: Sendable {
  /// Writes one line (without its line feed); must not block for long or throw.
  func writeLine(_ line: String)
}

/// One JSON object per request, in a fixed key order:
/// `{"time":"2026-12-02T01:39:35.123Z","request_id":"…","method":"GET","route":"/health",
/// "status":200,"latency_ms":0.412,"duration_ms":0.412,"bytes":16,"completed":true}`.
///
/// The route is the matched pattern (`null` when none matched), never the raw path, so no
/// query string, identifier in a path, body or field value (`Authorization` included)
/// reaches the log.
public struct AccessLog: HTTPExchangeObserver {
  private let sink: any AccessLogSink

  /// A log that writes to `sink`.
  public init(sink: any AccessLogSink) { self.sink = sink }

  /// Writes the record's line.
  public func exchangeFinished(_ record: HTTPExchangeRecord) {
    sink.writeLine(Self.line(for: record))
  }

  /// The JSON line for a record. Methods are cut to 32 characters (a client may send any
  /// token).
  public static func line(for record: HTTPExchangeRecord) -> String {
    let requestID = record.requestID.map { "\"\(escape($0))\"" } ?? "null"
    let route = record.route.map { "\"\(escape($0))\"" } ?? "null"
    return "{\"time\":\"\(timestamp(record.start))\",\"request_id\":\(requestID),"
      + "\"method\":\"\(escape(String(record.method.rawValue.prefix(32))))\","
      + "\"route\":\(route),\"status\":\(record.status),"
      + "\"latency_ms\":\(milliseconds(record.latency)),"
      + "\"duration_ms\":\(milliseconds(record.duration)),\"bytes\":\(record.bodyBytes),"
      + "\"completed\":\(record.completed)}"
  }

  /// Milliseconds with microsecond precision, never negative.
  static func milliseconds(_ duration: Duration) -> String {
    let microseconds = max(0, Int((duration.timeInterval * 1_000_000).rounded()))
    let fraction = String(microseconds % 1000)
    return "\(microseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
  }

  /// ISO 8601 in UTC with milliseconds, without a formatter or locale.
  static func timestamp(_ date: Date) -> String {
    let totalMilliseconds = Int((date.timeIntervalSince1970 * 1000).rounded(.down))
    let seconds =
      totalMilliseconds >= 0 ? totalMilliseconds / 1000 : (totalMilliseconds - 999) / 1000
    let millisecond = totalMilliseconds - seconds * 1000
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = seconds - days * 86_400
    let (year, month, day) = CivilDate.fromDays(days)
    func pad(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):"
      + "\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2)).\(pad(millisecond, 3))Z"
  }

  /// JSON string escaping: quote, backslash and control characters.
  static func escape(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      case "\t": escaped += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          let hex = String(scalar.value, radix: 16)
          escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          escaped.unicodeScalars.append(scalar)
        }
      }
    }
    return escaped
  }
}

#if canImport(Glibc)
  import Glibc
  import Synchronization

  /// Writes each line with one `write(2)` to a descriptor (standard error by default), so
  /// lines from several threads never interleave. A line that cannot be written is counted
  /// in `droppedLines`.
  public final class FileDescriptorAccessLogSink: AccessLogSink {
    private let descriptor: Int32
    private let lock = Mutex(0)

    /// A sink writing to `descriptor` (which it does not close).
    public init(descriptor: Int32 = STDERR_FILENO) { self.descriptor = descriptor }

    /// Lines lost to write errors since start.
    public var droppedLines: Int { lock.withLock { $0 } }

    /// Writes `line` and a line feed.
    public func writeLine(_ line: String) {
      let bytes = Array((line + "\n").utf8)
      lock.withLock { dropped in
        var offset = 0
        while offset < bytes.count {
          let written = bytes[offset...].withUnsafeBytes {
            Glibc.write(descriptor, $0.baseAddress, $0.count)
          }
          if written > 0 {
            offset += written
          } else if written < 0, errno == EINTR {
            continue
          } else {
            dropped += 1
            return
          }
        }
      }
    }
  }
#endif
