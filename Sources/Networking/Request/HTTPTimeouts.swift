import Dispatch
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

  /// The monotonic clock deadlines are measured on, in nanoseconds.
  static func uptime() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
  }

  /// `seconds` in nanoseconds, clamped to a range that cannot overflow.
  static func nanoseconds(_ seconds: TimeInterval) -> UInt64 {
    UInt64(max(0, min(seconds, 1e9)) * 1e9)
  }

  /// The deadline that comes first for an exchange, in monotonic nanoseconds
  /// (`DispatchTime.uptimeNanoseconds`), with the error to report when it passes; `nil` when
  /// no limit applies. Before the head: the connect and total limits; after it: idle and
  /// total.
  func nearestDeadline(
    startedAt: UInt64, lastActivity: UInt64, headArrived: Bool
  ) -> (UInt64, HTTPError)? {
    var candidates: [(UInt64, HTTPError)] = []
    if let total {
      candidates.append(
        (startedAt &+ Self.nanoseconds(total), Self.expired("the whole exchange", total)))
    }
    if !headArrived {
      candidates.append(
        (startedAt &+ Self.nanoseconds(connect), Self.expired("the response head", connect)))
    } else if let idle {
      candidates.append(
        (lastActivity &+ Self.nanoseconds(idle), Self.expired("the next body chunk", idle)))
    }
    return candidates.min { $0.0 < $1.0 }
  }
}
