import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a file the user named (`kiln export --output`, `/export … FILE`) without ever
/// replacing one of Kiln's own files, and without widening who can read it.
///
/// - The target is compared with every `KilnPaths.ownFiles` entry after resolving symbolic
///   links, and by device and inode when both exist (a hard link or another spelling of the
///   path is still the database).
/// - A new file is created with mode 0600: an export holds the user's conversations. An
///   existing regular file keeps its mode.
/// - The bytes go to a temporary file beside the target (created with `O_EXCL`, mode 0600),
///   are `fsync`ed and renamed over it, so a failed write leaves the old file whole.
/// - A target that is not a regular file (`/dev/stdout`, a FIFO) is written in place.
public struct UserFileWriter: Sendable {
  /// The files that must not be written.
  public var protected: [KilnPaths.OwnFile]

  /// A writer that refuses `paths.ownFiles` (nothing when there are no paths: previews).
  public init(paths: KilnPaths?) {
    self.protected = paths?.ownFiles ?? []
  }

  /// Writes `data` to `url`.
  /// - Throws: `UserFileError.ownFile` when `url` is one of Kiln's files,
  ///   `UserFileError.system` when the file system refuses.
  public func write(_ data: Data, to url: URL) throws(UserFileError) {
    let target = Self.resolved(url.path)
    if let own = ownFile(at: target) { throw .ownFile(path: url.path, role: own.role) }
    var status = stat()
    if stat(target, &status) == 0 {
      switch status.st_mode & S_IFMT {
      case S_IFREG: try replace(target, with: data, mode: status.st_mode & 0o7777)
      case S_IFDIR: throw .system(path: url.path, code: EISDIR)
      default: try writeInPlace(target, data)
      }
    } else {
      try replace(target, with: data, mode: 0o600)
    }
  }

  /// The protected file `path` would overwrite, if any.
  func ownFile(at path: String) -> KilnPaths.OwnFile? {
    var targetStatus = stat()
    let targetExists = stat(path, &targetStatus) == 0
    return protected.first { own in
      if Self.resolved(own.url.path) == path { return true }
      var ownStatus = stat()
      guard targetExists, stat(own.url.path, &ownStatus) == 0 else { return false }
      return ownStatus.st_dev == targetStatus.st_dev && ownStatus.st_ino == targetStatus.st_ino
    }
  }

  /// `path` with symbolic links resolved: the file itself when it exists, else its folder.
  static func resolved(_ path: String) -> String {
    if let real = realPath(path) { return real }
    let url = URL(fileURLWithPath: path)
    guard let folder = realPath(url.deletingLastPathComponent().path) else { return path }
    return (folder == "/" ? "" : folder) + "/" + url.lastPathComponent
  }

  private static func realPath(_ path: String) -> String? {
    guard let pointer = realpath(path, nil) else { return nil }
    defer { free(pointer) }
    return String(cString: pointer)
  }

  private func replace(_ path: String, with data: Data, mode: mode_t) throws(UserFileError) {
    let url = URL(fileURLWithPath: path)
    let temporary =
      url.deletingLastPathComponent().appendingPathComponent(
        ".\(url.lastPathComponent).\(getpid()).kiln-tmp"
      ).path
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { throw .system(path: path, code: errno) }
    do throws(UserFileError) {
      if fchmod(descriptor, mode) != 0 { throw .system(path: path, code: errno) }
      try Self.writeAll(data, to: descriptor, path: path)
      if fsync(descriptor) != 0 { throw .system(path: path, code: errno) }
      close(descriptor)
    } catch {
      close(descriptor)
      unlink(temporary)
      throw error
    }
    if rename(temporary, path) != 0 {
      let code = errno
      unlink(temporary)
      throw .system(path: path, code: code)
    }
  }

  private func writeInPlace(_ path: String, _ data: Data) throws(UserFileError) {
    let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
    guard descriptor >= 0 else { throw .system(path: path, code: errno) }
    defer { close(descriptor) }
    try Self.writeAll(data, to: descriptor, path: path)
  }

  private static func writeAll(
    _ data: Data, to descriptor: Int32, path: String
  ) throws(UserFileError) {
    let failure: Int32? = data.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = systemWrite(
          descriptor, bytes.baseAddress?.advanced(by: offset), bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += written
      }
      return nil
    }
    if let failure { throw .system(path: path, code: failure) }
  }
}

/// Why `UserFileWriter` did not write a file.
public enum UserFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The path is one of Kiln's own files (`role` names it); nothing was written.
  case ownFile(path: String, role: String)
  /// The file system refused, with the system's error number.
  case system(path: String, code: Int32)

  /// `cannot write /x: it is Kiln's own database; choose another file`.
  public var description: String {
    switch self {
    case .ownFile(let path, _), .system(let path, _): return "cannot write \(path): \(reason)"
    }
  }

  /// Why, in plain words: `it is Kiln's own database; choose another file`.
  public var reason: String {
    switch self {
    case .ownFile(_, let role):
      return "it is \(role); choose another file"
    case .system(_, let code):
      return FileFailure.reason(NSError(domain: NSPOSIXErrorDomain, code: Int(code)))
    }
  }
}

/// `write(2)`, named apart from `UserFileWriter.write(_:to:)`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
