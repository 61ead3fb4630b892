import JOSE

/// Reads and checks the fields of one change's row, as the migration's `row_*` helpers do
/// on PostgreSQL: the same checks, the same SQLSTATEs, `details` naming the change
/// (`changes[3]`).
struct SyncChangeFields {
  let row: [String: StrictJSONValue]
  let index: Int

  /// A refusal of this change.
  func refusal(_ message: String, code: String = "22023") -> SyncCallError {
    SyncCallError(status: 400, code: code, message: message, details: "changes[\(index)]")
  }

  /// The member `key`, `nil` when absent or `null`.
  private func member(_ key: String) -> StrictJSONValue? {
    guard let value = row[key], value != .null else { return nil }
    return value
  }

  /// A UUID, lower-case; any case accepted. `nil` when absent, refused when `required`.
  func uuid(_ key: String, required: Bool = false) throws(SyncCallError) -> String? {
    guard let value = member(key) else {
      if required { throw refusal("\(key) is required") }
      return nil
    }
    guard let text = value.stringValue, Self.isUUID(text) else {
      throw refusal("\(key) must be a UUID", code: "22P02")
    }
    return text.lowercased()
  }

  /// A string of at most `limit` characters (Unicode scalars, as PostgreSQL counts them).
  func text(_ key: String, limit: Int) throws(SyncCallError) -> String? {
    guard let value = member(key) else { return nil }
    guard let text = value.stringValue else { throw refusal("\(key) must be a string") }
    // A character takes at least one UTF-8 byte: only a longer text needs counting.
    if text.utf8.count > limit, text.unicodeScalars.count > limit {
      throw refusal("\(key) is longer than \(limit) characters")
    }
    return text
  }

  func boolean(_ key: String) throws(SyncCallError) -> Bool? {
    guard let value = member(key) else { return nil }
    guard case .bool(let flag) = value else { throw refusal("\(key) must be true or false") }
    return flag
  }

  /// A whole number from 0 to 999,999,999,999,999 (a token count).
  func count(_ key: String) throws(SyncCallError) -> Int64? {
    guard let value = member(key) else { return nil }
    guard let number = value.numberValue, number.rounded(.towardZero) == number,
      number >= 0, number <= 999_999_999_999_999
    else { throw refusal("\(key) must be a whole number from 0 to 999999999999999") }
    return Int64(number)
  }

  /// A wire time, as milliseconds since 1970.
  func time(_ key: String) throws(SyncCallError) -> Int64? {
    guard let value = member(key) else { return nil }
    guard let text = value.stringValue else {
      throw refusal("\(key) must be a time like 2026-12-02T10:07:54.123Z", code: "22007")
    }
    do {
      return try SyncWireTime.milliseconds(text)
    } catch .malformed {
      throw refusal("\(key) must be a time like 2026-12-02T10:07:54.123Z", code: "22007")
    } catch .tooLate {
      throw refusal("\(key) is after 9999-12-31T23:59:59.999Z", code: "22007")
    } catch {
      throw refusal("\(key) is not a valid time", code: "22007")
    }
  }

  /// The change's `clocks`: an object of the table's merge `keys` to clock values; absent
  /// or `null` is none.
  static func clocks(
    of change: [String: StrictJSONValue], keys: Set<String>, index: Int
  ) throws(SyncCallError) -> SyncClocks {
    let fields = SyncChangeFields(row: [:], index: index)
    guard let value = change["clocks"], value != .null else { return SyncClocks() }
    guard let members = value.objectValue else {
      throw fields.refusal("clocks must be a JSON object")
    }
    var clocks: [String: String] = [:]
    // In jsonb's key order (shorter keys first, then by bytes), so the key a refusal names is
    // the one PostgreSQL names.
    let ordered = members.sorted {
      $0.key.utf8.count != $1.key.utf8.count
        ? $0.key.utf8.count < $1.key.utf8.count
        : $0.key.utf8.lexicographicallyPrecedes($1.key.utf8)
    }
    for (key, member) in ordered {
      guard keys.contains(key) else {
        throw fields.refusal("\(key) is not a merge key of this table")
      }
      guard let text = member.stringValue, SyncClocks.isClockValue(text) else {
        throw fields.refusal("the clock of \(key) is malformed")
      }
      clocks[key] = text
    }
    return SyncClocks(clocks)
  }

  /// Whether `text` is a UUID in any case: 8-4-4-4-12 hexadecimal digits.
  static func isUUID(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 36 else { return false }
    for (index, byte) in bytes.enumerated() {
      if index == 8 || index == 13 || index == 18 || index == 23 {
        guard byte == UInt8(ascii: "-") else { return false }
      } else {
        guard
          (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
        else { return false }
      }
    }
    return true
  }
}
