import Foundation

/// A JSON text checked exactly as strictly as `StrictJSONParser` checks it, kept as the text
/// and the positions of its values instead of a tree of them.
///
/// Reading a few members of a small object then costs no dictionary, array or string per
/// value: a proxy reads four or five members of every chunk an upstream streams, and
/// building each chunk's tree was most of the work of relaying it. A value is named by its
/// index (`root` for the top-level one); the accessors answer `nil` for a value of another
/// kind. Names are matched as `StrictJSONParser`'s dictionaries match them: as Swift strings,
/// so Unicode normalisation does not matter.
public struct StrictJSONDocument: Sendable {
  enum Kind: UInt8, Sendable {
    /// `string` holds no escape; `asciiString` holds no escape and only ASCII bytes, so
    /// its bytes are its text and compare as Swift compares strings.
    case object, array, string, asciiString, escapedString, number, trueValue, falseValue, null
  }

  /// One value: its kind, its text (a string's content without quotes), the index after
  /// its last descendant, and a number's value.
  struct Node: Sendable {
    var kind: Kind
    var start: Int
    var end: Int
    var next: Int
    var number: Double
  }

  private(set) var bytes: [UInt8]
  private(set) var nodes: [Node] = []

  /// The index of the top-level value.
  public let root = 0

  /// Reads `bytes` with the same limits and rules as `StrictJSONParser`.
  /// - Throws: `StrictJSONError`, the same one `StrictJSONParser.parse` throws for the text.
  public init(
    parsing bytes: some Collection<UInt8>, maximumDepth: Int = 32,
    maximumValues: Int = StrictJSONParser.defaultMaximumValues
  ) throws(StrictJSONError) {
    self.bytes = []
    nodes.reserveCapacity(32)
    try load(bytes, maximumDepth: maximumDepth, maximumValues: maximumValues)
  }

  /// A document with nothing to read until `read(_:)` succeeds: the storage a reader of many
  /// texts reuses.
  public init() {
    bytes = []
  }

  /// Reads `text` in place of the document's text, as `init(parsing:)` reads it, reusing the
  /// storage of the text and values before: a reader of many small texts (the chunks of a
  /// stream) then allocates nothing per text once the storage is large enough. After a
  /// throw the document holds nothing to read until a later call succeeds.
  /// - Throws: `StrictJSONError`, the same one `init(parsing:)` throws for the text.
  public mutating func read(
    _ text: String, maximumDepth: Int = 32,
    maximumValues: Int = StrictJSONParser.defaultMaximumValues
  ) throws(StrictJSONError) {
    // Taken out of the document, so the storage is not shared while it is refilled.
    var storage: [UInt8] = []
    swap(&storage, &bytes)
    storage.removeAll(keepingCapacity: true)
    storage.append(contentsOf: text.utf8)
    nodes.removeAll(keepingCapacity: true)
    try load(consume storage, maximumDepth: maximumDepth, maximumValues: maximumValues)
  }

  /// Checks and reads the whole of `bytes` into the (empty) values.
  private mutating func load(
    _ bytes: some Collection<UInt8>, maximumDepth: Int, maximumValues: Int
  ) throws(StrictJSONError) {
    var scanner = try StrictJSONScanner.checked(
      bytes, maximumDepth: maximumDepth, maximumValues: maximumValues)
    self.bytes = scanner.bytes
    try value(&scanner, depth: 0)
    try scanner.finish()
  }

  // MARK: Reading

  /// Whether the value is an object.
  public func isObject(_ index: Int) -> Bool { nodes[index].kind == .object }

  /// Whether the value is `null`.
  public func isNull(_ index: Int) -> Bool { nodes[index].kind == .null }

  /// The value of the member named `name` of an object; `nil` when there is none or the
  /// value is not an object.
  public func member(_ name: String, of object: Int) -> Int? {
    guard nodes[object].kind == .object else { return nil }
    var child = object + 1
    while child < nodes[object].next {
      if nameMatches(child, name) { return child + 1 }
      child = nodes[child + 1].next
    }
    return nil
  }

  /// The elements of an array, in order; none for any other value (or `nil`).
  public func elements(of array: Int?) -> Elements {
    guard let array, nodes[array].kind == .array else {
      return Elements(nodes: nodes, first: 0, end: 0)
    }
    return Elements(nodes: nodes, first: array + 1, end: nodes[array].next)
  }

  /// An array's elements, read in place (no array of indices is made).
  public struct Elements: Sequence, Sendable {
    let nodes: [Node]
    let first: Int
    let end: Int

    public func makeIterator() -> Iterator { Iterator(nodes: nodes, position: first, end: end) }

    public struct Iterator: IteratorProtocol, Sendable {
      let nodes: [Node]
      var position: Int
      let end: Int

      public mutating func next() -> Int? {
        guard position < end else { return nil }
        defer { position = nodes[position].next }
        return position
      }
    }
  }

  /// The number of members of an object or elements of an array; 0 for any other value.
  public func count(of container: Int) -> Int {
    let kind = nodes[container].kind
    guard kind == .object || kind == .array else { return 0 }
    var count = 0
    var child = container + 1
    while child < nodes[container].next {
      count += 1
      // A member is a name and its value: the value's subtree ends the member.
      child = kind == .object ? nodes[child + 1].next : nodes[child].next
    }
    return count
  }

