/// Brings a database's schema up to date: each migration not yet recorded in
/// `schema_migrations` runs in its own transaction, in version order, and is recorded in
/// that same transaction.
///
/// The whole run holds a session advisory lock, so several instances starting at once apply
/// each migration exactly once: the first runs them, the others wait and then find them done.
/// A migration that fails is rolled back and stops the run; the ones before it stay applied.
public struct PostgresMigrator: Sendable {
  /// The advisory lock key the runs share (the ASCII of "kilnmigr").
  public static let defaultLockKey: Int64 = 0x6B69_6C6E_6D69_6772

  /// The migrations, in version order.
  public let migrations: [PostgresMigration]
  /// The advisory lock key serializing runs.
  public let lockKey: Int64

  /// A migrator for `migrations`.
  /// - Throws: `PostgresError` of kind `.misuse` when a version is not positive or repeats.
  public init(migrations: [PostgresMigration], lockKey: Int64 = defaultLockKey) throws {
    var seen: Set<Int> = []
    for migration in migrations {
      guard migration.version > 0 else {
        throw PostgresError(
          .misuse, message: "migration versions must be positive (found \(migration.version))")
      }
      guard seen.insert(migration.version).inserted else {
        throw PostgresError(.misuse, message: "migration \(migration.version) is listed twice")
      }
    }
    self.migrations = migrations.sorted { $0.version < $1.version }
    self.lockKey = lockKey
  }

  /// Applies the missing migrations on `connection`.
  /// - Returns: the versions this run applied, in order (empty when the schema was current).
  /// - Throws: `PostgresError` of kind `.migrationFailed` (with the version, and the server's
  ///   SQLSTATE, message, detail and hint) for a migration that failed and was rolled back;
  ///   `.misuse` when the database records a version newer than any known here; other
  ///   `PostgresError`s from the connection.
  @discardableResult
  public func migrate(_ connection: PostgresConnection) async throws -> [Int] {
    let migrations = self.migrations
    return try await connection.withAdvisoryLock(lockKey) { connection in
      try await connection.execute(
        """
        CREATE TABLE IF NOT EXISTS schema_migrations (
          version bigint PRIMARY KEY,
          name text NOT NULL,
          applied_at timestamptz NOT NULL DEFAULT now()
        )
        """)
      let rows = try await connection.query("SELECT version FROM schema_migrations").rows
      let recorded = Set(try rows.map { try $0.decode(Int.self, at: 0) })
      if let newest = recorded.max(), newest > (migrations.last?.version ?? 0) {
        throw PostgresError(
          .misuse,
          message: "the database is at schema version \(newest), newer than this program knows")
      }
      var applied: [Int] = []
      for migration in migrations where !recorded.contains(migration.version) {
        try await Self.apply(migration, on: connection)
        applied.append(migration.version)
      }
      return applied
    }
  }

  /// Applies the missing migrations on a connection from `pool`.
  /// - Returns: the versions this run applied.
  /// - Throws: what `migrate(_:)` and the pool throw.
  @discardableResult
  public func migrate(_ pool: PostgresPool) async throws -> [Int] {
    try await pool.withConnection { try await migrate($0) }
  }

  private static func apply(
    _ migration: PostgresMigration, on connection: PostgresConnection
  )
    async throws
  {
    do {
      try await connection.transaction { connection in
        try await connection.execute(migration.sql)
        try await connection.query(
          "INSERT INTO schema_migrations (version, name) VALUES ($1, $2)",
          [.int(migration.version), .text(migration.name)])
      }
    } catch let error as PostgresError {
      throw PostgresError(
        .migrationFailed,
        message: "migration \(migration.version) (\(migration.name)) failed: \(error.message)",
        sqlState: error.sqlState, detail: error.detail, hint: error.hint,
        migrationVersion: migration.version)
    }
  }
}
