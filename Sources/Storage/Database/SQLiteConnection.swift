import CSQLite
import Foundation

/// One SQLite connection with a cache of prepared statements.
///
/// Not `Sendable`: a connection belongs to exactly one owner (the `StorageDatabase` actor,
/// or a `Mutex` in `DatabaseKeyValueStore`) and is only touched from there. It is opened
/// with `SQLITE_OPEN_NOMUTEX` because that owner already serializes every call.
package final class SQLiteConnection {
  private let handle: OpaquePointer
  private var statements: [String: SQLiteStatement] = [:]
  private var isClosed = false

  /// Opens (and creates, unless `readOnly`) the database file at `path`. `immutable` (read
  /// only) tells SQLite nothing changes the file, so it needs no `-shm` beside it.
  /// - Throws: `StorageError` mapped from the open failure.
  package init(path: String, readOnly: Bool = false, immutable: Bool = false) throws {
    var pointer: OpaquePointer?
    var flags =
      (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
      | SQLITE_OPEN_NOMUTEX
    var name = path
    if readOnly && immutable {
      flags |= SQLITE_OPEN_URI
      let escaped = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
      name = "file:\(escaped)?immutable=1"
    }
    let code = sqlite3_open_v2(name, &pointer, flags, nil)
    guard let pointer else {
      throw StorageError.failed(code: Int(code), detail: "sqlite3_open_v2 returned no handle")
    }
    guard code == SQLITE_OK else {
      let message = String(cString: sqlite3_errmsg(pointer))
      let errno = sqlite3_system_errno(pointer)
      sqlite3_close_v2(pointer)
      throw SQLiteResult.error(code: code, message: message, systemErrno: errno)
    }
    handle = pointer
    sqlite3_extended_result_codes(handle, 1)
  }

  deinit {
    close()
  }

  /// Finalizes cached statements and closes the connection; later calls throw `.closed`.
  package func close() {
    guard !isClosed else { return }
    isClosed = true
    statements.removeAll()
    sqlite3_close_v2(handle)
  }

  /// The typed error for the most recent failure on this connection.
  package func error(_ code: Int32) -> StorageError {
    SQLiteResult.error(
      code: sqlite3_extended_errcode(handle),
      message: String(cString: sqlite3_errmsg(handle)),
      systemErrno: sqlite3_system_errno(handle))
  }

  /// Runs one or more statements that take no parameters and return no rows (DDL, pragmas).
  /// - Throws: `StorageError`.
  package func execute(_ sql: String) throws {
    guard !isClosed else { throw StorageError.closed }
    let code = sqlite3_exec(handle, sql, nil, nil, nil)
    if code != SQLITE_OK { throw error(code) }
  }

  /// The cached prepared statement for `sql`, preparing it on first use.
  /// - Throws: `StorageError` when the SQL does not compile.
  func statement(_ sql: String) throws -> SQLiteStatement {
    guard !isClosed else { throw StorageError.closed }
    if let cached = statements[sql] { return cached }
    var pointer: OpaquePointer?
    let code = sqlite3_prepare_v3(
      handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, nil)
    guard code == SQLITE_OK, let pointer else { throw error(code) }
    let statement = SQLiteStatement(handle: pointer, connection: self)
    statements[sql] = statement
    return statement
  }

  /// Runs a statement that returns no rows; returns the number of rows it changed.
  /// - Throws: `StorageError`.
  @discardableResult
  package func run(_ sql: String, _ values: any SQLiteBindable...) throws -> Int {
    try run(sql, bindings: values)
  }

  /// `run(_:_:)` with the values as an array.
  /// - Throws: `StorageError`.
  @discardableResult
  package func run(_ sql: String, bindings values: [any SQLiteBindable]) throws -> Int {
    let statement = try statement(sql)
    defer { statement.reset() }
    try statement.bind(values)
    while try statement.step() {}
    return Int(sqlite3_changes(handle))
  }

  /// Runs a query and maps every row.
  /// - Throws: `StorageError`, or what `map` throws.
  package func query<T>(
    _ sql: String, _ values: any SQLiteBindable..., map: (SQLiteRow) throws -> T
  ) throws -> [T] {
    try query(sql, bindings: values, map: map)
  }

  /// `query(_:_:map:)` with the values as an array.
  /// - Throws: `StorageError`, or what `map` throws.
  package func query<T>(
    _ sql: String, bindings: [any SQLiteBindable], map: (SQLiteRow) throws -> T
  ) throws -> [T] {
    let statement = try statement(sql)
    defer { statement.reset() }
    try statement.bind(bindings)
    var results: [T] = []
    while try statement.step() {
      results.append(try map(statement.row))
    }
    return results
  }

  /// The first row of a query, mapped, or `nil` when there is none.
  /// - Throws: `StorageError`, or what `map` throws.
  package func first<T>(
    _ sql: String, _ values: any SQLiteBindable..., map: (SQLiteRow) throws -> T
  ) throws -> T? {
    let statement = try statement(sql)
    defer { statement.reset() }
    try statement.bind(values)
    return try statement.step() ? map(statement.row) : nil
  }

  /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`, rolling back if it throws.
  /// - Throws: what `body` throws, or `StorageError` from the transaction itself.
  package func transaction<T>(_ body: () throws -> T) throws -> T {
    try run("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try run("COMMIT")
      return result
    } catch {
      rollback()
      throw error
    }
  }

  /// Runs `body` inside a deferred read transaction, so several queries see one snapshot.
  /// - Throws: what `body` throws, or `StorageError`.
  package func readTransaction<T>(_ body: () throws -> T) throws -> T {
    try run("BEGIN DEFERRED")
    do {
      let result = try body()
      try run("COMMIT")
      return result
    } catch {
      rollback()
      throw error
    }
  }

  /// Rolls back the open transaction, if any. A failed rollback leaves nothing to undo:
  /// SQLite has already rolled back on the errors where `ROLLBACK` itself fails.
  package func rollback() {
    if sqlite3_get_autocommit(handle) == 0 {
      sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
    }
  }

  /// The value of an integer pragma, e.g. `user_version`.
  /// - Throws: `StorageError`.
  package func integerPragma(_ name: String) throws -> Int {
    try first("PRAGMA \(name)") { $0.int(0) } ?? 0
  }

  /// Registers `kiln_sync_clock` (the sync triggers' clock) reading time from `now`.
  /// - Throws: `StorageError` when SQLite refuses the function.
  package func registerSyncClock(now: @escaping @Sendable () -> Date) throws {
    let code = SyncClockFunction.register(on: handle, now: now)
    if code != SQLITE_OK { throw error(code) }
  }

  /// The rowid of the most recent insert on this connection.
  package var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
}
