import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The POSIX file work behind `FileSecureStore`.
extension FileSecureStore {
  /// The file's bytes, or `nil` when it does not exist. Tightens a file someone loosened.
  func readFile() throws -> Data? {
    let descriptor = open(fileURL.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    if descriptor < 0 {
      if errno == ENOENT { return nil }
      throw Self.error(errno, "open")
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw Self.error(errno, "stat") }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      throw StorageError.corrupted("secure store path is not a regular file")
    }
    if status.st_mode & 0o077 != 0 {
      logger.notice("secure store: file mode was too open; set to 0600", category: .storage)
      if fchmod(descriptor, 0o600) != 0 { throw Self.error(errno, "chmod") }
    }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw Self.error(errno, "read")
      }
      if count == 0 { return data }
      data.append(contentsOf: buffer[0..<count])
    }
  }

  /// Replaces the file atomically with `data` (see the type's documentation).
  func write(_ data: Data) throws {
    try ensureDirectory()
    let temporary = directory.appendingPathComponent(Self.temporaryName).path
    let descriptor = try createExclusive(temporary)
    do {
      if fchmod(descriptor, 0o600) != 0 { throw Self.error(errno, "chmod") }
      try data.withUnsafeBytes { bytes in
        var offset = 0
        while offset < bytes.count {
          let written = systemWrite(
            descriptor, bytes.baseAddress?.advanced(by: offset), bytes.count - offset)
          if written < 0 {
            if errno == EINTR { continue }
            throw Self.error(errno, "write")
          }
          offset += written
        }
      }
      if fsync(descriptor) != 0 { throw Self.error(errno, "fsync") }
      close(descriptor)
    } catch {
      close(descriptor)
      unlink(temporary)
      throw error
    }
    if rename(temporary, fileURL.path) != 0 {
      let code = errno
      unlink(temporary)
      throw Self.error(code, "rename")
    }
    try syncDirectory()
  }

  /// Runs `body` holding an exclusive `flock` on the lock file.
  func withFileLock<T>(_ body: () throws -> T) throws -> T {
    try ensureDirectory()
    let path = directory.appendingPathComponent(Self.lockName).path
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    if descriptor < 0 { throw Self.error(errno, "open lock") }
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0 {
      if errno != EINTR { throw Self.error(errno, "lock") }
    }
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }

  private func createExclusive(_ path: String) throws -> Int32 {
    let flags = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW
    var descriptor = open(path, flags, 0o600)
    if descriptor < 0 && errno == EEXIST {
      // A temporary file left by a writer that crashed; we hold the lock, so it is stale.
      unlink(path)
      descriptor = open(path, flags, 0o600)
    }
    if descriptor < 0 { throw Self.error(errno, "create") }
    return descriptor
  }

  func ensureDirectory() throws {
    let path = directory.path
    if mkdir(path, 0o700) == 0 {
      // mkdir applies the umask; make the mode exactly 0700.
      if chmod(path, 0o700) != 0 { throw Self.error(errno, "chmod folder") }
      logger.info("secure store: created its folder", category: .storage)
      return
    }
    if errno == EEXIST { return }
    if errno == ENOENT {
      try FileManager.default.createDirectory(
        at: directory.deletingLastPathComponent(), withIntermediateDirectories: true)
      return try ensureDirectory()
    }
    throw Self.error(errno, "create folder")
  }

  private func syncDirectory() throws {
    let descriptor = open(directory.path, O_RDONLY | O_CLOEXEC | O_DIRECTORY)
    if descriptor < 0 { throw Self.error(errno, "open folder") }
    defer { close(descriptor) }
    if fsync(descriptor) != 0 && errno != EINVAL { throw Self.error(errno, "fsync folder") }
  }

  /// The typed error for a failed system call.
  static func error(_ code: Int32, _ operation: String) -> StorageError {
    switch code {
    case ENOSPC, EDQUOT: return .diskFull
    case EACCES, EPERM, EROFS: return .readOnly("secure store \(operation): errno \(code)")
    default: return .failed(code: Int(code), detail: "secure store \(operation): errno \(code)")
    }
  }
}

/// `write(2)`, named apart from `FileSecureStore.write(_:)`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

/// The secrets file's JSON: `{"format":"kiln.secure-store","version":1,"items":{key: base64}}`.
enum SecureStoreFile {
  private struct Document: Codable {
    var format: String
    var version: Int
    var items: [String: Data]
  }

  static let format = "kiln.secure-store"
  static let version = 1

  static func encode(_ items: [String: Data]) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(Document(format: format, version: version, items: items))
  }

  /// The items of a file. Errors never include the file's bytes.
  static func decode(_ data: Data) throws -> [String: Data] {
    guard let document = try? JSONDecoder().decode(Document.self, from: data),
      document.format == format
    else {
      throw StorageError.corrupted("secure store file is not a valid Kiln secure store")
    }
    guard document.version <= version else {
      throw StorageError.newerSchema(found: document.version, supported: version)
    }
    return document.items
  }
}
