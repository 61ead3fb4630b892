import Core
import Foundation
import Postgres

/// `ServerStore` (admission, grants, entitlements, the ledger, refunds, webhook ids) on
/// PostgreSQL (`DATABASE_URL`), shared by any number of kiln-server instances (decision 15).
///
/// Each store has its own connection pool, which `accounts` (the `AuthStore`) shares; statements are prepared once per connection.
/// Admission is one round trip to the `kiln_admit` function the migration creates, so its
/// read-judge-write is atomic across instances (see `PostgresServerSchema.admitFunction`).
/// The schema is brought up to date by `migrate()`, which `kiln-server migrate` and start-up
/// call; it runs under an advisory lock, so instances starting together migrate once.
///
/// Every failure to reach or use the database (refused, unreachable, lost connection, pool
/// exhausted, schema missing) is `ServerStoreError.unavailable`: the proxy refuses, never
/// admits (decision 18).
public struct PostgresServerStore: ServerStore {
  /// The pool the store's statements run on.
  public let pool: PostgresPool
  let logger: AppLogger

  /// A store on the database `url` names (a `DATABASE_URL`); connects only when first used.
  /// - Parameters:
  ///   - maximumConnections: the pool's bound on open connections.
  ///   - waitTimeout: how long a call waits for a free connection before `.unavailable`.
  ///   - clock: measures the pool's waits.
  ///   - logger: receives failures (never the password or user data).
  /// - Throws: `ServerStoreError.unavailable` naming what is wrong with the URL.
  public init(
    url: String, maximumConnections: Int = 10, waitTimeout: Duration = .seconds(10),
    clock: AppClock, logger: AppLogger = .disabled
  ) throws(ServerStoreError) {
    let configuration: PostgresConfiguration
    do {
      configuration = try PostgresConfiguration(url: url)
    } catch {
      throw ServerStoreError(postgres: error)
    }
    self.init(
      configuration: configuration, maximumConnections: maximumConnections,
      waitTimeout: waitTimeout, clock: clock, logger: logger)
  }

  /// A store on the database `configuration` names; connects only when first used.
  public init(
    configuration: PostgresConfiguration, maximumConnections: Int = 10,
    waitTimeout: Duration = .seconds(10), clock: AppClock, logger: AppLogger = .disabled
  ) {
    pool = PostgresPool(
      configuration: configuration, maximumConnections: maximumConnections,
      waitTimeout: waitTimeout, clock: clock)
    self.logger = logger
  }

  /// The accounts' store on the same pool (the same connections and the same schema).
  public var accounts: PostgresAuthStore { PostgresAuthStore(pool: pool, logger: logger) }

  /// The synced rows' store on the same pool, running the sync migration's functions.
  public var sync: PostgresSyncStore { PostgresSyncStore(pool: pool, logger: logger) }

  /// Applies the schema migrations this database lacks, under the migrator's advisory lock.
  /// - Returns: the versions applied (empty when the schema was current).
  /// - Throws: `ServerStoreError.unavailable` when the database cannot be reached, a
  ///   migration fails (it is rolled back), or the schema is newer than this build knows.
  @discardableResult
  public func migrate() async throws(ServerStoreError) -> [Int] {
    try await perform("migrate") { pool in
      try await PostgresMigrator(migrations: PostgresServerSchema.migrations).migrate(pool)
    }
  }

  /// Closes the pool's connections; later calls fail with `.unavailable`.
  public func close() async {
    await pool.close()
  }

  public func checkReachable() async throws(ServerStoreError) {
    try await perform("check") { pool in
      _ = try await pool.withConnection { try await $0.query(PostgresServerSQL.reachable) }
    }
  }

  /// Runs `body` with the pool; every failure becomes `ServerStoreError`.
  func perform<T: Sendable>(
    _ operation: String, _ body: (PostgresPool) async throws -> T
  ) async throws(ServerStoreError) -> T {
    do {
      return try await body(pool)
    } catch {
      let failure = ServerStoreError(postgres: error)
      logger.error("server store: \(operation): \(failure)", category: .storage)
      throw failure
    }
  }

  /// Runs one prepared statement on a connection of the pool.
  func query(
    _ operation: String, _ statement: PostgresStatement, _ parameters: [PostgresValue?]
  ) async throws(ServerStoreError) -> PostgresResult {
    try await perform(operation) { pool in
      try await pool.withConnection { try await $0.query(statement, parameters) }
    }
  }
}
