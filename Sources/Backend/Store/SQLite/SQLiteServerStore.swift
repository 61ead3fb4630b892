import Core
import Foundation
import Storage

/// `ServerStore` (admission, grants, entitlements, the ledger, refunds, webhook ids) in
/// kiln-server's SQLite file (decision 15).
///
/// It holds no connection of its own: every call runs on the `SQLiteServerDatabase` it was
/// made over, which owns the file, its one connection and thread, and the migrations (see
/// there for the file's modes, WAL and the busy timeout). `accounts` is the `AuthStore` over
/// the same database. Every admission that charges is one `BEGIN IMMEDIATE` transaction,
/// which SQLite serializes across connections, so several databases (or processes) on one
/// file never admit past a limit. Every failure is `ServerStoreError.unavailable` with the
/// reason: the proxy then refuses (decision 18), it never admits.
public struct SQLiteServerStore: ServerStore {
  /// The file name used when the caller gives none.
  public static let defaultFileName = SQLiteServerDatabase.defaultFileName
  /// The schema version this build writes and the newest it opens.
  public static var supportedSchemaVersion: Int { SQLiteServerDatabase.supportedSchemaVersion }

  /// The database (its one connection) the store's statements run on.
  public let database: SQLiteServerDatabase

  /// The proxy's store over `database`, which is already open and migrated.
  public init(database: SQLiteServerDatabase) {
    self.database = database
  }

  /// Opens (creating when missing) the database file in `directory`, migrates it, and
  /// makes the proxy's store over it; the parameters are `SQLiteServerDatabase`'s.
  /// - Throws: `ServerStoreError.unavailable` when the directory or file cannot be made or
  ///   opened, the file is damaged, belongs to another program or to a newer kiln-server.
  public init(
    directory: URL, fileName: String = defaultFileName, busyTimeout: Duration = .seconds(5),
    clock: AppClock, logger: AppLogger = .disabled
  ) throws(ServerStoreError) {
    self.init(
      database: try SQLiteServerDatabase(
        directory: directory, fileName: fileName, busyTimeout: busyTimeout, clock: clock,
        logger: logger))
  }

  /// The accounts' store on the same database (the same connection).
  public var accounts: SQLiteAuthStore { SQLiteAuthStore(database: database) }
  /// The database file.
  public var path: String { database.path }
  /// The schema versions the database's open applied (empty when it was already current).
  public var appliedMigrations: [Int] { database.appliedMigrations }

  /// Closes the database (for both stores over it); later calls fail with `.unavailable`.
  public func close() async {
    await database.close()
  }

  public func checkReachable() async throws(ServerStoreError) {
    try await database.checkReachable()
  }

  /// `SQLiteServerDatabase.perform`.
  @discardableResult
  func perform<T: Sendable>(
    _ operation: String, _ body: @Sendable (SQLiteConnection) throws -> T
  ) async throws(ServerStoreError) -> T {
    try await database.perform(operation, body)
  }

  /// Caps the file at its current size (`SQLiteServerDatabase.stopGrowing`), for tests.
  func stopGrowing() async throws(ServerStoreError) {
    try await database.stopGrowing()
  }
}
