import CSQLite
import Foundation

/// A prepared statement owned by one `SQLiteConnection`; never shared between threads.
final class SQLiteStatement {
  let handle: OpaquePointer
  private unowned let connection: SQLiteConnection

  init(handle: OpaquePointer, connection: SQLiteConnection) {
    self.handle = handle
    self.connection = connection
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// Binds `values` to parameters 1, 2, … in order.
  /// - Throws: `StorageError` when SQLite rejects a value.
  func bind(_ values: [any SQLiteBindable]) throws {
    for (offset, value) in values.enumerated() {
      let code = value.bind(to: handle, at: Int32(offset + 1))
      if code != SQLITE_OK { throw connection.error(code) }
    }
  }

  /// Advances to the next row; `false` when the statement is done.
  /// - Throws: `StorageError` for any failure (busy, full, constraint, …).
  func step() throws -> Bool {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw connection.error(code)
    }
  }

  /// Makes the statement ready to run again and releases its read lock.
  func reset() {
    sqlite3_reset(handle)
  }

  /// The current row's columns.
  var row: SQLiteRow { SQLiteRow(handle: handle) }
}

/// Typed access to the columns of the current row. Indexes are 0-based.
package struct SQLiteRow {
  let handle: OpaquePointer

  package func isNull(_ column: Int32) -> Bool {
    sqlite3_column_type(handle, column) == SQLITE_NULL
  }

  package func int64(_ column: Int32) -> Int64 {
    sqlite3_column_int64(handle, column)
  }

  package func int(_ column: Int32) -> Int {
    Int(sqlite3_column_int64(handle, column))
  }

  package func optionalInt(_ column: Int32) -> Int? {
    isNull(column) ? nil : int(column)
  }

  package func bool(_ column: Int32) -> Bool {
    sqlite3_column_int64(handle, column) != 0
  }

  package func double(_ column: Int32) -> Double {
    sqlite3_column_double(handle, column)
  }

  package func string(_ column: Int32) -> String {
    guard let text = sqlite3_column_text(handle, column) else { return "" }
    let count = Int(sqlite3_column_bytes(handle, column))
    return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
  }

  package func optionalString(_ column: Int32) -> String? {
    isNull(column) ? nil : string(column)
  }

  package func date(_ column: Int32) -> Date {
    StorageTime.date(milliseconds: sqlite3_column_int64(handle, column))
  }

  /// A 16-byte identifier blob.
  /// - Throws: `StorageError.corrupted` when the column is not 16 bytes.
  package func uuid(_ column: Int32) throws -> UUID {
    guard sqlite3_column_bytes(handle, column) == 16,
      let bytes = sqlite3_column_blob(handle, column)
    else {
      throw StorageError.corrupted("identifier column \(column) is not 16 bytes")
    }
    return UUID(storageBytes: UnsafeRawBufferPointer(start: bytes, count: 16))
  }

  package func optionalUUID(_ column: Int32) throws -> UUID? {
    isNull(column) ? nil : try uuid(column)
  }
}
