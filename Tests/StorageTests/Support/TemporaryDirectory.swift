import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fresh directory under the system temporary folder (made by `mkdtemp`, so the name is
/// unique without reading a clock or a UUID), removed when `body` returns.
func withTemporaryDirectory<T>(
  isolation: isolated (any Actor)? = #isolation, _ body: (URL) async throws -> T
) async throws -> T {
  let url = try makeTemporaryDirectory()
  defer { try? FileManager.default.removeItem(at: url) }
  return try await body(url)
}

/// Makes a unique temporary directory; the caller removes it.
func makeTemporaryDirectory() throws -> URL {
  var template = Array((NSTemporaryDirectory() + "/kiln-storage-XXXXXX").utf8CString)
  let made = template.withUnsafeMutableBufferPointer { buffer -> Bool in
    guard let base = buffer.baseAddress else { return false }
    return mkdtemp(base) != nil
  }
  guard made else { throw POSIXError(.EIO) }
  let path = String(
    decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  return URL(fileURLWithPath: path, isDirectory: true)
}
