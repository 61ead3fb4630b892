import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `body` with a new, empty directory under the temporary folder and removes the
/// directory afterwards. `mkdtemp` picks the unique name, so no clock or UUID is read.
func withScratchDirectory<T>(
  isolation: isolated (any Actor)? = #isolation, _ body: (URL) async throws -> T
) async throws -> T {
  var template = Array((NSTemporaryDirectory() + "/kiln-settings-XXXXXX").utf8CString)
  let created = template.withUnsafeMutableBufferPointer { buffer -> Bool in
    guard let base = buffer.baseAddress else { return false }
    return mkdtemp(base) != nil
  }
  guard created else { throw POSIXError(.EIO) }
  let path = String(
    decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  let directory = URL(fileURLWithPath: path, isDirectory: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  return try await body(directory)
}
