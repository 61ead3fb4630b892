import Foundation

/// How long a request may wait, in seconds.
///
/// Streaming needs two separate limits: how long the server may take to answer at all
/// (`connect`, until the status and headers arrive) and how long it may stay silent between
/// body chunks (`idle`). A total deadline is off by default because reasoning models can think
/// for minutes while a stream is healthy.
public struct HTTPTimeouts: Sendable, Equatable {
  /// The longest wait from sending the request until the response head arrives.
  public var connect: TimeInterval
  /// The longest silence between body chunks; `nil` waits forever.
  public var idle: TimeInterval?
  /// The longest the whole exchange may take, head and body; `nil` for no deadline.
  public var total: TimeInterval?

  /// Timeouts with the given limits.
  public init(connect: TimeInterval, idle: TimeInterval?, total: TimeInterval? = nil) {
    self.connect = connect
    self.idle = idle
    self.total = total
  }

  /// 30 s to the response head, 120 s of silence between chunks, no total deadline.
  public static let standard = HTTPTimeouts(connect: 30, idle: 120, total: nil)
}

extension HTTPTimeouts {
  /// The error a transport reports when the wait for `what` exceeded `seconds`.
  static func expired(_ what: String, _ seconds: TimeInterval) -> HTTPError {
    .transport(code: URLErrorCode.timedOut, message: "Timed out waiting \(seconds) s for \(what)")
  }

  /// `seconds` in nanoseconds, clamped to a range that cannot overflow.
  static func nanoseconds(_ seconds: TimeInterval) -> UInt64 {
    UInt64(max(0, min(seconds, 1e9)) * 1e9)
  }
}
