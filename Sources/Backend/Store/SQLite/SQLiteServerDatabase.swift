import Core
import Foundation
import Postgres
import Storage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// kiln-server's one SQLite file: the embedded default for a single instance (decision 15).
/// The proxy's `SQLiteServerStore` and the accounts' `SQLiteAuthStore` are two views over one
/// database object, so both share its one connection, its thread and its one migration run.
///
/// The file (`kiln-server.sqlite` in the directory the caller names) is created 0600 (its
/// `-wal` and `-shm` get the same mode) in a directory made 0700 when it is missing
/// (decision 26), runs in WAL mode with `synchronous = NORMAL` (a commit survives the process
/// crashing, not necessarily a power loss) and a busy timeout, and is migrated to the newest
/// schema when opened.
///
/// One connection belongs to this actor, so its calls run one at a time; several database
/// objects (or processes) on the same file are safe because every admission that charges is
/// one `BEGIN IMMEDIATE` transaction, which SQLite serializes across connections. The actor
/// runs on a thread of its own (as a PostgreSQL connection does): waiting out another
/// process's write lock blocks that thread for up to the busy timeout, never one of the few
/// threads of Swift's cooperative pool that serve every other request.
///
/// Every failure (the lock held past the busy timeout, a damaged file, a full disk, the file
/// deleted or replaced under the running store) is `ServerStoreError.unavailable` with the
/// reason: the proxy then refuses (decision 18), it never admits.
public actor SQLiteServerDatabase {
  /// The file name used when the caller gives none.
  public static let defaultFileName = "kiln-server.sqlite"
  /// The schema version this build writes and the newest it opens.
  public static var supportedSchemaVersion: Int { SQLiteServerSchema.latestVersion }

  /// The database file.
  public nonisolated let path: String
  /// The schema versions this open applied (empty when the file was already current).
  public nonisolated let appliedMigrations: [Int]
  let connection: SQLiteConnection
  private let identity: FileIdentity
  private let logger: AppLogger
  private nonisolated let thread: ConnectionThread
  /// Ledger lines written together when they arrive together (`SQLiteServerStore`).
  nonisolated let ledgerWrites = CoalescedWrites<UsageRecord>()
  /// Charging admissions judged together when they wait together (`admit(_:judge:)`).
  nonisolated let pendingAdmissions = PendingAdmissions()
  /// How many transactions have judged charging admissions, and how many admissions they
  /// judged (for tests).
  private(set) var admissionBatches = (transactions: 0, admissions: 0)

  /// The executor all of the actor's code runs on: the store's own thread.
  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    thread.asUnownedSerialExecutor()
  }

  /// Opens (creating when missing) the database file in `directory` and migrates it.
  /// - Parameters:
  ///   - directory: the data directory; created 0700 (with its parents) when missing.
  ///   - fileName: the file's name in it.
  ///   - busyTimeout: how long a statement waits for another connection's lock.
  ///   - clock: stamps applied migrations.
  ///   - logger: receives open and failure records (never user data).
  /// - Throws: `ServerStoreError.unavailable` when the directory or file cannot be made or
  ///   opened, the file is damaged, belongs to another program or to a newer kiln-server.
  public init(
    directory: URL, fileName: String = defaultFileName, busyTimeout: Duration = .seconds(5),
    clock: AppClock, logger: AppLogger = .disabled
  ) throws(ServerStoreError) {
    let path = directory.appendingPathComponent(fileName).path
    self.path = path
    self.logger = logger
    thread = ConnectionThread(name: "kiln-server store")
    do {
      try Self.makeDirectory(directory)
      StorageDatabase.prepareFile(at: path, logger: logger)
      let opened = try SQLiteConnection(path: path)
      do {
        appliedMigrations = try Self.prepare(
          opened, busyTimeout: busyTimeout, clock: clock, logger: logger)
      } catch {
        opened.close()
        throw error
      }
      connection = opened
      identity = try FileIdentity(path: path)
    } catch {
      let failure = ServerStoreError(sqlite: error, path: path)
      logger.error("server store: open \(path): \(failure)", category: .storage)
      thread.stop()
      throw failure
    }
  }

  deinit {
    // No job can reach the thread any more, so it may end.
    thread.stop()
  }

  /// Closes the file; later calls fail with `.unavailable`. Safe to call twice.
  public func close() {
    connection.close()
  }

  /// Sets the connection up and brings the schema to the newest version; returns the
  /// versions applied.
  private static func prepare(
    _ connection: SQLiteConnection, busyTimeout: Duration, clock: AppClock, logger: AppLogger
  ) throws -> [Int] {
    let options = StorageDatabase.Options(durability: .processCrash, busyTimeout: busyTimeout)
    try StorageDatabase.configure(connection, options: options)
    try checkOwnership(connection)
    try Migrator.checkNotNewer(connection, migrations: SQLiteServerSchema.migrations)
    try connection.execute("PRAGMA journal_mode = WAL")
    let before = try Migrator.storedVersion(connection)
    let after = try Migrator.migrate(
      connection, migrations: SQLiteServerSchema.migrations, clock: clock, logger: logger)
    if try connection.integerPragma("application_id") != Int(SQLiteServerSchema.applicationID) {
      try connection.execute("PRAGMA application_id = \(SQLiteServerSchema.applicationID)")
    }
    return before < after ? Array((before + 1)...after) : []
  }

  /// Refuses a file that is not kiln-server's before anything writes to it: a new file has
  /// no tables (or only `schema_migrations`, when a first migration was interrupted).
  private static func checkOwnership(_ connection: SQLiteConnection) throws {
    let application = try connection.integerPragma("application_id")
    if application == Int(SQLiteServerSchema.applicationID) { return }
    let tables = try connection.query(
      "SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"
    ) { $0.string(0) }
    if application == 0, Set(tables).isSubset(of: ["schema_migrations"]) { return }
    throw StorageError.foreignDatabase(
      application == 0
        ? "\(tables.count) tables that are not kiln-server's"
        : "application_id \(application)")
  }

  private static func makeDirectory(_ directory: URL) throws {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw StorageError.readOnly("\(directory.path) is not a directory")
      }
      return
    }
    do {
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw StorageError.readOnly(
        "cannot create the directory \(directory.path): \(error.localizedDescription)")
    }
  }

  /// Runs `body` with the connection once the file is known to still be the one opened;
  /// every failure becomes `ServerStoreError`. `body` runs whole on the database's thread,
  /// so a transaction it opens is never interleaved with another call's statements.
  @discardableResult
  func perform<T: Sendable>(
    _ operation: String, _ body: @Sendable (SQLiteConnection) throws -> T
  ) throws(ServerStoreError) -> T {
    do {
      try identity.check(path: path)
      return try body(connection)
    } catch {
      throw failure(operation, error)
    }
  }

  /// Takes the turn of the charging admission `entry` on the thread (decision 199): returns
  /// its decision when an earlier turn judged it; otherwise judges it together with every
  /// admission waiting (`PendingAdmissions`), with `judge`.
  /// - Throws: `ServerStoreError.unavailable` when the file could not judge this admission.
  func admit(
    _ entry: PendingAdmissions.Entry,
    judge: @Sendable (AdmissionRequest, SQLiteConnection) throws -> AdmissionDecision
  ) throws(ServerStoreError) -> AdmissionDecision {
    while true {
      if let decided = entry.decided { return try decided.get() }
      let batch = pendingAdmissions.takeBatch()
      // An entry is taken only by a turn that decides it, so an undecided one still waits.
      guard !batch.isEmpty else { throw .unavailable("an admission was lost before it was judged") }
      decide(batch, with: judge)
    }
  }

  /// Decides every admission of `batch`: in one transaction, in order; when that fails for
  /// any reason but a lock held too long or a closed file, again one transaction each, so
  /// an admission the file refuses never fails the others (and the failed attempt, rolled
  /// back, charged nothing). A lock held too long or a closed file fails every admission not
  /// yet decided at once: waiting again for each would hold the thread for a busy timeout
  /// each.
  private func decide(
    _ batch: [PendingAdmissions.Entry],
    with judge: (AdmissionRequest, SQLiteConnection) throws -> AdmissionDecision
  ) {
    func fail(_ entries: ArraySlice<PendingAdmissions.Entry>, _ error: any Error) {
      let failure = failure("admit", error)
      for entry in entries { entry.decide(.failure(failure)) }
    }
    do {
      try identity.check(path: path)
    } catch {
      return fail(batch[...], error)
    }
    if batch.count > 1 {
      do {
        let decisions = try connection.transaction {
          try batch.map { try judge($0.request, connection) }
        }
        admissionBatches.transactions += 1
        admissionBatches.admissions += batch.count
        for (entry, decision) in zip(batch, decisions) { entry.decide(.success(decision)) }
        return
      } catch let error as StorageError where error.endsEveryTurn {
        return fail(batch[...], error)
      } catch {
        // One at a time below.
      }
    }
    for (index, entry) in batch.enumerated() {
      do {
        let decision = try connection.transaction { try judge(entry.request, connection) }
        admissionBatches.transactions += 1
        admissionBatches.admissions += 1
        entry.decide(.success(decision))
      } catch let error as StorageError where error.endsEveryTurn {
        return fail(batch[index...], error)
      } catch {
        fail(batch[index...index], error)
      }
    }
  }

  /// Logs `error`, which `operation` met, and says it as a store error.
  private func failure(_ operation: String, _ error: any Error) -> ServerStoreError {
    let failure = ServerStoreError(sqlite: error, path: path)
    logger.error("server store: \(operation): \(failure)", category: .storage)
    return failure
  }

  /// Caps the file at its current size, so the next write that needs a new page fails as a
  /// full disk does (`SQLITE_FULL`): for tests of the full-disk path.
  func stopGrowing() throws(ServerStoreError) {
    try perform("cap size") { connection in
      let pages = try connection.integerPragma("page_count")
      try connection.execute("PRAGMA max_page_count = \(pages)")
    }
  }

  /// Reads the migrations table: fails with `.unavailable` when the file cannot be used.
  public func checkReachable() throws(ServerStoreError) {
    try perform("check") { connection in
      _ = try connection.first("SELECT count(*) FROM schema_migrations") { $0.int(0) }
    }
  }
}

/// The device and inode the store opened, so a file deleted or replaced under a running
/// store is noticed: SQLite would go on writing to the unlinked file, and every count
/// written there would be lost at the next start.
private struct FileIdentity {
  let device: UInt64
  let inode: UInt64

  init(path: String) throws {
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw StorageError.failed(code: Int(errno), detail: "cannot stat \(path)")
    }
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
  }

  func check(path: String) throws {
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw ServerStoreError.unavailable(
        "the database file \(path) is gone (errno \(errno)); restart kiln-server")
    }
    guard UInt64(status.st_dev) == device, UInt64(status.st_ino) == inode else {
      throw ServerStoreError.unavailable(
        "the database file \(path) was replaced since it was opened; restart kiln-server")
    }
  }
}

extension StorageError {
  /// A lock held past the busy timeout, or a closed file: every admission still waiting would
  /// meet it too.
  fileprivate var endsEveryTurn: Bool { self == .busy || self == .closed }
}
