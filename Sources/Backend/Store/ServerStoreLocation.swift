import Core
import Foundation

/// Where kiln-server keeps its `ServerStore`: the one call that wires it
/// (`DATABASE_URL` set: PostgreSQL; unset: SQLite in the data directory).
public enum ServerStoreLocation: Sendable, Hashable, CustomStringConvertible {
  /// `SQLiteServerStore`'s file `kiln-server.sqlite` in `directory`.
  case sqlite(directory: URL)
  /// `PostgresServerStore` on the database a `DATABASE_URL` names.
  case postgres(url: String)

  /// PostgreSQL when `databaseURL` is set (and not blank), SQLite in `dataDirectory`
  /// otherwise.
  public static func from(databaseURL: String?, dataDirectory: URL) -> ServerStoreLocation {
    if let databaseURL, !databaseURL.trimmingCharacters(in: .whitespaces).isEmpty {
      return .postgres(url: databaseURL)
    }
    return .sqlite(directory: dataDirectory)
  }

  /// Opens the store with its schema brought up to date (start-up runs the migrations, as
  /// `kiln-server migrate` does; on PostgreSQL under an advisory lock).
  /// - Throws: `ServerStoreError.unavailable` when the store cannot be opened or migrated.
  public func open(
    clock: AppClock, logger: AppLogger = .disabled
  ) async throws(ServerStoreError)
    -> any ServerStore
  {
    try await openStores(clock: clock, logger: logger).proxy
  }

  /// Opens the database as `open` does, with both stores over it: the proxy's `ServerStore`
  /// and the auth service's `AuthStore` share its one SQLite connection or PostgreSQL pool,
  /// and its migrations ran once, in one sequence.
  /// - Throws: `ServerStoreError.unavailable` when the store cannot be opened or migrated.
  public func openStores(
    clock: AppClock, logger: AppLogger = .disabled
  ) async throws(ServerStoreError)
    -> ServerStores
  {
    switch self {
    case .sqlite(let directory):
      return ServerStores(
        sqlite: try SQLiteServerDatabase(directory: directory, clock: clock, logger: logger),
        clock: clock)
    case .postgres(let url):
      let store = try PostgresServerStore(url: url, clock: clock, logger: logger)
      do {
        try await store.migrate()
      } catch {
        await store.close()
        throw error
      }
      return ServerStores(postgres: store)
    }
  }

  /// Brings the schema up to date and closes the store again (`kiln-server migrate`).
  /// - Returns: the schema versions applied (empty when it was current).
  /// - Throws: `ServerStoreError.unavailable` when the store cannot be opened or migrated.
  @discardableResult
  public func migrate(
    clock: AppClock, logger: AppLogger = .disabled
  ) async throws(ServerStoreError)
    -> [Int]
  {
    switch self {
    case .sqlite(let directory):
      let database = try SQLiteServerDatabase(directory: directory, clock: clock, logger: logger)
      await database.close()
      return database.appliedMigrations
    case .postgres(let url):
      let store = try PostgresServerStore(url: url, clock: clock, logger: logger)
      do {
        let applied = try await store.migrate()
        await store.close()
        return applied
      } catch {
        await store.close()
        throw error
      }
    }
  }

  /// The location for logs and `kiln-server config`: the SQLite directory, or the
  /// PostgreSQL URL without its password.
  public var description: String {
    switch self {
    case .sqlite(let directory):
      return "sqlite:\(directory.appendingPathComponent(SQLiteServerStore.defaultFileName).path)"
    case .postgres(let url):
      guard var components = URLComponents(string: url) else { return "postgres:(invalid URL)" }
      if components.password != nil { components.password = "REDACTED" }
      return components.string ?? "postgres:(invalid URL)"
    }
  }
}
