/// A strict JSON reader over UTF-8 bytes that reads values in place, one at a time.
///
/// The chunk decoder walks each `data:` payload once with it, reading the fields it knows
/// and skipping the rest without building them, which is what keeps a streamed token in
/// the low microseconds (Foundation's `JSONDecoder` builds every value first). The grammar
/// is RFC 8259's; nesting deeper than `maximumDepth` is refused rather than recursed into.
struct JSONReader {
  /// Why a payload could not be read.
  struct Failure: Error, Equatable, CustomStringConvertible {
    /// The byte offset where reading stopped.
    let offset: Int
    /// What was wrong there.
    let reason: String

    var description: String { "invalid JSON at byte \(offset): \(reason)" }
  }

  /// The kinds of JSON value.
  enum Kind: Equatable {
    case object, array, string, number, bool, null
  }

  /// How deep objects and arrays may nest.
  static let maximumDepth = 128

  let bytes: UnsafeBufferPointer<UInt8>
  /// The next byte to read.
  var offset = 0
  var depth = 0

  /// A reader at the start of `bytes`.
  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// A failure at the current offset.
  func failure(_ reason: String) -> Failure {
    Failure(offset: offset, reason: reason)
  }

  /// Skips whitespace and returns the kind of the next value.
  /// - Throws: `Failure` at the end of input or before a byte no value starts with.
  mutating func peekKind() throws -> Kind {
    skipWhitespace()
    guard offset < bytes.count else { throw failure("unexpected end") }
    switch bytes[offset] {
    case UInt8(ascii: "{"): return .object
    case UInt8(ascii: "["): return .array
    case UInt8(ascii: "\""): return .string
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
    case UInt8(ascii: "n"): return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
    default: throw failure("unexpected byte")
    }
  }

  /// Reads an object, calling `body` for each member with the reader placed at its value;
  /// `body` must read or skip that value.
  /// - Throws: `Failure` for malformed input, or what `body` throws.
  mutating func readObject(_ body: (inout JSONReader, JSONKey) throws -> Void) throws {
    try expect(UInt8(ascii: "{"))
    try enterContainer()
    skipWhitespace()
    if consume(UInt8(ascii: "}")) {
      depth -= 1
      return
    }
    while true {
      skipWhitespace()
      let key = try readKey()
      skipWhitespace()
      try expect(UInt8(ascii: ":"))
      try body(&self, key)
      skipWhitespace()
      if consume(UInt8(ascii: ",")) { continue }
      try expect(UInt8(ascii: "}"))
      depth -= 1
      return
    }
  }

  /// Reads an array, calling `body` for each element with the reader placed at it; `body`
  /// must read or skip the element.
  /// - Throws: `Failure` for malformed input, or what `body` throws.
  mutating func readArray(_ body: (inout JSONReader) throws -> Void) throws {
    try expect(UInt8(ascii: "["))
    try enterContainer()
    skipWhitespace()
    if consume(UInt8(ascii: "]")) {
      depth -= 1
      return
    }
    while true {
      try body(&self)
      skipWhitespace()
      if consume(UInt8(ascii: ",")) { continue }
      try expect(UInt8(ascii: "]"))
      depth -= 1
      return
    }
  }

  /// Reads `null` if it is next and returns whether it did.
  /// - Throws: `Failure` when the next value starts like `null` but is not.
  mutating func readNull() throws -> Bool {
    guard try peekKind() == .null else { return false }
    try expectLiteral("null")
    return true
  }

  /// Reads `true` or `false`.
  /// - Throws: `Failure` when the next value is not a boolean.
  mutating func readBool() throws -> Bool {
    guard try peekKind() == .bool else { throw failure("expected a boolean") }
    if bytes[offset] == UInt8(ascii: "t") {
      try expectLiteral("true")
      return true
    }
    try expectLiteral("false")
    return false
  }

  /// Skips one value of any kind.
  /// - Throws: `Failure` for malformed input.
  mutating func skipValue() throws {
    switch try peekKind() {
    case .object: try readObject { reader, _ in try reader.skipValue() }
    case .array: try readArray { reader in try reader.skipValue() }
    case .string: try skipString()
    case .number: _ = try readNumberToken()
    case .bool: _ = try readBool()
    case .null: try expectLiteral("null")
    }
  }

  /// Checks that only whitespace is left.
  /// - Throws: `Failure` when anything else follows the value.
  mutating func expectEnd() throws {
    skipWhitespace()
    guard offset == bytes.count else { throw failure("unexpected data after the value") }
  }

  // MARK: - Bytes

  mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x09, 0x0A, 0x0D: offset += 1
      default: return
      }
    }
  }

  mutating func consume(_ byte: UInt8) -> Bool {
    guard offset < bytes.count, bytes[offset] == byte else { return false }
    offset += 1
    return true
  }

  mutating func expect(_ byte: UInt8) throws {
    guard consume(byte) else {
      throw failure("expected '\(Character(Unicode.Scalar(byte)))'")
    }
  }

  private mutating func expectLiteral(_ literal: StaticString) throws {
    let count = literal.utf8CodeUnitCount
    guard offset + count <= bytes.count else { throw failure("unexpected end") }
    for index in 0..<count where bytes[offset + index] != literal.utf8Start[index] {
      throw failure("expected \(literal)")
    }
    offset += count
  }

  private mutating func enterContainer() throws {
    depth += 1
    guard depth <= Self.maximumDepth else { throw failure("nested too deeply") }
  }
}
