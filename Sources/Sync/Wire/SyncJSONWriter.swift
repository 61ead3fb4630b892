import Foundation

/// Writes JSON text (RFC 8259) for the push and pull requests, with keys in the order given,
/// so a request body is the same bytes every time.
struct SyncJSONWriter {
  /// A value to write.
  indirect enum Value {
    case null
    case bool(Bool)
    case integer(Int64)
    case string(String)
    case object([(String, Value)])
    case array([Value])
  }

  private(set) var bytes: [UInt8] = []

  /// Appends `value`.
  mutating func write(_ value: Value) {
    switch value {
    case .null: append("null")
    case .bool(let flag): append(flag ? "true" : "false")
    case .integer(let number): append(String(number))
    case .string(let text): writeString(text)
    case .object(let members):
      bytes.append(UInt8(ascii: "{"))
      for (index, member) in members.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        writeString(member.0)
        bytes.append(UInt8(ascii: ":"))
        write(member.1)
      }
      bytes.append(UInt8(ascii: "}"))
    case .array(let elements):
      bytes.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        write(element)
      }
      bytes.append(UInt8(ascii: "]"))
    }
  }

  /// The JSON text of `value`.
  static func data(_ value: Value) -> Data {
    var writer = SyncJSONWriter()
    writer.write(value)
    return Data(writer.bytes)
  }

  private mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  private mutating func writeString(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): append("\\\"")
      case UInt8(ascii: "\\"): append("\\\\")
      case 0x0A: append("\\n")
      case 0x0D: append("\\r")
      case 0x09: append("\\t")
      case 0..<0x20:
        let hex = String(byte, radix: 16)
        append("\\u00" + (hex.count == 1 ? "0" + hex : hex))
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}

extension SyncJSONWriter.Value {
  /// A string, or `null` for `nil`.
  static func optional(_ text: String?) -> Self {
    text.map(Self.string) ?? .null
  }

  /// An integer, or `null` for `nil`.
  static func optional(_ number: Int?) -> Self {
    number.map { .integer(Int64($0)) } ?? .null
  }

  /// A UUID in lower case, or `null` for `nil`.
  static func uuid(_ id: UUID?) -> Self {
    id.map { .string(SyncWireFormat.uuidString($0)) } ?? .null
  }
}
