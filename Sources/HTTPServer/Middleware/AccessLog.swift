import Core
import Foundation

/// Where access-log lines go: standard error, a file, a test's memory.
public protocol AccessLogSink: Sendable {
  /// Writes one line (without its line feed); must not block for long or throw.
  func writeLine(_ line: String)
}

/// One JSON object per request, in a fixed key order:
/// `{"time":"2026-12-02T01:39:35.123Z","request_id":"…","method":"GET","route":"/health",
/// "status":200,"latency_ms":0.412,"duration_ms":0.412,"bytes":16,"completed":true}`,
/// then any fields the responder added (`HTTPServerResponse.accessLogFields`), in its order.
///
/// The route is the matched pattern (`null` when none matched), never the raw path, so no
/// query string, identifier in a path, body or field value (`Authorization` included)
/// reaches the log.
public struct AccessLog: HTTPExchangeObserver {
  private let sink: any AccessLogSink
  #if canImport(Glibc)
    /// The same sink when it writes to a descriptor: lines then go out as bytes, without
    /// becoming a `String` first (one line per request).
    private let descriptorSink: FileDescriptorAccessLogSink?
  #endif

  /// A log that writes to `sink`.
  public init(sink: any AccessLogSink) {
    self.sink = sink
    #if canImport(Glibc)
      descriptorSink = sink as? FileDescriptorAccessLogSink
    #endif
  }

