import Core
import Foundation
import Synchronization

/// A `SecureStore` in one file readable only by its owner, for Linux (and any platform
/// without a keychain). The app passes `$XDG_CONFIG_HOME/kiln/`.
///
/// - The folder is created with mode 0700; an existing folder is left as it is.
/// - The file (`secure-store.json`) always has mode 0600. Every write goes to a new
///   temporary file created with `O_CREAT | O_EXCL` and mode 0600 (then `fchmod`, in case
///   the umask is unusual), is written and `fsync`ed, renamed over the old file, and the
///   folder is `fsync`ed: the file is never world-readable, not even for a moment, and a
///   crash leaves either the old or the new contents.
/// - Writers in different processes take an exclusive `flock` on `secure-store.lock`, so a
///   read-modify-write never loses another process's change. `lockRecord(_:)` holds a
///   separate per-record lock for longer work.
/// - A damaged file throws `StorageError.corrupted`; `removeAll()` starts over.
/// - Values are never logged; key names are.
public final class FileSecureStore: SecureStore {
  /// The file holding the secrets.
  public static let fileName = "secure-store.json"
  static let lockName = "secure-store.lock"
  static let temporaryName = ".secure-store.json.tmp"

  /// The folder the file lives in.
  public let directory: URL
  let logger: AppLogger
  /// Serializes this process's writers; the `flock` serializes other processes.
  let writers = Mutex(())

  /// A store in `directory`; nothing touches the disk until the first call.
  public init(directory: URL, logger: AppLogger = .disabled) {
    self.directory = directory
    self.logger = logger
  }

  /// The secrets file's path.
  public var fileURL: URL { directory.appendingPathComponent(Self.fileName) }

  /// The bytes stored under `key`, or `nil`.
  /// - Throws: `StorageError.corrupted` when the store cannot be read back.
  public func getData(_ key: String) throws -> Data? {
    try readItems()[key]
  }

  /// Stores `data` under `key`, replacing any previous value, durably.
  /// - Throws: `StorageError.diskFull`, `.readOnly`, `.corrupted`, or `.failed`.
  public func setData(_ data: Data, for key: String) throws {
    try modify { $0[key] = data }
    logger.debug("secure store: saved '\(key)'", category: .storage)
  }

  /// Removes `key`; a missing key does nothing.
  /// - Throws: `StorageError` when the store cannot be written.
  public func delete(_ key: String) throws {
    try modify { $0[key] = nil }
    logger.debug("secure store: deleted '\(key)'", category: .storage)
  }

  /// Deletes the file and every secret in it, e.g. to recover from a damaged file.
  /// - Throws: `StorageError` when the file exists and cannot be removed.
  public func removeAll() throws {
    try writers.withLock { _ in
      try withFileLock {
        if unlink(fileURL.path) != 0 && errno != ENOENT {
          throw Self.error(errno, "remove")
        }
      }
    }
    logger.info("secure store: removed all values", category: .storage)
  }

  /// Waits for, then takes, an exclusive lock on the record under `key` that every process
  /// using this folder honours (`<key>.lock` beside the file), for read-change-write work
  /// that spans more than one call, such as renewing a session with the server. Not taken by
  /// `setData` or `delete`, so the holder may write while it holds it.
  /// - Throws: `StorageError` when the folder or the lock file cannot be created or locked.
  public func lockRecord(_ key: String) async throws -> FileLock.Held {
    try ensureDirectory()
    return try await FileLock(url: directory.appendingPathComponent("\(key).lock")).acquire()
  }

  private func modify(_ change: (inout [String: Data]) -> Void) throws {
    try writers.withLock { _ in
      try withFileLock {
        var items = try readItems()
        change(&items)
        try write(try SecureStoreFile.encode(items))
      }
    }
  }

  private func readItems() throws -> [String: Data] {
    guard let bytes = try readFile() else { return [:] }
    do {
      return try SecureStoreFile.decode(bytes)
    } catch {
      logger.error("secure store: the file is damaged and cannot be read", category: .storage)
      throw error
    }
  }
}
