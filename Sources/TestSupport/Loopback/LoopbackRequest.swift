import Foundation
import Networking

/// A request the loopback server received, as it arrived.
public struct LoopbackRequest: Sendable {
  /// The order of arrival across the whole server, from 0.
  public let index: Int
  /// The connection that carried it, numbered from 0 in order of acceptance.
  public let connectionID: Int
  /// The method as sent, e.g. `"POST"`.
  public let method: String
  /// The path without the query, as sent (percent-encoded).
  public let path: String
  /// The raw query after `?`, if any.
  public let query: String?
  /// The header fields, looked up without case.
  public let headers: HTTPHeaders
  /// The body (chunked uploads already decoded).
  public let body: Data
  /// The protocol version from the request line, e.g. `"HTTP/1.1"`.
  public let version: String

  /// A recorded request.
  public init(
    index: Int, connectionID: Int, method: String, path: String, query: String?,
    headers: HTTPHeaders, body: Data, version: String
  ) {
    self.index = index
    self.connectionID = connectionID
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
    self.body = body
    self.version = version
  }

  /// The query items, percent-decoded (`+` stays a plus sign).
  public var queryItems: [URLQueryItem] {
    guard let query, !query.isEmpty else { return [] }
    return query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(parts[0]).removingPercentEncoding ?? String(parts[0])
      let value =
        parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? String(parts[1])) : nil
      return URLQueryItem(name: name, value: value)
    }
  }

  /// The first value of the query item `name`.
  public func queryValue(_ name: String) -> String? {
    queryItems.first { $0.name == name }?.value
  }

  /// The body as UTF-8 text.
  public var bodyText: String { String(decoding: body, as: UTF8.self) }

  /// The body decoded as JSON.
  /// - Throws: `DecodingError` when it does not match.
  public func decodeBody<Value: Decodable>(
    _ type: Value.Type = Value.self, decoder: JSONDecoder = JSONDecoder()
  ) throws -> Value {
    try decoder.decode(type, from: body)
  }
}

extension LoopbackRequest: CustomStringConvertible {
  /// `#index METHOD /path?query`.
  public var description: String {
    "#\(index) \(method) \(path)\(query.map { "?" + $0 } ?? "")"
  }
}
