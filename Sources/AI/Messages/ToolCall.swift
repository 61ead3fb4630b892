/// A complete function call the model asked for, assembled from its streamed fragments.
public struct ToolCall: Sendable, Equatable, Hashable {
  /// The call's id, which the `tool` message with its result must quote. When the provider
  /// sent none, `call_<index>`, so the id is never empty.
  public var id: String
  /// The name of the function to call.
  public var name: String
  /// The arguments as the model wrote them: JSON text, exactly as received (it may be
  /// invalid JSON when the stream did not complete).
  public var arguments: String

  /// A call with the given parts.
  public init(id: String, name: String, arguments: String) {
    self.id = id
    self.name = name
    self.arguments = arguments
  }
}
