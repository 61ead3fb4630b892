import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A new directory under the system temporary folder, named by `mkdtemp` (no clock or
/// UUID needed); the caller removes it.
func makeTemporaryDirectory() throws -> URL {
  var template = Array((NSTemporaryDirectory() + "/kiln-chat-XXXXXX").utf8CString)
  let created = template.withUnsafeMutableBufferPointer { buffer in
    buffer.baseAddress.map { mkdtemp($0) != nil } ?? false
  }
  guard created else { throw POSIXError(.EIO) }
  let path = String(
    decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  return URL(fileURLWithPath: path, isDirectory: true)
}