  /// Writes the record's line.
  public func exchangeFinished(_ record: HTTPExchangeRecord) {
    #if canImport(Glibc)
      if let descriptorSink {
        // On an event loop the line joins the loop's batch, written when its wake-up ends.
        if let batch = AccessLogBatch.current {
          return batch.append(to: descriptorSink) { bytes, second in
            Self.appendLine(for: record, to: &bytes, second: &second)
            bytes.append(0x0A)
          }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        Self.appendLine(for: record, to: &bytes)
        bytes.append(0x0A)
        // On a task answering for a loop, the line goes to that loop's batch.
        if let mailbox = AccessLogForwarding.mailbox,
          mailbox.post(.accessLog(descriptorSink, bytes))
        {
          return
        }
        return bytes.withUnsafeBytes { descriptorSink.write($0) }
      }
    #endif
    sink.writeLine(Self.line(for: record))
  }

  /// The JSON line for a record. Methods are cut to 32 characters (a client may send any
  /// token). Built byte by byte: it runs once per request.
  public static func line(for record: HTTPExchangeRecord) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(256)
    appendLine(for: record, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  static func appendLine(for record: HTTPExchangeRecord, to bytes: inout [UInt8]) {
    var second: Second?
    appendLine(for: record, to: &bytes, second: &second)
  }

  /// `appendLine`, with the time's text up to its second taken from `second` when the
  /// record falls in the same second (an event loop keeps one for its lines).
  static func appendLine(
    for record: HTTPExchangeRecord, to bytes: inout [UInt8], second: inout Second?
  ) {
    append("{\"time\":\"", to: &bytes)
    appendTimestamp(record.start, to: &bytes, second: &second)
    append("\",\"request_id\":", to: &bytes)
    if let identifier = record.requestIDBytes, identifier.allSatisfy({ $0 < 0x80 }) {
      // ASCII (every identifier `RequestIDMiddleware` keeps or makes): copied as it is.
      bytes.append(0x22)
      appendEscaped(identifier, to: &bytes)
      bytes.append(0x22)
    } else {
      appendOptionalString(record.requestID, to: &bytes)
    }
    append(",\"method\":\"", to: &bytes)
    let method = record.method.rawValue
    if method.utf8.count <= 32 {
      appendEscaped(method, to: &bytes)
    } else {
      appendEscaped(String(method.prefix(32)), to: &bytes)
    }
    append("\",\"route\":", to: &bytes)
    appendOptionalString(record.route, to: &bytes)
    append(",\"status\":", to: &bytes)
    bytes.appendDecimal(record.status)
    append(",\"latency_ms\":", to: &bytes)
    appendMilliseconds(record.latency, to: &bytes)
    append(",\"duration_ms\":", to: &bytes)
    appendMilliseconds(record.duration, to: &bytes)
    append(",\"bytes\":", to: &bytes)
    bytes.appendDecimal(record.bodyBytes)
    append(record.completed ? ",\"completed\":true" : ",\"completed\":false", to: &bytes)
    for field in record.fields {
      bytes.append(0x2C)
      appendOptionalString(field.name, to: &bytes)
      bytes.append(0x3A)
      switch field.value {
      case .string(let text): appendOptionalString(text, to: &bytes)
      case .integer(let value): bytes.appendDecimal(value)
      case .boolean(let value): append(value ? "true" : "false", to: &bytes)
      }
    }
    bytes.append(0x7D)
  }

  private static func append(_ text: StaticString, to bytes: inout [UInt8]) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  private static func appendOptionalString(_ text: String?, to bytes: inout [UInt8]) {
    guard let text else { return append("null", to: &bytes) }
    bytes.append(0x22)
    appendEscaped(text, to: &bytes)
    bytes.append(0x22)
  }

  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

  /// JSON string escaping: quote, backslash and control characters; other UTF-8 as is.
  /// Text with nothing to escape (identifiers, routes, methods) is copied whole.
  private static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
    var text = text
    text.withUTF8 { appendEscaped($0, to: &bytes) }
  }

  /// The same escaping for UTF-8 bytes.
  private static func appendEscaped(_ utf8: some Collection<UInt8>, to bytes: inout [UInt8]) {
    if !utf8.contains(where: needsEscape) { return bytes.append(contentsOf: utf8) }
    let hex = hexDigits
    for byte in utf8 {
      switch byte {
      case 0x22: bytes += [0x5C, 0x22]
      case 0x5C: bytes += [0x5C, 0x5C]
      case 0x0A: bytes += [0x5C, 0x6E]
      case 0x0D: bytes += [0x5C, 0x72]
      case 0x09: bytes += [0x5C, 0x74]
      case 0..<0x20, 0x7F:
        bytes += [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      default: bytes.append(byte)
      }
    }
  }

  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F
  }

  /// Milliseconds with microsecond precision, never negative.
  private static func appendMilliseconds(_ duration: Duration, to bytes: inout [UInt8]) {
    let microseconds = max(0, Int((duration.timeInterval * 1_000_000).rounded()))
    bytes.appendDecimal(microseconds / 1000)
    bytes.append(0x2E)
    bytes.appendDigits(microseconds % 1000, count: 3)
  }

  /// The text of a time up to its second (`2026-12-02T01:39:35.`) and the second it is
  /// for: the lines of one second share it instead of each working out the date.
  struct Second {
    var since1970: Int
    var text: [UInt8]
  }

  /// ISO 8601 in UTC with milliseconds, without a formatter or locale.
  private static func appendTimestamp(
    _ date: Date, to bytes: inout [UInt8], second: inout Second?
  ) {
    let totalMilliseconds = Int((date.timeIntervalSince1970 * 1000).rounded(.down))
    let seconds =
      totalMilliseconds >= 0 ? totalMilliseconds / 1000 : (totalMilliseconds - 999) / 1000
    let millisecond = totalMilliseconds - seconds * 1000
    if let cached = second, cached.since1970 == seconds {
      bytes.append(contentsOf: cached.text)
    } else if second != nil {
      var text: [UInt8] = []
      appendSecond(seconds, to: &text)
      bytes.append(contentsOf: text)
      second = Second(since1970: seconds, text: text)
    } else {
      // No line before it to share with (a line written alone).
      appendSecond(seconds, to: &bytes)
    }
    bytes.appendDigits(millisecond, count: 3)
    bytes.append(0x5A)
  }

  /// `YYYY-MM-DDTHH:MM:SS.` for a second since 1970.
  private static func appendSecond(_ seconds: Int, to bytes: inout [UInt8]) {
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = seconds - days * 86_400
    let (year, month, day) = CivilDate.fromDays(days)
    bytes.appendDigits(year, count: 4)
    bytes.append(0x2D)
    bytes.appendDigits(month, count: 2)
    bytes.append(0x2D)
    bytes.appendDigits(day, count: 2)
    bytes.append(0x54)
    bytes.appendDigits(secondOfDay / 3600, count: 2)
    bytes.append(0x3A)
    bytes.appendDigits(secondOfDay / 60 % 60, count: 2)
    bytes.append(0x3A)
    bytes.appendDigits(secondOfDay % 60, count: 2)
    bytes.append(0x2E)
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
      var bytes: [UInt8] = []
      bytes.reserveCapacity(line.utf8.count + 1)
      bytes.append(contentsOf: line.utf8)
      bytes.append(0x0A)
      bytes.withUnsafeBytes { write($0) }
    }

    /// Writes whole lines (`lines` of them, line feeds included) with one `write(2)` under
    /// the lock; if it fails, all of them count as dropped.
    func write(_ bytes: UnsafeRawBufferPointer, lines: Int = 1) {
      lock.withLock { dropped in
        var offset = 0
        while offset < bytes.count {
          let written = Glibc.write(
            descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
          if written > 0 {
            offset += written
          } else if written < 0, errno == EINTR {
            continue
          } else {
            dropped += lines
            return
          }
        }
      }
    }
  }
#endif
