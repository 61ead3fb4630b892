/// One field line: a name and its value with surrounding whitespace removed.
public struct HTTPField: Sendable, Hashable {
  /// The field name as received (compare case-insensitively).
  public var name: String
  /// The value's bytes exactly as received; may hold obs-text (bytes 0x80-0xFF).
  public var rawValue: [UInt8]

  /// A field from a name and the bytes of its value.
  public init(name: String, rawValue: [UInt8]) {
    self.name = name
    self.rawValue = rawValue
  }

  /// A field from a name and a textual value (encoded as UTF-8).
  public init(name: String, value: String) {
    self.init(name: name, rawValue: Array(value.utf8))
  }

  /// The value decoded as UTF-8 (invalid bytes become U+FFFD).
  public var value: String { String(decoding: rawValue, as: UTF8.self) }
}

/// Ordered field lines (a head or a trailer section), looked up case-insensitively.
///
/// Order and repetition are kept as received: the echo server reports them, and framing
/// checks need every `Content-Length` line, not a merged one.
public struct HTTPFields: Sendable, Hashable, Sequence {
  private var storage: [HTTPField]

  /// Fields in the given order.
  public init(_ fields: [HTTPField] = []) { storage = fields }

  /// Fields from `(name, value)` pairs in order.
  public init(_ pairs: [(String, String)]) {
    storage = pairs.map { HTTPField(name: $0.0, value: $0.1) }
  }

  /// The number of field lines.
  public var count: Int { storage.count }

  /// Whether there are no field lines.
  public var isEmpty: Bool { storage.isEmpty }

  /// Iterates the field lines in order.
  public func makeIterator() -> IndexingIterator<[HTTPField]> { storage.makeIterator() }

  /// Appends a field line.
  public mutating func append(_ field: HTTPField) { storage.append(field) }

  /// Appends a field line from a name and a textual value.
  public mutating func append(name: String, value: String) {
    storage.append(HTTPField(name: name, value: value))
  }

  /// Removes every field with this name (case-insensitive).
  public mutating func removeAll(named name: String) {
    storage.removeAll { $0.name.equalsIgnoringASCIICase(name) }
  }

  /// Replaces every field with this name by one field with this value.
  public mutating func set(name: String, value: String) {
    removeAll(named: name)
    append(name: name, value: value)
  }

  /// The value of the first field with this name, or `nil`.
  public subscript(name: String) -> String? {
    storage.first { $0.name.equalsIgnoringASCIICase(name) }?.value
  }

  /// The value bytes of the first field with this name, or `nil`: the same bytes as the
  /// subscript's text, without decoding them into a `String`.
  func rawValue(named name: String) -> [UInt8]? {
    storage.first { $0.name.equalsIgnoringASCIICase(name) }?.rawValue
  }

  /// Every field with this name, in order.
  public func fields(named name: String) -> [HTTPField] {
    storage.filter { $0.name.equalsIgnoringASCIICase(name) }
  }

  /// The comma-separated list elements of every field with this name, trimmed, without
  /// empty elements (RFC 9110 §5.6.1), in order.
  public func listElements(named name: String) -> [String] {
    fields(named: name).flatMap { field in
      field.value.split(separator: ",", omittingEmptySubsequences: false).compactMap {
        let trimmed = $0.trimmingOptionalWhitespace()
        return trimmed.isEmpty ? nil : String(trimmed)
      }
    }
  }

  /// Whether a list field with this name contains this token (case-insensitive).
  public func containsToken(_ token: String, inField name: String) -> Bool {
    listElements(named: name).contains { $0.equalsIgnoringASCIICase(token) }
  }
}

extension StringProtocol {
  /// Compares two strings ignoring the case of ASCII letters only, as HTTP names require.
  func equalsIgnoringASCIICase(_ other: some StringProtocol) -> Bool {
    let left = utf8
    let right = other.utf8
    guard left.count == right.count else { return false }
    // Native strings lend their bytes: compared by index, without the generic iterators
    // of `zip`, on a path that runs for fields of every request and answer.
    let contiguous = left.withContiguousStorageIfAvailable { leftBytes in
      right.withContiguousStorageIfAvailable { rightBytes in
        leftBytes.indices.allSatisfy {
          leftBytes[$0].asciiLowercased == rightBytes[$0].asciiLowercased
        }
      }
    }
    if let contiguous, let equal = contiguous { return equal }
    return zip(left, right).allSatisfy { $0.asciiLowercased == $1.asciiLowercased }
  }

  /// The text without leading and trailing spaces and tabs (HTTP's OWS).
  func trimmingOptionalWhitespace() -> SubSequence {
    let isWhitespace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isWhitespace($0) }),
      let last = lastIndex(where: { !isWhitespace($0) })
    else { return self[endIndex...] }
    return self[first...last]
  }
}

extension UInt8 {
  /// The byte with ASCII `A`-`Z` mapped to `a`-`z`.
  var asciiLowercased: UInt8 { (0x41...0x5A).contains(self) ? self + 0x20 : self }
}
