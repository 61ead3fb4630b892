import Core
import Foundation

/// An open Kiln database file: one SQLite connection owned by this actor, migrated to the
/// newest schema, in WAL mode with foreign keys on.
///
/// Repositories (`SQLiteConversationRepository`, `SQLiteMessageRepository`, …) share one
/// database. Every query runs on this actor, one at a time, so a read never sees a half-done
/// write. SQLite calls are short (well under a millisecond for the operations the
/// repositories make), so they run on the actor directly instead of hopping to a thread.
///
/// Opening never damages data: a file written by a newer schema throws
/// `StorageError.newerSchema` before anything is written; a file that is not a database
/// throws `StorageError.corrupted`, and another program's SQLite database
/// `StorageError.foreignDatabase`, and either is left as it is. A new file is created with
/// mode 0600, so its `-wal` and `-shm` are too.
public actor StorageDatabase {
  /// The schema version this build writes and the newest it can open.
  public static var supportedSchemaVersion: Int { Schema.latestVersion }

  /// The database file.
  public nonisolated let path: String
  /// The options it was opened with.
  public nonisolated let options: Options
  let logger: AppLogger
  private let connection: SQLiteConnection
  private var isClosed = false

  /// Opens or creates the database at `path` and migrates it to the newest schema.
  /// - Parameters:
  ///   - path: the file; its folder must exist.
  ///   - options: durability and tuning.
  ///   - clock: stamps applied migrations and is the wall time of the sync clock
  ///     (`kiln_sync_clock`) that stamps recorded changes.
  ///   - logger: receives open and migration records (never message text).
  /// - Throws: `StorageError.newerSchema`, `.corrupted`, `.foreignDatabase`, `.readOnly`,
  ///   `.busy`, `.migrationFailed`, or `.failed`.
  public init(
    path: String, options: Options = Options(), clock: AppClock,
    logger: AppLogger = .disabled
  ) throws {
    try self.init(
      path: path, options: options, clock: clock, logger: logger,
      migrations: Schema.migrations, targetVersion: nil)
  }

  /// Opens with an explicit migration list, stopping at `targetVersion`: for tests that
  /// build databases at earlier versions or inject a failing step.
  init(
    path: String, options: Options, clock: AppClock, logger: AppLogger,
    migrations: [Migration], targetVersion: Int?
  ) throws {
    self.path = path
    self.options = options
    self.logger = logger
    if options.isReadOnly {
      self.connection = try Self.openReadOnly(
        path, options: options, migrations: migrations, now: clock.now)
      logger.info("opened database read-only", category: .storage)
      return
    }
    Self.prepareFile(at: path, logger: logger)
    let connection = try SQLiteConnection(path: path)
    do {
      try Self.configure(connection, options: options)
      try connection.registerSyncClock(now: clock.now)
      // Check before WAL mode or anything else writes to the file.
      try Self.checkOwnership(connection)
      try Migrator.checkNotNewer(connection, migrations: migrations)
      try connection.execute("PRAGMA journal_mode = WAL")
      try Migrator.migrate(
        connection, migrations: migrations, upTo: targetVersion, clock: clock, logger: logger)
      try Self.stampOwnership(connection)
      try connection.execute("PRAGMA foreign_keys = ON")
    } catch {
      connection.close()
      logger.error("open database", error, category: .storage)
      throw error
    }
    self.connection = connection
    logger.info("opened database (schema \(Schema.latestVersion))", category: .storage)
  }

  /// Sets the per-connection options that do not write to the file.
  package static func configure(_ connection: SQLiteConnection, options: Options) throws {
    let timeout = Int(options.busyTimeout.timeInterval * 1000)
    try connection.execute(
      """
      PRAGMA busy_timeout = \(timeout);
      PRAGMA synchronous = \(options.durability.synchronousPragma);
      PRAGMA cache_size = -\(max(options.cacheSizeKiB, 64));
      PRAGMA temp_store = MEMORY;
      PRAGMA journal_size_limit = \(16 * 1_048_576);
      """)
  }

  /// The schema version recorded in the file.
  /// - Throws: `StorageError` when the read fails or the database is closed.
  public func schemaVersion() throws -> Int {
    try read { try Migrator.storedVersion($0) }
  }

  /// Closes the connection; later calls throw `StorageError.closed`. Safe to call twice.
  public func close() {
    guard !isClosed else { return }
    isClosed = true
    connection.close()
  }

  /// Runs `body` with the connection, outside a transaction (one statement is one snapshot).
  @discardableResult
  func read<T: Sendable>(_ body: @Sendable (SQLiteConnection) throws -> T) throws -> T {
    guard !isClosed else { throw StorageError.closed }
    do {
      return try body(connection)
    } catch {
      logFailure("read", error)
      throw error
    }
  }

  /// Runs `body` inside a read transaction, so several queries see one snapshot.
  func snapshot<T: Sendable>(_ body: @Sendable (SQLiteConnection) throws -> T) throws -> T {
    try read { connection in try connection.readTransaction { try body(connection) } }
  }

  /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`; when it returns, the change is as
  /// durable as `options.durability` promises.
  @discardableResult
  func write<T: Sendable>(_ body: @Sendable (SQLiteConnection) throws -> T) throws -> T {
    guard !isClosed else { throw StorageError.closed }
    do {
      return try connection.transaction { try body(connection) }
    } catch {
      logFailure("write", error)
      throw error
    }
  }

  private func logFailure(_ operation: String, _ error: any Error) {
    // Caller mistakes (unknown ids, bad input) are the caller's to report.
    switch error {
    case StorageError.notFound, StorageError.invalidInput, StorageError.alreadyExists,
      StorageError.conflict:
      return
    default: logger.error("database \(operation)", error, category: .storage)
    }
  }
}
