import CLibPQ
import Foundation

/// One PostgreSQL connection (libpq) with its own thread and its cache of prepared statements.
///
/// Every libpq call blocks until the server answers, so the actor runs on a dedicated thread
/// (its executor) and callers `await` it without holding a thread of Swift's cooperative
/// pool. One statement runs at a time; a pool (`PostgresPool`) gives concurrency.
///
/// Give each task a connection of its own (the pool does): while a transaction's body
/// awaits, another task's statements on the same connection would run inside it. A statement
/// that has started is not stopped by cancelling the task that awaits it.
public actor PostgresConnection {
  /// The configuration the connection was opened with (its `description` hides the password).
  public nonisolated let configuration: PostgresConfiguration
  private nonisolated let thread: ConnectionThread
  /// The libpq connection; nil once closed.
  private var owner: HandleOwner?
  /// The libpq handle (`PGconn *`); nil once closed.
  var handle: OpaquePointer? { owner?.pointer }
  /// Prepared statements on this connection: name → SQL.
  var prepared: [String: String] = [:]

  /// The executor all of the actor's code runs on: the connection's own thread.
  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    thread.asUnownedSerialExecutor()
  }

  private init(configuration: PostgresConfiguration) {
    self.configuration = configuration
    thread = ConnectionThread(name: "postgres \(configuration.host):\(configuration.port)")
  }

  deinit {
    // `owner` is released with the actor and closes the connection; no job can reach the
    // thread any more, so it may end.
    thread.stop()
  }

  /// Opens a connection.
  /// - Throws: `PostgresError` of kind `.connectionFailed` with libpq's reason (refused,
  ///   unreachable, authentication failed); the password never appears in it.
  public static func connect(
    _ configuration: PostgresConfiguration
  ) async throws
    -> PostgresConnection
  {
    let connection = PostgresConnection(configuration: configuration)
    try await connection.open()
    return connection
  }

  /// Opens a connection to the server a `DATABASE_URL` names.
  /// - Throws: `PostgresError` of kind `.invalidURL` or `.connectionFailed`.
  public static func connect(url: String) async throws -> PostgresConnection {
    try await connect(PostgresConfiguration(url: url))
  }

  private func open() throws {
    let parameters = configuration.connectionParameters
    let keywords = parameters.map { strdup($0.0) }
    let values = parameters.map { strdup($0.1) }
    defer {
      keywords.forEach { free($0) }
      values.forEach { free($0) }
    }
    let keywordPointers = keywords.map { UnsafePointer($0) } + [nil]
    let valuePointers = values.map { UnsafePointer($0) } + [nil]
    guard let connection = PQconnectdbParams(keywordPointers, valuePointers, 0) else {
      throw PostgresError(.connectionFailed, message: "libpq could not allocate a connection")
    }
    guard PQstatus(connection) == CONNECTION_OK else {
      let message = Self.text(PQerrorMessage(connection))
      PQfinish(connection)
      throw PostgresError(.connectionFailed, message: message)
    }
    // libpq prints the server's notices and warnings to standard error by default; a
    // library must not write to a program's terminal, so they are dropped here.
    PQsetNoticeProcessor(connection, { _, _ in }, nil)
    owner = HandleOwner(pointer: connection)
  }

  /// Closes the connection; later statements throw `.connectionLost`.
  public func close() {
    owner = nil
    prepared.removeAll()
  }

  /// Runs SQL without parameters through the simple protocol: several statements separated
  /// by `;` are allowed (DDL, migrations). Returns the last statement's result.
  /// - Throws: `PostgresError` (`.server` with the SQLSTATE, or `.connectionLost`).
  @discardableResult
  public func execute(_ sql: String) throws -> PostgresResult {
    let connection = try liveHandle()
    return try consume(PQexec(connection, sql), on: connection)
  }

  /// Runs one statement with parameters (`$1`, `$2`, …) through the extended protocol; the
  /// values never become part of the SQL text.
  /// - Throws: `PostgresError` (`.server` with the SQLSTATE, or `.connectionLost`).
  @discardableResult
  public func query(_ sql: String, _ parameters: [PostgresValue?] = []) throws -> PostgresResult {
    let connection = try liveHandle()
    let result = try ParameterBuffers(parameters).withPointers {
      count, types, values, lengths, formats in
      PQexecParams(connection, sql, count, types, values, lengths, formats, 0)
    }
    return try consume(result, on: connection)
  }

  /// Whether the connection can take a statement now: libpq says it is connected, it is not
  /// inside a transaction, and the server has not closed it while it sat idle.
  public func isUsable() -> Bool {
    guard let handle, PQstatus(handle) == CONNECTION_OK else { return false }
    drainIdleInput(handle)
    return PQstatus(handle) == CONNECTION_OK && PQtransactionStatus(handle) == PQTRANS_IDLE
  }

  /// Whether a transaction is open (or failed and not yet rolled back) on this connection.
  public var isInTransaction: Bool {
    guard let handle else { return false }
    let status = PQtransactionStatus(handle)
    return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE
  }

  func liveHandle() throws -> OpaquePointer {
    guard let handle else {
      throw PostgresError(.connectionLost, message: "the connection is closed")
    }
    return handle
  }

  /// Turns a libpq result into rows or a typed error, and frees it.
  func consume(_ result: OpaquePointer?, on connection: OpaquePointer) throws -> PostgresResult {
    guard let result else {
      throw PostgresError(
        PQstatus(connection) == CONNECTION_OK ? .server : .connectionLost,
        message: Self.text(PQerrorMessage(connection)))
    }
    defer { PQclear(result) }
    switch PQresultStatus(result) {
    case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
      return Self.rows(of: result)
    default:
      throw Self.error(of: result, connectionOK: PQstatus(connection) == CONNECTION_OK)
    }
  }

  /// Reads what an idle connection received: an idle session gets nothing unless the server
  /// ended it (`pg_terminate_backend`, a restart), so a readable socket is read until libpq
  /// learns the connection's state.
  private func drainIdleInput(_ handle: OpaquePointer) {
    for _ in 0..<4 {
      var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 0) > 0 else { return }
      guard PQconsumeInput(handle) == 1 else { return }
      while PQisBusy(handle) == 0, let stray = PQgetResult(handle) { PQclear(stray) }
    }
  }

  static func text(_ pointer: UnsafePointer<CChar>?) -> String {
    guard let pointer else { return "" }
    return String(cString: pointer).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  private static func rows(of result: OpaquePointer) -> PostgresResult {
    let rowCount = PQntuples(result)
    let columnCount = PQnfields(result)
    let columns = PostgresColumns(names: (0..<columnCount).map { text(PQfname(result, $0)) })
    var rows: [PostgresRow] = []
    rows.reserveCapacity(Int(rowCount))
    for row in 0..<rowCount {
      let values = (0..<columnCount).map { column -> String? in
        guard PQgetisnull(result, row, column) == 0, let value = PQgetvalue(result, row, column)
        else { return nil }
        let length = Int(PQgetlength(result, row, column))
        return value.withMemoryRebound(to: UInt8.self, capacity: length) {
          String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
      }
      rows.append(PostgresRow(columns: columns, values: values))
    }
    let affected = Int(String(cString: PQcmdTuples(result))) ?? 0
    return PostgresResult(rows: rows, affectedRows: affected)
  }

  private static func error(of result: OpaquePointer, connectionOK: Bool) -> PostgresError {
    func field(_ code: Int32) -> String? {
      guard let pointer = PQresultErrorField(result, code) else { return nil }
      return String(cString: pointer)
    }
    let state = field(Int32(UInt8(ascii: "C"))).map(SQLState.init(rawValue:))
    let message = field(Int32(UInt8(ascii: "M"))) ?? text(PQresultErrorMessage(result))
    return PostgresError(
      connectionOK ? .server : .connectionLost, message: message, sqlState: state,
      detail: field(Int32(UInt8(ascii: "D"))), hint: field(Int32(UInt8(ascii: "H"))))
  }
}

/// Owns a `PGconn` and closes it when released: on `close()`, or with the actor, whose
/// deinit may not touch its non-Sendable state.
private final class HandleOwner {
  let pointer: OpaquePointer

  init(pointer: OpaquePointer) { self.pointer = pointer }

  deinit { PQfinish(pointer) }
}
