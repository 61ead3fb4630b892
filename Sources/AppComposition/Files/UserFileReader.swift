import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a file the user named (`kiln import FILE`) with plain `read(2)` calls, so any
/// readable file works: a device such as `/dev/null` or a FIFO reads as what it holds, where
/// Foundation's `Data(contentsOf:)` reported "permission denied".
public enum UserFileReader {
  /// The whole contents of the file at `url`.
  /// - Throws: an `NSError` in `NSPOSIXErrorDomain` with the system's error number (a
  ///   folder is `EISDIR`), which `FileFailure.reason(_:)` puts in words.
  public static func read(_ url: URL) throws -> Data {
    let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw posixError(errno) }
    defer { close(descriptor) }
    var status = stat()
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
      throw posixError(EISDIR)
    }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw posixError(errno)
      }
      if count == 0 { return data }
      data.append(contentsOf: buffer[0..<count])
    }
  }

  private static func posixError(_ code: Int32) -> NSError {
    NSError(domain: NSPOSIXErrorDomain, code: Int(code))
  }
}

/// `read(2)`, named apart from `UserFileReader.read(_:)`.
private func systemRead(
  _ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int
) -> Int {
  read(descriptor, buffer, count)
}
