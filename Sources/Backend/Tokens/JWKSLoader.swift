import Foundation
import JOSE
import Networking

/// Reads a JWK set from a file or an http(s) URL, size-limited and strictly parsed
/// (JOSE's `JWKSet`: strict JSON, usable keys only, no repeated `kid`).
public struct JWKSLoader: Sendable {
  /// The default size limit of a JWK set: 256 KiB (a provider's set is a few KiB).
  public static let defaultMaximumBytes = 256 * 1024
  /// How long a fetch may take: to the response head, and between body chunks.
  public static let fetchTimeouts = HTTPTimeouts(connect: 10, idle: 10, total: 30)

  private let client: any HTTPClient
  /// The largest set read, in bytes.
  public let maximumBytes: Int

  /// A loader fetching URLs through `client` and refusing sets over `maximumBytes`.
  public init(client: any HTTPClient, maximumBytes: Int = JWKSLoader.defaultMaximumBytes) {
    self.client = client
    self.maximumBytes = maximumBytes
  }

  /// The usable keys at `location`.
  /// - Throws: `JWKSError` when the file cannot be read, the fetch fails, the set is too
  ///   large or malformed, or it holds no usable key.
  public func load(from location: JWKSLocation) async throws(JWKSError) -> JWKSet {
    switch location {
    case .file(let path): return try Self.readFile(path: path, maximumBytes: maximumBytes)
    case .url(let url): return try await fetch(url)
    }
  }

  /// The usable keys of the file at `path`.
  /// - Throws: `JWKSError` when it cannot be read, is too large or malformed, or holds no
  ///   usable key.
  public static func readFile(
    path: String, maximumBytes: Int = JWKSLoader.defaultMaximumBytes
  ) throws(JWKSError) -> JWKSet {
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    if let size = attributes?[.size] as? Int, size > maximumBytes {
      throw .tooLarge(limit: maximumBytes)
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .unreadableFile(path: path)
    }
    guard data.count <= maximumBytes else { throw .tooLarge(limit: maximumBytes) }
    return try parse(data)
  }

  /// The usable keys of a JWK set's bytes.
  /// - Throws: `JWKSError.malformed` or `.noUsableKeys`.
  public static func parse(_ bytes: some Collection<UInt8>) throws(JWKSError) -> JWKSet {
    let set: JWKSet
    do {
      set = try JWKSet(json: bytes)
    } catch let error as JOSEError {
      throw .malformed(error.reasonText)
    } catch {
      throw .malformed("not one strict JSON object")
    }
    guard !set.keys.isEmpty else { throw .noUsableKeys }
    return set
  }

  private func fetch(_ url: URL) async throws(JWKSError) -> JWKSet {
    var request = HTTPRequest(url: url)
    request.headers["Accept"] = "application/json"
    request.cachePolicy = .noCache
    request.timeouts = Self.fetchTimeouts
    let answer: (status: Int, body: Data)
    do {
      answer = try await BoundedBody.fetch(request, client: client, limit: maximumBytes)
    } catch {
      switch error {
      case .tooLarge: throw .tooLarge(limit: maximumBytes)
      case .exchange(let reason): throw .fetchFailed(reason)
      }
    }
    guard (200..<300).contains(answer.status) else {
      throw .fetchFailed("HTTP status \(answer.status)")
    }
    return try Self.parse(answer.body)
  }
}
