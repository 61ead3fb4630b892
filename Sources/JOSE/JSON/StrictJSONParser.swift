import Foundation

/// Why the strict parser refused a text.
public enum StrictJSONError: Error, Equatable, Sendable {
  /// The bytes are not UTF-8, or start with a byte-order mark.
  case notUTF8
  /// The text is not JSON (the offset is where reading stopped).
  case syntax(offset: Int)
  /// An object names the same member twice.
  case duplicateMember
  /// Arrays and objects nest deeper than the parser's limit.
  case tooDeep
  /// The text is valid JSON but its top-level value is not an object.
  case notAnObject
  /// The text holds more values (scalars, arrays and objects) than the parser's limit.
  case tooManyValues
}

/// A JSON reader (RFC 8259) that refuses what a lenient one would quietly accept.
///
/// Foundation's `JSONSerialization` keeps one of two members with the same name, so two
/// readers of one token could disagree on its claims; this parser refuses such objects,
/// and anything else that has more than one reading: invalid UTF-8, a byte-order mark,
/// lone surrogate escapes, control characters in strings, numbers that overflow a
/// `Double`, and any data after the value. Names are compared as Swift strings, so two
/// names that differ only in Unicode normalisation count as the same name.
public struct StrictJSONParser: Sendable {
  /// How deeply arrays and objects may nest.
  public var maximumDepth: Int
  /// How many values (scalars, arrays and objects) one text may hold. Every value read costs
  /// memory many times its few bytes of text (a 32 MiB text of `{"a":1}` objects took 860
  /// MB), so this, not the text's size alone, bounds what a parse can take.
  public var maximumValues: Int

  /// The default `maximumValues`: far above any document Kiln reads (a sync push of 500
  /// changes holds about 15,000), far below what a body limit's worth of tiny values holds.
  public static let defaultMaximumValues = 100_000

  /// A parser that allows `maximumDepth` levels of nesting (32 by default) and
  /// `maximumValues` values.
  public init(maximumDepth: Int = 32, maximumValues: Int = defaultMaximumValues) {
    self.maximumDepth = maximumDepth
    self.maximumValues = maximumValues
  }

  /// The members of the JSON object `bytes` holds.
  /// - Throws: `StrictJSONError`, including `.notAnObject` for any other top-level value.
  public func parseObject(_ bytes: some Collection<UInt8>) throws -> [String: StrictJSONValue] {
    guard let members = try parse(bytes).objectValue else { throw StrictJSONError.notAnObject }
    return members
  }

  /// The JSON value `bytes` holds; whitespace may surround it, nothing else may follow it.
  /// - Throws: `StrictJSONError`.
  public func parse(_ bytes: some Collection<UInt8>) throws -> StrictJSONValue {
    var scanner = try StrictJSONScanner.checked(
      bytes, maximumDepth: maximumDepth, maximumValues: maximumValues)
    let value = try TreeReader.value(&scanner, depth: 0)
    try scanner.finish()
    return value
  }
}

/// Builds the tree of `StrictJSONValue`s.
private enum TreeReader {
  static func value(
    _ scanner: inout StrictJSONScanner, depth: Int
  ) throws(StrictJSONError) -> StrictJSONValue {
    switch try scanner.nextValue() {
    case .objectStart:
      // The members are gathered first and the dictionary made once at its final size:
      // built one insertion at a time it grew (and rehashed every name) several times.
      var pairs: [(String, StrictJSONValue)] = []
      pairs.reserveCapacity(8)
      try scanner.members(depth: depth + 1) { scanner, name throws(StrictJSONError) in
        let text = StrictJSONScanner.text(of: scanner.bytes, name.content, escaped: name.escaped)
        pairs.append((text, try value(&scanner, depth: depth + 1)))
      }
      var members = [String: StrictJSONValue](minimumCapacity: pairs.count)
      for (name, member) in pairs {
        guard members.updateValue(member, forKey: name) == nil else {
          throw StrictJSONError.duplicateMember
        }
      }
      return .object(members)
    case .arrayStart:
      var elements: [StrictJSONValue] = []
      try scanner.elements(depth: depth + 1) { scanner throws(StrictJSONError) in
        elements.append(try value(&scanner, depth: depth + 1))
      }
      return .array(elements)
    case .string(let content, let escaped, _):
      return .string(StrictJSONScanner.text(of: scanner.bytes, content, escaped: escaped))
    case .number(let number): return .number(number)
    case .bool(let truth): return .bool(truth)
    case .null: return .null
    }
  }
}
