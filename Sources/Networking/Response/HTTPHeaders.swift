/// HTTP header fields: ordered, with case-insensitive names.
///
/// Lookup ignores ASCII case, as HTTP requires (`headers["x-request-id"]` finds
/// `X-Request-ID`). The original spelling and order are kept for sending and for display.
/// A name may occur more than once; the subscript reads the first value and `values(for:)`
/// reads them all.
public struct HTTPHeaders: Sendable, Hashable {
  /// One header field as it was set or received.
  public struct Field: Sendable, Hashable {
    /// The name as spelled by whoever set it.
    public var name: String
    /// The value, without surrounding whitespace.
    public var value: String

    /// A field with `name` and `value`.
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// Every field in order.
  public private(set) var fields: [Field]

  /// Headers with no fields.
  public init() {
    fields = []
  }

  /// Headers from fields, in their order.
  public init(_ fields: [Field]) {
    self.fields = fields
  }

  /// Headers from a dictionary, sorted by name so the order is stable.
  public init(_ dictionary: [String: String]) {
    fields = dictionary.sorted { $0.key < $1.key }.map { Field(name: $0.key, value: $0.value) }
  }

  /// Whether there are no fields.
  public var isEmpty: Bool { fields.isEmpty }

  /// The number of fields.
  public var count: Int { fields.count }

  /// The first value for `name`, compared without case. Setting replaces every field with that
  /// name by one field (or removes them all when set to `nil`).
  public subscript(name: String) -> String? {
    get { fields.first { Self.namesMatch($0.name, name) }?.value }
    set {
      guard let newValue else {
        remove(name)
        return
      }
      if let index = fields.firstIndex(where: { Self.namesMatch($0.name, name) }) {
        fields[index] = Field(name: name, value: newValue)
        fields = Self.removingDuplicates(of: name, in: fields, keeping: index)
      } else {
        fields.append(Field(name: name, value: newValue))
      }
    }
  }

  /// Every value for `name` in order, compared without case.
  public func values(for name: String) -> [String] {
    fields.filter { Self.namesMatch($0.name, name) }.map(\.value)
  }

  /// Whether a field named `name` exists, compared without case.
  public func contains(_ name: String) -> Bool {
    fields.contains { Self.namesMatch($0.name, name) }
  }

  /// Appends a field, keeping any existing fields with the same name.
  public mutating func add(name: String, value: String) {
    fields.append(Field(name: name, value: value))
  }

  /// Sets `name` to `value` only when no field with that name exists.
  public mutating func setIfAbsent(_ name: String, _ value: String) {
    if !contains(name) { fields.append(Field(name: name, value: value)) }
  }

  /// Removes every field named `name`, compared without case.
  public mutating func remove(_ name: String) {
    fields.removeAll { Self.namesMatch($0.name, name) }
  }

  /// Adds every field of `other` whose name is not present here yet.
  public mutating func merge(missingFrom other: HTTPHeaders) {
    for field in other.fields where !contains(field.name) {
      fields.append(field)
    }
  }

  /// Compares two header names ignoring ASCII case, without allocating.
  public static func namesMatch(_ lhs: String, _ rhs: String) -> Bool {
    let left = lhs.utf8
    let right = rhs.utf8
    guard left.count == right.count else { return false }
    for (a, b) in zip(left, right) where a != b {
      guard lowercased(a) == lowercased(b) else { return false }
    }
    return true
  }

  private static func lowercased(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
  }

  private static func removingDuplicates(
    of name: String, in fields: [Field], keeping index: Int
  ) -> [Field] {
    var result: [Field] = []
    result.reserveCapacity(fields.count)
    for (position, field) in fields.enumerated()
    where position == index || !namesMatch(field.name, name) {
      result.append(field)
    }
    return result
  }
}

extension HTTPHeaders: ExpressibleByDictionaryLiteral {
  /// Headers from a literal, in the literal's order.
  public init(dictionaryLiteral elements: (String, String)...) {
    fields = elements.map { Field(name: $0.0, value: $0.1) }
  }
}

extension HTTPHeaders: Sequence {
  /// Iterates the fields in order.
  public func makeIterator() -> IndexingIterator<[Field]> {
    fields.makeIterator()
  }
}

extension HTTPHeaders: CustomStringConvertible {
  /// The header names only: values may be secret, so they never appear in descriptions.
  public var description: String {
    "HTTPHeaders(\(fields.map(\.name).joined(separator: ", ")))"
  }
}
