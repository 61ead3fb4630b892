import Foundation
import Storage

/// A key of a JSON object on the wire.
struct SyncWireKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }

  init(_ name: String) { stringValue = name }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

/// One JSON object of a reply, read strictly: every key must be present (absent values are
/// `null`), every value of its type, and every refusal names its path.
struct SyncWireObject {
  private let container: KeyedDecodingContainer<SyncWireKey>
  /// Where the object is in the reply, e.g. `changes[3].row`.
  let path: String

  /// The object `decoder` holds.
  /// - Throws: `SyncWireError.wrongType` when it holds something else.
  init(_ decoder: any Decoder) throws(SyncWireError) {
    path = Self.path(decoder.codingPath)
    do {
      container = try decoder.container(keyedBy: SyncWireKey.self)
    } catch {
      throw .wrongType(path.isEmpty ? "the reply" : path, expected: "an object")
    }
  }

  /// `codingPath` written as `changes[3].row`.
  static func path(_ codingPath: [any CodingKey]) -> String {
    var text = ""
    for key in codingPath {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : "." + key.stringValue
      }
    }
    return text
  }

  /// The path of `key` in this object.
  func path(_ key: String) -> String {
    path.isEmpty ? key : path + "." + key
  }

  /// Whether `key` holds `null`.
  /// - Throws: `SyncWireError.missingKey` when the key is absent.
  func isNull(_ key: String) throws(SyncWireError) -> Bool {
    let codingKey = SyncWireKey(key)
    guard container.contains(codingKey) else { throw .missingKey(path(key)) }
    return (try? container.decodeNil(forKey: codingKey)) ?? false
  }

  /// The value of `key` as `type`.
  /// - Throws: `SyncWireError.missingKey`, or `.wrongType` naming `expected`.
  func value<Value: Decodable>(
    _ type: Value.Type, _ key: String, expected: String
  ) throws(SyncWireError) -> Value {
    let codingKey = SyncWireKey(key)
    guard container.contains(codingKey) else { throw .missingKey(path(key)) }
    do {
      return try container.decode(type, forKey: codingKey)
    } catch let error as SyncWireError {
      throw error
    } catch {
      throw .wrongType(path(key), expected: expected)
    }
  }

  /// The value of `key` as `type`, or `nil` for `null`.
  /// - Throws: `SyncWireError.missingKey`, or `.wrongType` naming `expected`.
  func optional<Value: Decodable>(
    _ type: Value.Type, _ key: String, expected: String
  ) throws(SyncWireError) -> Value? {
    if try isNull(key) { return nil }
    return try value(type, key, expected: expected)
  }

  /// A decoder for the value of `key`, to read a nested object or array.
  /// - Throws: `SyncWireError.missingKey`.
  func nestedDecoder(_ key: String) throws(SyncWireError) -> any Decoder {
    let codingKey = SyncWireKey(key)
    guard container.contains(codingKey) else { throw .missingKey(path(key)) }
    do {
      return try container.superDecoder(forKey: codingKey)
    } catch {
      throw .missingKey(path(key))
    }
  }
}

// MARK: - Typed values

extension SyncWireObject {
  /// A string of at most `maximumLength` characters.
  func string(_ key: String, maximumLength: Int) throws(SyncWireError) -> String {
    let text = try value(String.self, key, expected: "a string")
    try checkLength(text, key, maximumLength)
    return text
  }

  /// A string of at most `maximumLength` characters, or `nil` for `null`.
  func optionalString(_ key: String, maximumLength: Int) throws(SyncWireError) -> String? {
    guard let text = try optional(String.self, key, expected: "a string or null") else {
      return nil
    }
    try checkLength(text, key, maximumLength)
    return text
  }

  /// A boolean.
  func bool(_ key: String) throws(SyncWireError) -> Bool {
    try value(Bool.self, key, expected: "a boolean")
  }

  /// A whole number.
  func integer(_ key: String) throws(SyncWireError) -> Int64 {
    try value(Int64.self, key, expected: "an integer")
  }

  /// A non-negative whole number, or `nil` for `null`.
  func optionalCount(_ key: String) throws(SyncWireError) -> Int? {
    guard let number = try optional(Int.self, key, expected: "an integer or null") else {
      return nil
    }
    guard number >= 0 else { throw .invalidValue(path(key), reason: "negative") }
    return number
  }

  /// A UUID in any case.
  func uuid(_ key: String) throws(SyncWireError) -> UUID {
    let text = try value(String.self, key, expected: "a UUID string")
    guard let id = SyncWireFormat.uuid(text) else {
      throw .invalidValue(path(key), reason: "not a UUID")
    }
    return id
  }

  /// A UUID in any case, or `nil` for `null`.
  func optionalUUID(_ key: String) throws(SyncWireError) -> UUID? {
    if try isNull(key) { return nil }
    return try uuid(key)
  }

  /// A time in the 24-character form.
  func time(_ key: String) throws(SyncWireError) -> Date {
    let text = try value(String.self, key, expected: "a time string")
    guard let date = SyncWireTime.date(text) else {
      throw .invalidValue(path(key), reason: "not a 24-character UTC time")
    }
    return date
  }

  /// A time in the 24-character form, or `nil` for `null`.
  func optionalTime(_ key: String) throws(SyncWireError) -> Date? {
    if try isNull(key) { return nil }
    return try time(key)
  }

  /// The clocks object of a row of `table`: known merge keys, each a clock value.
  func clocks(_ key: String, table: SyncTable) throws(SyncWireError) -> [String: String] {
    let clocks = try value([String: String].self, key, expected: "an object of clock strings")
    let known = Set(table.mergeKeys)
    for (mergeKey, clock) in clocks {
      guard known.contains(mergeKey) else {
        throw .invalidValue(path(key), reason: "unknown merge key \(mergeKey.prefix(40))")
      }
      guard SyncWireFormat.isClock(clock) else {
        throw .invalidValue(path(key) + "." + mergeKey, reason: "not a clock value")
      }
    }
    return clocks
  }

  private func checkLength(
    _ text: String, _ key: String, _ maximumLength: Int
  ) throws(SyncWireError) {
    // Characters are Unicode scalars, as PostgreSQL's `char_length` counts them. Counting
    // UTF-8 bytes first keeps the common case cheap: there are never more scalars than bytes.
    guard text.utf8.count > maximumLength, text.unicodeScalars.count > maximumLength else {
      return
    }
    throw .invalidValue(path(key), reason: "longer than \(maximumLength) characters")
  }
}