  /// A string's text.
  public func string(_ index: Int) -> String? {
    let node = nodes[index]
    switch node.kind {
    case .string, .asciiString, .escapedString:
      return StrictJSONScanner.text(
        of: bytes, node.start..<node.end, escaped: node.kind == .escapedString)
    default:
      return nil
    }
  }

  /// Whether a value is a string of at least one character, without making its text.
  public func isNonEmptyString(_ index: Int) -> Bool {
    let node = nodes[index]
    let isString = node.kind == .string || node.kind == .asciiString || node.kind == .escapedString
    return isString && node.end > node.start
  }

  /// A number's value.
  public func number(_ index: Int) -> Double? {
    nodes[index].kind == .number ? nodes[index].number : nil
  }

  /// The whole value as `StrictJSONParser` would have made it.
  public func value(_ index: Int) -> StrictJSONValue {
    let node = nodes[index]
    switch node.kind {
    case .object:
      var members: [String: StrictJSONValue] = [:]
      var child = index + 1
      while child < node.next {
        members[string(child) ?? ""] = value(child + 1)
        child = nodes[child + 1].next
      }
      return .object(members)
    case .array: return .array(elements(of: index).map { value($0) })
    case .string, .asciiString, .escapedString: return .string(string(index) ?? "")
    case .number: return .number(node.number)
    case .trueValue: return .bool(true)
    case .falseValue: return .bool(false)
    case .null: return .null
    }
  }

  /// Whether a member name equals `name` as Swift compares strings: bytes for plain ASCII on
  /// both sides (where that is the same thing), the decoded texts otherwise.
  private func nameMatches(_ index: Int, _ name: String) -> Bool {
    let node = nodes[index]
    if node.kind == .asciiString,
      let equal = name.utf8.withContiguousStorageIfAvailable({ wanted -> Bool? in
        guard wanted.allSatisfy({ $0 < 0x80 }) else { return nil }
        return sameBytes(node, wanted)
      }), let equal
    {
      return equal
    }
    return string(index) == name
  }

  /// Whether a node's text is exactly these bytes.
  private func sameBytes(_ node: Node, _ other: UnsafeBufferPointer<UInt8>) -> Bool {
    guard node.end - node.start == other.count else { return false }
    return bytes.withUnsafeBufferPointer { all in
      guard let text = all.baseAddress, let wanted = other.baseAddress else { return true }
      return memcmp(text + node.start, wanted, other.count) == 0
    }
  }

  // MARK: Building

  private mutating func value(
    _ scanner: inout StrictJSONScanner, depth: Int
  ) throws(StrictJSONError) {
    let start = scanner.offset
    switch try scanner.nextValue() {
    case .objectStart:
      let index = nodes.count
      append(.object, start, start)
      try scanner.members(depth: depth + 1) { scanner, name throws(StrictJSONError) in
        append(string: name)
        try value(&scanner, depth: depth + 1)
      }
      close(index, at: scanner.offset)
      // As the tree does: a repeated name is refused once the whole object is read.
      guard !hasRepeatedName(index) else { throw StrictJSONError.duplicateMember }
    case .arrayStart:
      let index = nodes.count
      append(.array, start, start)
      try scanner.elements(depth: depth + 1) { scanner throws(StrictJSONError) in
        try value(&scanner, depth: depth + 1)
      }
      close(index, at: scanner.offset)
    case .string(let content, let escaped, let ascii):
      append(string: (content, escaped, ascii))
    case .number(let number): append(.number, start, scanner.offset, number: number)
    case .bool(let truth): append(truth ? .trueValue : .falseValue, start, scanner.offset)
    case .null: append(.null, start, scanner.offset)
    }
  }

  private mutating func append(_ kind: Kind, _ start: Int, _ end: Int, number: Double = 0) {
    nodes.append(Node(kind: kind, start: start, end: end, next: nodes.count + 1, number: number))
  }

  private mutating func append(string: (content: Range<Int>, escaped: Bool, ascii: Bool)) {
    let kind: Kind = string.escaped ? .escapedString : string.ascii ? .asciiString : .string
    append(kind, string.content.lowerBound, string.content.upperBound)
  }

  /// Ends a container: its text runs to `end`, and its next sibling follows its subtree.
  private mutating func close(_ index: Int, at end: Int) {
    nodes[index].end = end
    nodes[index].next = nodes.count
  }

  /// Whether two of an object's member names are the same string. Names of plain ASCII
  /// (nearly all) are compared as bytes; if any name is not, every name is compared as a
  /// Swift string, as the tree's dictionary compares them.
  private func hasRepeatedName(_ object: Int) -> Bool {
    let end = nodes[object].next
    /// The name after `name` (each member is its name, then its value's subtree).
    func following(_ name: Int) -> Int { nodes[name + 1].next }
    var count = 0
    var plain = true
    var name = object + 1
    while name < end {
      count += 1
      plain = plain && nodes[name].kind == .asciiString
      name = following(name)
    }
    if !plain || count > 16 {
      var seen = Set<String>()
      name = object + 1
      while name < end {
        guard seen.insert(string(name) ?? "").inserted else { return true }
        name = following(name)
      }
      return false
    }
    return bytes.withUnsafeBufferPointer { all in
      var first = object + 1
      while first < end {
        let text = UnsafeBufferPointer(rebasing: all[nodes[first].start..<nodes[first].end])
        var second = following(first)
        while second < end {
          if sameBytes(nodes[second], text) { return true }
          second = following(second)
        }
        first = following(first)
      }
      return false
    }
  }
}
