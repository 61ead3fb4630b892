import CSQLite
import Foundation

/// SQLite copies bound text and blobs before the bind call returns.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A Swift value that can be bound to a statement parameter.
package protocol SQLiteBindable {
  /// Binds the value at the 1-based `index` and returns the SQLite result code.
  func bind(to statement: OpaquePointer, at index: Int32) -> Int32
}

/// SQL `NULL`, for a parameter whose Swift type has no natural optional.
package struct SQLiteNull: SQLiteBindable {
  /// SQL `NULL`.
  package init() {}

  package func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
    sqlite3_bind_null(statement, index)
  }
}

extension Int: SQLiteBindable {
  package func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
    sqlite3_bind_int64(statement, index, Int64(self))
  }
}

extension Int64: SQLiteBindable {
  package func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
    sqlite3_bind_int64(statement, index, self)
  }
}

extension Bool: SQLiteBindable {
  package func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
    sqlite3_bind_int64(statement, index, self ? 1 : 0)
  }
}

extension Double: SQLiteBindable {
  package func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
    sqlite3_bind_double(statement, index, self)
  }
}

extension String: SQLiteBindable {
  package func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
    var text = self
    return text.withUTF8 { bytes in
      // An empty buffer may have no base address, which SQLite would read as NULL.
      guard let base = bytes.baseAddress, !bytes.isEmpty else {
        return sqlite3_bind_text(statement, index, "", 0, sqliteTransient)
      }
      return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { characters in
        sqlite3_bind_text(statement, index, characters, Int32(bytes.count), sqliteTransient)
      }
    }
  }
}

extension UUID: SQLiteBindable {
  /// Identifiers are stored as 16-byte blobs, compared byte by byte.
  package func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
    withUnsafeBytes(of: uuid) { bytes in
      sqlite3_bind_blob(statement, index, bytes.baseAddress, 16, sqliteTransient)
    }
  }
}

extension Date: SQLiteBindable {
  /// Dates are stored as whole milliseconds since 1970 (see `StorageTime`).
  package func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
    sqlite3_bind_int64(statement, index, StorageTime.milliseconds(self))
  }
}

extension Optional: SQLiteBindable where Wrapped: SQLiteBindable {
  package func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
    switch self {
    case .some(let value): return value.bind(to: statement, at: index)
    case .none: return sqlite3_bind_null(statement, index)
    }
  }
}
