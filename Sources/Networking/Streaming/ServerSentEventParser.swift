import Foundation

/// An incremental parser for `text/event-stream` bodies (server-sent events).
///
/// It implements the WHATWG HTML "Parsing an event stream" and "Interpreting an event
/// stream" rules: lines end with CRLF, LF or CR (a CRLF split across two chunks is one line
/// end); one UTF-8 byte order mark is removed at the start of the stream; lines starting
/// with a colon are comments; a line without a colon is a field name with an empty value;
/// one space after the colon is removed; field names are case-sensitive; `event`, `data`,
/// `id` (ignored when it contains NULL) and `retry` (only when all ASCII digits) are the
/// fields; a blank line dispatches the block, unless its data buffer is empty. Bytes are
/// decoded as UTF-8 once per complete field value, so a code point split across chunks is
/// reassembled, and invalid sequences become U+FFFD as a UTF-8 decoder with replacement
/// would produce them.
///
/// Memory is bounded by `limits` (1 MiB per line and 4 MiB per event by default): a stream
/// that passes one sets `limitExceeded`, keeps nothing more and yields no further events.
///
/// Feed each network chunk to `push(_:)` and call `finish()` at the end of the body. The
/// work is linear in the input: each byte is scanned once, and a line that spans chunks is
/// appended in place, so one 8 MiB `data:` line costs the same as 8 MiB of short lines.
///
/// ```swift
/// var parser = ServerSentEventParser()
/// for try await chunk in body {
///   for event in parser.push(chunk) where event.data != "[DONE]" { handle(event) }
/// }
/// _ = parser.finish()
/// ```
public struct ServerSentEventParser: Sendable {
  /// Bytes of the current line received so far, when the line spans chunks.
  var partialLine: [UInt8] = []
  /// The previous chunk ended with CR, so an LF at the start of the next one is skipped.
  var lineEndedWithCarriageReturn = false
  /// How many bytes of a leading byte order mark were matched, while one is still possible.
  var byteOrderMarkMatched = 0
  /// Whether the stream is still at its start, where one byte order mark is removed.
  var expectsByteOrderMark = true
  /// The buffers of the block being read, and what outlives a block.
  var fields: ServerSentEventFieldBuffers
  /// The longest line and event this parser holds.
  public let limits: ServerSentEventLimits
  /// The limit the stream passed, if it passed one: the parser then holds nothing and
  /// ignores the rest of the stream until `finish()`.
  public private(set) var limitExceeded: ServerSentEventLimitError?

  /// A parser at the start of a stream, holding at most what `limits` allow.
  public init(limits: ServerSentEventLimits = .standard) {
    self.limits = limits
    self.fields = ServerSentEventFieldBuffers(maximumEventBytes: limits.maximumEventBytes)
  }

  /// The event source's last event ID string, as of the last blank line.
  ///
  /// Send it as `Last-Event-ID` when reconnecting (when it is not empty). An `id` field in
  /// a block that is still open counts only once a blank line ends that block.
  public var lastEventID: String { fields.lastEventID }

  /// The reconnection time in milliseconds from the stream's latest valid `retry` field,
  /// including one in a block that dispatched no event, or `nil` when none arrived yet.
  public var reconnectionTime: Int? { fields.reconnectionTime }

  /// Whether `finish()` would discard input now: part of a line without its line end, or
  /// field lines since the last blank line. A body that ends while this is `true` was cut
  /// off in the middle of an event.
  public var hasIncompleteEvent: Bool {
    !partialLine.isEmpty || byteOrderMarkMatched > 0 || fields.blockHasFields
  }

  /// Parses the next chunk of the body and returns the events it completed, in order.
  public mutating func push(_ bytes: [UInt8]) -> [ServerSentEvent] {
    bytes.withUnsafeBufferPointer { push(buffer: $0) }
  }

  /// Parses the next chunk of the body, read in place, and returns the events it completed.
  public mutating func push(_ bytes: Data) -> [ServerSentEvent] {
    bytes.withUnsafeBytes { push(buffer: $0.assumingMemoryBound(to: UInt8.self)) }
  }

  /// Parses the next chunk of the body and returns the events it completed, in order.
  ///
  /// Collections with contiguous storage (`ArraySlice`, `ContiguousArray`, buffer pointers)
  /// are read in place; others are copied once.
  public mutating func push<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [ServerSentEvent] {
    if let events = bytes.withContiguousStorageIfAvailable({ push(buffer: $0) }) {
      return events
    }
    return Array(bytes).withUnsafeBufferPointer { push(buffer: $0) }
  }

  /// Ends the stream and returns the events that its end completed.
  ///
  /// The WHATWG rules discard an unterminated last line and a block that no blank line
  /// ended, so this returns no events; check `hasIncompleteEvent` first to learn whether
  /// input was discarded. Afterwards the parser is at the start of a new stream (for a
  /// reconnection): a byte order mark is removed again, an `id` from the discarded block is
  /// forgotten, and `lastEventID` and `reconnectionTime` are kept, so events of the new
  /// stream carry the last dispatched ID until the server sends another.
  public mutating func finish() -> [ServerSentEvent] {
    partialLine = []
    lineEndedWithCarriageReturn = false
    byteOrderMarkMatched = 0
    expectsByteOrderMark = true
    limitExceeded = nil
    fields.discardBlock()
    return []
  }

  /// Parses one chunk read in place.
  mutating func push(buffer: UnsafeBufferPointer<UInt8>) -> [ServerSentEvent] {
    var events: [ServerSentEvent] = []
    guard limitExceeded == nil else { return events }
    consume(buffer, into: &events)
    if limitExceeded == nil, let exceeded = fields.limitExceeded { stop(exceeded) }
    return events
  }

  /// Records the passed limit and lets go of everything held.
  mutating func stop(_ error: ServerSentEventLimitError) {
    limitExceeded = error
    partialLine = []
    fields.discardBlock()
  }
}
