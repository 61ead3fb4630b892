/// One event dispatched from a `text/event-stream` body.
///
/// `ServerSentEventParser` builds these exactly as the WHATWG HTML standard's
/// "dispatch the event" step does: one event per block of field lines that ends with a
/// blank line and carried at least one `data` field.
public struct ServerSentEvent: Sendable, Equatable {
  /// The type given to an event whose block had no `event` field, or an empty one.
  public static let defaultType = "message"

  /// The event type: the block's last `event` field value, or `"message"` when it named none.
  public var type: String

  /// The block's `data` field values joined with LF (U+000A), without a trailing LF.
  public var data: String

  /// The stream's last event ID when this event was dispatched.
  ///
  /// The value of the most recent `id` field in this block or any earlier one of the same
  /// stream (an `id` without a value sets it back to empty), or empty when there was none.
  public var lastEventID: String

  /// The reconnection time in milliseconds set by a valid `retry` field inside this event's
  /// block, or `nil` when the block set none.
  public var retry: Int?

  /// An event with the given fields.
  public init(
    type: String = ServerSentEvent.defaultType,
    data: String,
    lastEventID: String = "",
    retry: Int? = nil
  ) {
    self.type = type
    self.data = data
    self.lastEventID = lastEventID
    self.retry = retry
  }
}
