extension StorageDatabase {
  /// A connection that reads `path` without writing to it or beside it.
  ///
  /// - Throws: `StorageError.readOnly` when the file's schema is older than this build's
  ///   (it would need a migration, which is a write), and what opening throws otherwise.
  static func openReadOnly(
    _ path: String, options: Options, migrations: [Migration]
  ) throws -> SQLiteConnection {
    let connection = try SQLiteConnection(path: path, readOnly: true, immutable: true)
    do {
      try configure(connection, options: options)
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
