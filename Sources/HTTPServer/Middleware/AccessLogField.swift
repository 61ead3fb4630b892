/// One field a responder adds to its exchange's access-log line, after the fixed ones
/// (for example kiln-server's proxy: the user id, the model, the outcome). The responder
/// chooses what goes in; the log only escapes it.
public struct AccessLogField: Sendable, Hashable {
  /// A field's value, written as JSON.
  public enum Value: Sendable, Hashable {
    /// A JSON string.
    case string(String)
    /// A JSON integer.
    case integer(Int)
    /// `true` or `false`.
    case boolean(Bool)
  }

  /// The key; it should differ from the line's fixed keys.
  public var name: String
  /// The value.
  public var value: Value

  /// A field from its parts.
  public init(_ name: String, _ value: Value) {
    self.name = name
    self.value = value
  }
}

/// Where a response's extra access-log fields come from. It is read once, when the exchange
/// is finished, so a streamed body can fill in what it learns while it runs.
public struct AccessLogFieldSource: Sendable {
  /// Reads the fields.
  public var read: @Sendable () -> [AccessLogField]

  /// A source that reads with `read`.
  public init(_ read: @escaping @Sendable () -> [AccessLogField]) {
    self.read = read
  }
}
