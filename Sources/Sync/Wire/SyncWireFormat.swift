import Foundation

/// The small formats of docs/SYNC.md: UUIDs and hybrid logical clock values.
enum SyncWireFormat {
  /// The length of a clock value: 15 digits, a dash, 5 digits, a dash, a UUID.
  static let clockLength = 58

  /// `id` as the server writes it: lower case.
  static func uuidString(_ id: UUID) -> String {
    id.uuidString.lowercased()
  }

  /// The UUID `text` spells in the canonical 8-4-4-4-12 layout, in any case.
  static func uuid(_ text: String) -> UUID? {
    guard text.utf8.count == 36 else { return nil }
    return UUID(uuidString: text)
  }

  /// Whether `text` is a clock value
  /// (`^[0-9]{15}-[0-9]{5}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`).
  static func isClock(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == clockLength else { return false }
    let dashes: Set<Int> = [15, 21, 30, 35, 40, 45]
    for (index, byte) in bytes.enumerated() {
      if dashes.contains(index) {
        guard byte == UInt8(ascii: "-") else { return false }
      } else if index < 21 {
        guard isDigit(byte) else { return false }
      } else {
        guard isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) else {
          return false
        }
      }
    }
    return true
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }
}
