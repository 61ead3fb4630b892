import Foundation

extension StorageDatabase {
  /// A connection that reads `path` without writing to it or beside it.
  ///
  /// - Throws: `StorageError.readOnly` when the file's schema is older than this build's
  ///   (it would need a migration, which is a write), and what opening throws otherwise.
  ///   The sync clock is registered too: SQLite compiles the recording triggers into every
  ///   write statement, so without it a write would fail as an unknown function instead of
  ///   as the read-only write it is.
  static func openReadOnly(
    _ path: String, options: Options, migrations: [Migration],
    now: @escaping @Sendable () -> Date
  ) throws -> SQLiteConnection {
    let connection = try SQLiteConnection(path: path, readOnly: true, immutable: true)
    do {
      try configure(connection, options: options)
      try connection.registerSyncClock(now: now)
      try checkOwnership(connection)
      try Migrator.checkNotNewer(connection, migrations: migrations)
      let latest = migrations.last?.version ?? 0
      if try Migrator.storedVersion(connection) < latest {
        throw StorageError.readOnly("schema needs a migration, which a read-only open cannot do")
      }
    } catch {
      connection.close()
      throw error
    }
    return connection
  }
}
