import Foundation
import Storage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A consistent copy of a running SQLite store (decision 26): `kiln-server backup FILE`.
///
/// `VACUUM INTO` reads the whole database in one read transaction on a connection of its
/// own, so the copy is one committed state even while `serve` keeps writing (WAL readers
/// never block writers, nor wait for them). It writes into a new 0600 file beside the
/// destination, which is synced and then moved into place, so a destination never holds half
/// a backup; without `replacing`, an existing file is never touched. The copy holds
/// password hashes and signing keys, hence the mode.
public enum SQLiteStoreBackup {
  /// Why no backup was written.
  public enum Failure: Error, Hashable, CustomStringConvertible {
    /// There is no store file at this path (nothing to back up).
    case noStore(String)
    /// The destination exists and `replacing` was not asked for.
    case destinationExists(String)
    /// The destination is the store itself, or its `-wal` or `-shm`.
    case destinationIsTheStore(String)
    /// The destination cannot be written: its directory is missing or not writable, or it
    /// is a directory.
    case unwritable(path: String, reason: String)
    /// SQLite could not read the store or write the copy.
    case failed(String)

    /// The sentence kiln-server prints.
    public var description: String {
      switch self {
      case .noStore(let path):
        "there is no SQLite store at \(path) (serve or migrate creates it)"
      case .destinationExists(let path):
        "\(path) already exists; pass --force to replace it"
      case .destinationIsTheStore(let path):
        "\(path) is the store itself; back it up to another file"
      case .unwritable(let path, let reason):
        "cannot write \(path): \(reason)"
      case .failed(let reason):
        "the backup failed: \(reason)"
      }
    }
  }

  /// Copies the store file at `source` to `destination`.
  /// - Returns: the size of the copy in bytes.
  /// - Throws: `Failure`; nothing is left behind at `destination` or beside it.
  @discardableResult
  public static func write(
    from source: String, to destination: String, replacing: Bool
  ) throws(Failure) -> Int {
    var sourceStatus = stat()
    guard stat(source, &sourceStatus) == 0, (sourceStatus.st_mode & S_IFMT) == S_IFREG else {
      throw .noStore(source)
    }
    try checkDestination(destination, store: source, storeStatus: sourceStatus, replacing)
    let target = URL(fileURLWithPath: destination)
    let directory = target.deletingLastPathComponent().path
    var template = Array((directory + "/." + target.lastPathComponent + ".XXXXXX").utf8CString)
    let descriptor = mkstemp(&template)
    guard descriptor >= 0 else {
      throw .unwritable(path: destination, reason: String(cString: strerror(errno)))
    }
    let temporary = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    fchmod(descriptor, 0o600)
    close(descriptor)
    do throws(Failure) {
      try vacuum(source, into: temporary)
      let size = try sync(temporary)
      try place(temporary, at: destination, replacing: replacing)
      syncDirectory(directory)
      return size
    } catch {
      unlink(temporary)
      throw error
    }
  }

  private static func checkDestination(
    _ destination: String, store: String, storeStatus: stat, _ replacing: Bool
  ) throws(Failure) {
    let standardized = URL(fileURLWithPath: destination).standardizedFileURL.path
    let storePath = URL(fileURLWithPath: store).standardizedFileURL.path
    if [storePath, storePath + "-wal", storePath + "-shm", storePath + "-journal"].contains(
      standardized)
    {
      throw .destinationIsTheStore(destination)
    }
    var status = stat()
    guard stat(destination, &status) == 0 else { return }
    if status.st_dev == storeStatus.st_dev, status.st_ino == storeStatus.st_ino {
      throw .destinationIsTheStore(destination)
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      throw .unwritable(path: destination, reason: "it is not a regular file")
    }
    guard replacing else { throw .destinationExists(destination) }
  }

  private static func vacuum(_ source: String, into temporary: String) throws(Failure) {
    do {
      let connection = try SQLiteConnection(path: source, readOnly: true)
      defer { connection.close() }
      // A checkpoint or another process's recovery may hold a lock for a moment.
      try connection.execute("PRAGMA busy_timeout = 5000")
      _ = try connection.run("VACUUM INTO ?", temporary)
    } catch {
      throw .failed("\(error)")
    }
  }

  /// Makes the copy durable and exactly 0600; returns its size.
  private static func sync(_ path: String) throws(Failure) -> Int {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else { throw .failed("cannot reopen the copy: \(errnoText())") }
    defer { close(descriptor) }
    var status = stat()
    guard fchmod(descriptor, 0o600) == 0, fsync(descriptor) == 0, fstat(descriptor, &status) == 0
    else { throw .failed("cannot sync the copy: \(errnoText())") }
    return Int(status.st_size)
  }

  /// Moves the copy into place: `link` fails if the destination appeared meanwhile, so
  /// without `replacing` nothing is ever overwritten; `rename` replaces atomically.
  private static func place(
    _ temporary: String, at destination: String, replacing: Bool
  ) throws(Failure) {
    if replacing {
      guard rename(temporary, destination) == 0 else {
        throw .unwritable(path: destination, reason: errnoText())
      }
      return
    }
    guard link(temporary, destination) == 0 else {
      if errno == EEXIST { throw .destinationExists(destination) }
      throw .unwritable(path: destination, reason: errnoText())
    }
    unlink(temporary)
  }

  private static func syncDirectory(_ directory: String) {
    let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  private static func errnoText() -> String {
    String(cString: strerror(errno))
  }
}
