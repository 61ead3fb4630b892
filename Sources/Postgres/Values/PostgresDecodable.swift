import Foundation

/// A Swift type a column's text decodes to. `Optional` of a decodable type decodes NULL as nil.
public protocol PostgresDecodable: Sendable {
  /// The value for the server's text form of a column (nil text is NULL); nil when the text
  /// is not a value of this type.
  init?(postgresText text: String?)
}

extension Int64: PostgresDecodable {
  /// Decodes `int2`, `int4` and `int8` text.
  public init?(postgresText text: String?) {
    guard let text, let value = Int64(text) else { return nil }
    self = value
  }
}

extension Int: PostgresDecodable {
  /// Decodes `int2`, `int4` and `int8` text.
  public init?(postgresText text: String?) {
    guard let text, let value = Int(text) else { return nil }
    self = value
  }
}

extension Int32: PostgresDecodable {
  /// Decodes `int2` and `int4` text.
  public init?(postgresText text: String?) {
    guard let text, let value = Int32(text) else { return nil }
    self = value
  }
}

extension Double: PostgresDecodable {
  /// Decodes `float4`, `float8` and `numeric` text, including `NaN` and `±Infinity`.
  public init?(postgresText text: String?) {
    switch text {
    case nil: return nil
    case "NaN": self = .nan
    case "Infinity": self = .infinity
    case "-Infinity": self = -.infinity
    case let text?:
      guard let value = Double(text) else { return nil }
      self = value
    }
  }
}

extension Bool: PostgresDecodable {
  /// Decodes `bool` text (`t` or `f`).
  public init?(postgresText text: String?) {
    switch text {
    case "t": self = true
    case "f": self = false
    default: return nil
    }
  }
}

extension String: PostgresDecodable {
  /// Any non-NULL column's text, as the server wrote it.
  public init?(postgresText text: String?) {
    guard let text else { return nil }
    self = text
  }
}

extension Data: PostgresDecodable {
  /// Decodes `bytea` in the server's hex form (`\x0a1b…`).
  public init?(postgresText text: String?) {
    guard let text, text.hasPrefix("\\x") else { return nil }
    let digits = Array(text.utf8.dropFirst(2))
    guard digits.count.isMultiple(of: 2) else { return nil }
    var bytes = [UInt8]()
    bytes.reserveCapacity(digits.count / 2)
    var index = 0
    while index < digits.count {
      guard let high = Self.nibble(digits[index]), let low = Self.nibble(digits[index + 1])
      else { return nil }
      bytes.append(high << 4 | low)
      index += 2
    }
    self = Data(bytes)
  }

  private static func nibble(_ digit: UInt8) -> UInt8? {
    switch digit {
    case 48...57: return digit - 48
    case 97...102: return digit - 87
    case 65...70: return digit - 55
    default: return nil
    }
  }
}

extension Date: PostgresDecodable {
  /// Decodes `timestamptz` text in the ISO style the connection sets (UTC).
  public init?(postgresText text: String?) {
    guard let text, let date = PostgresTimestamp.date(from: text) else { return nil }
    self = date
  }
}

extension Optional: PostgresDecodable where Wrapped: PostgresDecodable {
  /// NULL is nil; any other text must decode to `Wrapped`.
  public init?(postgresText text: String?) {
    guard let text else {
      self = .none
      return
    }
    guard let value = Wrapped(postgresText: text) else { return nil }
    self = .some(value)
  }
}
