import Core

/// One step of the schema: applied once, inside its own transaction, in version order.
package struct Migration: Sendable {
  /// The schema version the database has after this step (1, 2, …).
  package let version: Int
  /// A short name recorded in `schema_migrations`.
  package let name: String
  /// Makes the change; runs inside the migration's transaction.
  package let apply: @Sendable (SQLiteConnection) throws -> Void

  /// A step made of SQL statements.
  package init(version: Int, name: String, sql: String) {
    self.version = version
    self.name = name
    self.apply = { connection in try connection.execute(sql) }
  }

  /// A step made of code.
  package init(
    version: Int, name: String, apply: @escaping @Sendable (SQLiteConnection) throws -> Void
  ) {
    self.version = version
    self.name = name
    self.apply = apply
  }
}

/// Brings a database to the newest schema, one recorded step at a time.
///
/// The version lives in `PRAGMA user_version` (set inside each step's transaction, so it
/// rolls back with it) and every applied step is also listed in `schema_migrations`. A
/// failed step rolls back and leaves the database at the previous version, readable.
package enum Migrator {
  /// The version stored in the file; 0 for a new file.
  /// - Throws: `StorageError.corrupted` when the file is not a database.
  package static func storedVersion(_ connection: SQLiteConnection) throws -> Int {
    try connection.integerPragma("user_version")
  }

  /// Throws when the file was written by a newer schema than `migrations` knows.
  /// - Throws: `StorageError.newerSchema`.
  package static func checkNotNewer(_ connection: SQLiteConnection, migrations: [Migration]) throws
  {
    let supported = migrations.last?.version ?? 0
    let found = try storedVersion(connection)
    if found > supported {
      throw StorageError.newerSchema(found: found, supported: supported)
    }
  }

  /// Applies every step above the stored version, up to `target`; returns the final version.
  /// - Throws: `StorageError.newerSchema`, or `.migrationFailed` for the step that failed.
  @discardableResult
  package static func migrate(
    _ connection: SQLiteConnection, migrations: [Migration], upTo target: Int? = nil,
    clock: AppClock, logger: AppLogger
  ) throws -> Int {
    try checkNotNewer(connection, migrations: migrations)
    try connection.execute(
      """
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version INTEGER PRIMARY KEY NOT NULL,
        name TEXT NOT NULL,
        applied_at INTEGER NOT NULL
      )
      """)
    let limit = target ?? migrations.last?.version ?? 0
    for migration in migrations where migration.version <= limit {
      // Another process may have migrated meanwhile: decide inside the write lock.
      let applied = try connection.transaction { () -> Bool in
        guard try storedVersion(connection) < migration.version else { return false }
        do {
          try migration.apply(connection)
        } catch {
          throw StorageError.migrationFailed(
            version: migration.version, detail: AppError.diagnose(error).detail)
        }
        try connection.run(
          "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
          migration.version, migration.name, clock.now())
        try connection.execute("PRAGMA user_version = \(migration.version)")
        return true
      }
      if applied {
        logger.info(
          "applied schema migration \(migration.version) (\(migration.name))", category: .storage)
      }
    }
    return try storedVersion(connection)
  }
}
