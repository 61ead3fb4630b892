import CSQLite
import Foundation

/// The database's hybrid logical clock as the SQL function `kiln_sync_clock(last, device)`:
/// the value `device` (a 16-byte id) issues after `last` (a clock value or NULL) by the
/// injected wall clock, following `HybridTimestamp.next`. The sync triggers of schema
/// step 6 call it for every change they record, so every connection that writes the chat
/// tables must register it (`StorageDatabase` does on open).
package enum SyncClockFunction {
  /// The function's SQL name.
  package static let name = "kiln_sync_clock"

  private final class Source: Sendable {
    let now: @Sendable () -> Date
    init(now: @escaping @Sendable () -> Date) { self.now = now }
  }

  /// Registers the function on a raw connection handle, reading time from `now`.
  /// - Returns: SQLite's result code.
  @discardableResult
  package static func register(
    on handle: OpaquePointer, now: @escaping @Sendable () -> Date
  )
    -> Int32
  {
    let source = Unmanaged.passRetained(Source(now: now)).toOpaque()
    return sqlite3_create_function_v2(
      handle, name, 2, SQLITE_UTF8, source,
      { context, count, arguments in
        guard let context, count == 2, let arguments else { return }
        SyncClockFunction.evaluate(context, last: arguments[0], device: arguments[1])
      },
      nil, nil,
      { pointer in
        guard let pointer else { return }
        Unmanaged<Source>.fromOpaque(pointer).release()
      })
  }

  private static func evaluate(
    _ context: OpaquePointer, last: OpaquePointer?, device: OpaquePointer?
  ) {
    guard let pointer = sqlite3_user_data(context) else {
      return sqlite3_result_error(context, "kiln_sync_clock: no time source", -1)
    }
    let source = Unmanaged<Source>.fromOpaque(pointer).takeUnretainedValue()
    guard let device, sqlite3_value_type(device) == SQLITE_BLOB,
      sqlite3_value_bytes(device) == 16, let bytes = sqlite3_value_blob(device)
    else {
      return sqlite3_result_error(context, "kiln_sync_clock: device must be a 16-byte id", -1)
    }
    let raw = UnsafeRawBufferPointer(start: bytes, count: 16)
    let id = UUID(
      uuid: (
        raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7], raw[8], raw[9],
        raw[10], raw[11], raw[12], raw[13], raw[14], raw[15]
      ))
    var previous: HybridTimestamp?
    if let last, sqlite3_value_type(last) != SQLITE_NULL {
      guard let text = sqlite3_value_text(last),
        let parsed = HybridTimestamp(String(cString: text))
      else {
        return sqlite3_result_error(context, "kiln_sync_clock: last is not a clock value", -1)
      }
      previous = parsed
    }
    guard let value = HybridTimestamp.next(after: previous, now: source.now(), device: id) else {
      return sqlite3_result_error(context, "kiln_sync_clock: clock out of range", -1)
    }
    sqlite3_result_text(context, value.description, -1, sqliteTransient)
  }
}
