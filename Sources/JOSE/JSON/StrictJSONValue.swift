/// A JSON value as the strict parser reads it: every number is finite, every object has
/// distinct member names.
public enum StrictJSONValue: Sendable, Equatable {
  /// An object; the parser has already refused duplicate member names.
  case object([String: StrictJSONValue])
  /// An array.
  case array([StrictJSONValue])
  /// A string.
  case string(String)
  /// A finite number.
  case number(Double)
  /// `true` or `false`.
  case bool(Bool)
  /// `null`.
  case null

  /// The text when this is a string, else `nil`.
  public var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// The number when this is a number (never a boolean), else `nil`.
  public var numberValue: Double? {
    if case .number(let number) = self { return number }
    return nil
  }

  /// The members when this is an object, else `nil`.
  public var objectValue: [String: StrictJSONValue]? {
    if case .object(let members) = self { return members }
    return nil
  }

  /// The elements when this is an array, else `nil`.
  public var arrayValue: [StrictJSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }
}
