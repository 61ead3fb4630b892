import Core
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension StorageDatabase {
  /// The `PRAGMA application_id` Kiln stamps into its databases: "KILN" in ASCII.
  public static let applicationID: Int32 = 0x4B49_4C4E

  /// Creates the database file readable only by its owner before SQLite opens it: SQLite
  /// gives the `-wal` and `-shm` files the main file's mode, so all three end up 0600. An
  /// existing file whose mode lets others read it is tightened the same way.
  package static func prepareFile(at path: String, logger: AppLogger) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    if descriptor >= 0 {
      // The umask may have taken bits away, never added any; fchmod makes it exactly 0600.
      fchmod(descriptor, 0o600)
      closeDescriptor(descriptor)
      return
    }
    for companion in ["", "-wal", "-shm"] {
      var status = stat()
      guard lstat(path + companion, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
        status.st_mode & 0o077 != 0
      else { continue }
      if chmod(path + companion, 0o600) == 0 {
        logger.notice("database: file mode was too open; set to 0600", category: .storage)
      }
    }
  }

  /// Refuses a SQLite file that belongs to another program, before anything writes to it.
  ///
  /// A Kiln database carries `applicationID`; one made before the stamp has a schema
  /// version and Kiln's `schema_migrations`, `conversations` and `messages` tables; a new
  /// file has no tables at all (or only `schema_migrations`, when a first migration was
  /// interrupted). Anything else is someone else's database.
  /// - Throws: `StorageError.foreignDatabase`.
  static func checkOwnership(_ connection: SQLiteConnection) throws {
    let application = try connection.integerPragma("application_id")
    if application == Int(applicationID) { return }
    if application != 0 {
      throw StorageError.foreignDatabase("application_id \(application)")
    }
    let tables = Set(
      try connection.query("SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'") {
        $0.string(0)
      })
    if tables.isSubset(of: ["schema_migrations"]) { return }
    let kilnTables: Set<String> = ["schema_migrations", "conversations", "messages"]
    if kilnTables.isSubset(of: tables), try Migrator.storedVersion(connection) > 0 { return }
    throw StorageError.foreignDatabase("\(tables.count) tables that are not Kiln's")
  }

  /// Stamps `applicationID` into a Kiln database that does not carry it yet.
  /// - Throws: `StorageError` when the header cannot be written.
  static func stampOwnership(_ connection: SQLiteConnection) throws {
    guard try connection.integerPragma("application_id") != Int(applicationID) else { return }
    try connection.execute("PRAGMA application_id = \(applicationID)")
  }
}

/// `close(2)`, named apart from `StorageDatabase.close()`.
private func closeDescriptor(_ descriptor: Int32) {
  close(descriptor)
}
