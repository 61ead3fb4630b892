import Networking

/// How much of a streamed reply a client holds: the longest event-stream line it reads and
/// the most reply text it keeps.
///
/// A provider that never ends a line, or never ends its reply, cannot make the app's memory
/// grow past these: the stream stops with a `.streamError` naming the limit, and the text
/// that arrived before it (up to `maximumReplyBytes`) is kept.
public struct ChatStreamLimits: Sendable, Equatable {
  /// The longest line of the event stream, in bytes (1 MiB by default).
  public var maximumLineBytes: Int
  /// The most reply text kept, content and reasoning together, in UTF-8 bytes (4 MiB by
  /// default).
  public var maximumReplyBytes: Int

  /// Limits with the given sizes; values below 1 count as 1.
  public init(maximumLineBytes: Int = 1 << 20, maximumReplyBytes: Int = 4 << 20) {
    self.maximumLineBytes = max(1, maximumLineBytes)
    self.maximumReplyBytes = max(1, maximumReplyBytes)
  }

  /// 1 MiB per line, 4 MiB of reply.
  public static let standard = ChatStreamLimits()

  /// What the event-stream parser may hold: one line, and one event as large as the whole
  /// reply may be (an event carries at most the reply's text plus its JSON).
  var eventStream: ServerSentEventLimits {
    ServerSentEventLimits(
      maximumLineBytes: maximumLineBytes,
      maximumEventBytes: max(maximumLineBytes, maximumReplyBytes))
  }
}

extension ProviderError {
  /// The stream passed one of the parser's limits.
  static func limitPassed(_ error: ServerSentEventLimitError) -> ProviderError {
    switch error {
    case .lineTooLong(let limit):
      return ProviderError(
        code: .lineTooLong,
        message: "The provider sent a line longer than \(byteCount(limit)) without ending it, "
          + "so the reply was stopped.")
    case .eventTooLarge(let limit):
      return ProviderError(
        code: .lineTooLong,
        message: "The provider sent an event larger than \(byteCount(limit)), "
          + "so the reply was stopped.")
    }
  }

  /// The reply passed `limit` bytes of text.
  static func replyTooLarge(limit: Int) -> ProviderError {
    ProviderError(
      code: .replyTooLarge,
      message: "The reply passed \(byteCount(limit)), the most Kiln keeps, so it was "
        + "stopped there; the text up to the limit is kept.")
  }

  /// The server answered with something that is not an event stream.
  static func notAnEventStream(contentType: String) -> ProviderError {
    ProviderError(
      code: .notAnEventStream,
      message: "The server answered with a web page (\(contentType)) instead of a reply: "
        + "check the provider's address.")
  }

  /// `bytes` in the largest whole binary unit: "1 MiB", "4 MiB", "512 KiB", "100 bytes".
  static func byteCount(_ bytes: Int) -> String {
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
    return "\(bytes) bytes"
  }
}

extension ProviderErrorCode {
  /// Kiln's own code: a line or an event of the stream passed `ChatStreamLimits`.
  public static let lineTooLong: Self = "line_too_long"
  /// Kiln's own code: the reply's text passed `ChatStreamLimits.maximumReplyBytes`.
  public static let replyTooLarge: Self = "reply_too_large"
  /// Kiln's own code: a successful answer that is an HTML page, not an event stream.
  public static let notAnEventStream: Self = "not_an_event_stream"
}
