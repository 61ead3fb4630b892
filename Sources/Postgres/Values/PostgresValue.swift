import Foundation

/// A statement parameter. `nil` in a parameter list (`[PostgresValue?]`) is SQL NULL.
///
/// Each case is sent with its PostgreSQL type, so `$1` needs no cast in the SQL; bytes go in
/// binary form, everything else as text.
public enum PostgresValue: Equatable, Sendable {
  /// `int8` (bigint).
  case int64(Int64)
  /// `float8` (double precision), including NaN and the infinities.
  case double(Double)
  /// `bool`.
  case bool(Bool)
  /// `text`.
  case text(String)
  /// `bytea`.
  case bytes(Data)
  /// `jsonb`, given as JSON text (the server checks it).
  case json(String)
  /// `timestamptz`, to the microsecond.
  case timestamp(Date)

  /// An `int8` parameter from an `Int`.
  public static func int(_ value: Int) -> PostgresValue { .int64(Int64(value)) }

  /// The type's OID in `pg_type`.
  var typeOID: UInt32 {
    switch self {
    case .int64: return 20
    case .double: return 701
    case .bool: return 16
    case .text: return 25
    case .bytes: return 17
    case .json: return 3802
    case .timestamp: return 1184
    }
  }

  /// The wire form: bytes (binary format) for `bytea`, UTF-8 text for the rest.
  var wireBytes: (bytes: [UInt8], isBinary: Bool) {
    switch self {
    case .int64(let value): return (Array(String(value).utf8), false)
    case .double(let value): return (Array(Self.text(of: value).utf8), false)
    case .bool(let value): return (Array((value ? "t" : "f").utf8), false)
    case .text(let value), .json(let value): return (Array(value.utf8), false)
    case .bytes(let value): return ([UInt8](value), true)
    case .timestamp(let value): return (Array(PostgresTimestamp.text(of: value).utf8), false)
    }
  }

  private static func text(of value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
    // Swift prints the shortest text that reads back to the same Double.
    return "\(value)"
  }
}
