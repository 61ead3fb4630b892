import JOSE
import Storage

/// A row's clocks (docs/SYNC.md §2): one hybrid logical clock value per merge key. Values
/// compare by their bytes, and an absent clock sorts below every value.
struct SyncClocks: Equatable, Sendable {
  private(set) var values: [String: String]

  init(_ values: [String: String] = [:]) {
    self.values = values
  }

  /// The clocks in key order, for writing.
  var sorted: [(key: String, value: String)] {
    values.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
  }

  var count: Int { values.count }

  subscript(key: String) -> String? { values[key] }

  /// Whether `incoming`'s clock of `key` beats this one's.
  func isBeaten(at key: String, by incoming: SyncClocks) -> Bool {
    guard let challenger = incoming.values[key] else { return false }
    guard let held = values[key] else { return true }
    return held.utf8.lexicographicallyPrecedes(challenger.utf8)
  }

  /// The greater clock of each key of either side.
  func merged(with other: SyncClocks) -> SyncClocks {
    var result = values
    for (key, value) in other.values {
      if let held = result[key], !held.utf8.lexicographicallyPrecedes(value.utf8) { continue }
      result[key] = value
    }
    return SyncClocks(result)
  }

  /// The JSON object text the store keeps.
  var storedText: String {
    var output = SyncJSONOutput(reservingCapacity: 16 + values.count * 72)
    output.clocks(self)
    return output.text
  }

  /// The clocks of text the store wrote (`storedText`).
  /// - Throws: `StorageError.corrupted` when the text is not an object of strings.
  init(storedText text: String) throws {
    let members: [String: StrictJSONValue]
    do {
      members = try StrictJSONParser().parseObject(Array(text.utf8))
    } catch {
      throw StorageError.corrupted("a synced row's clocks are not a JSON object (\(error))")
    }
    var values: [String: String] = [:]
    for (key, member) in members {
      guard let value = member.stringValue else {
        throw StorageError.corrupted("a synced row's clock of \(key) is not a string")
      }
      values[key] = value
    }
    self.init(values)
  }

  /// Whether `text` is a clock value: 15 digits, a dash, 5 digits, a dash, a lower-case
  /// UUID (58 bytes).
  static func isClockValue(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 58 else { return false }
    for (index, byte) in bytes.enumerated() {
      switch index {
      case 15, 21, 30, 35, 40, 45:
        guard byte == UInt8(ascii: "-") else { return false }
      case 0..<15, 16..<21:
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return false }
      default:
        guard
          (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
        else { return false }
      }
    }
    return true
  }
}
