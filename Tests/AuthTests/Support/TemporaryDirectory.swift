import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fresh directory under the system temporary folder (made by `mkdtemp`), removed by
/// `remove()`.
struct TemporaryDirectory {
  let url: URL

  init() throws {
    var template = Array(
      FileManager.default.temporaryDirectory.appendingPathComponent("kiln-auth-XXXXXX").path
        .utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer -> Bool in
      guard let base = buffer.baseAddress else { return false }
      return mkdtemp(base) != nil
    }
    let path = template.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.map { String(cString: $0) }
    }
    guard made, let path else { throw CocoaError(.fileWriteUnknown) }
    url = URL(fileURLWithPath: path, isDirectory: true)
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }

  /// The permission bits of the file at `url`.
  static func mode(of url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }
}
