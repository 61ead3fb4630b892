import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Makes a new, empty directory under the system temporary folder, named by `mkdtemp` (unique
/// without reading a clock or a UUID); the caller removes it.
/// - Parameter prefix: the start of the directory's name, to tell which tests left it.
/// - Throws: `POSIXError` when the directory cannot be made.
public func makeTemporaryDirectory(prefix: String = "kiln") throws -> URL {
  var template = Array((NSTemporaryDirectory() + "/\(prefix)-XXXXXX").utf8CString)
  let made = template.withUnsafeMutableBufferPointer { buffer -> Bool in
    guard let base = buffer.baseAddress else { return false }
    return mkdtemp(base) != nil
  }
  guard made else { throw POSIXError(.EIO) }
  let path = String(
    decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  return URL(fileURLWithPath: path, isDirectory: true)
}

/// A new temporary directory that is removed when the last reference to this value goes,
/// for fixtures that outlive one closure (a harness a test keeps to its end).
public final class OwnedTemporaryDirectory: Sendable {
  /// The directory.
  public let url: URL

  /// Makes the directory (`makeTemporaryDirectory(prefix:)`).
  /// - Throws: `POSIXError` when the directory cannot be made.
  public init(prefix: String = "kiln") throws {
    url = try makeTemporaryDirectory(prefix: prefix)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }
}

/// Runs `body` with a new, empty temporary directory and removes the directory afterwards.
public func withTemporaryDirectory<T>(
  prefix: String = "kiln", isolation: isolated (any Actor)? = #isolation,
  _ body: (URL) async throws -> T
) async throws -> T {
  let url = try makeTemporaryDirectory(prefix: prefix)
  defer { try? FileManager.default.removeItem(at: url) }
  return try await body(url)
}

/// Yields (never sleeps) until `condition` holds, for state that arrives through a stream
/// another task reads. Returns whether it held within `maxTurns` scheduler turns, so a test
/// that never sees it fails instead of hanging.
@discardableResult
public func eventually(
  isolation: isolated (any Actor)? = #isolation, maxTurns: Int = 10_000,
  _ condition: () async -> Bool
) async -> Bool {
  for _ in 0..<maxTurns {
    if await condition() { return true }
    await Task.yield()
  }
  return await condition()
}
