/// How much of an event stream the parser holds at once: the longest line and the largest
/// event data it accepts before it stops reading.
///
/// A server that never ends a line, or never ends an event, would otherwise make the
/// parser's buffers grow with everything it sends. Past a limit the parser keeps nothing
/// more, reports `ServerSentEventLimitError` through `ServerSentEventParser.limitExceeded`,
/// and ignores the rest of the stream, so memory stays bounded whatever arrives.
public struct ServerSentEventLimits: Sendable, Equatable {
  /// The longest line, in bytes without its line end.
  public var maximumLineBytes: Int
  /// The largest data buffer of one event, in bytes (every `data` value of the block plus
  /// one byte per value).
  public var maximumEventBytes: Int

  /// Limits with the given sizes; values below 1 count as 1.
  public init(maximumLineBytes: Int, maximumEventBytes: Int) {
    self.maximumLineBytes = max(1, maximumLineBytes)
    self.maximumEventBytes = max(1, maximumEventBytes)
  }

  /// 1 MiB per line and 4 MiB per event: far more than any chat-completion chunk.
  public static let standard = ServerSentEventLimits(
    maximumLineBytes: 1 << 20, maximumEventBytes: 4 << 20)

  /// No practical limit, for streams whose source is trusted (benchmarks, local files).
  public static let unlimited = ServerSentEventLimits(
    maximumLineBytes: .max, maximumEventBytes: .max)
}

/// A stream passed one of the parser's `ServerSentEventLimits`.
public enum ServerSentEventLimitError: Error, Sendable, Equatable {
  /// A line grew past `limit` bytes without a line end.
  case lineTooLong(limit: Int)
  /// One event's data grew past `limit` bytes without a blank line dispatching it.
  case eventTooLarge(limit: Int)

  /// The limit that was passed, in bytes.
  public var limit: Int {
    switch self {
    case .lineTooLong(let limit), .eventTooLarge(let limit): return limit
    }
  }
}
