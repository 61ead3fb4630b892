import Foundation

/// An HTTP request as a value: where it goes, how, and with what.
///
/// A request names either a path under the client's base URL (`HTTPRequest(path:)`) or a
/// complete URL (`HTTPRequest(url:)`), so a service that keeps its own base URL (the AI proxy,
/// the auth API) can share one client with the rest of the app. Build variations with the
/// `with…` methods, which return a modified copy:
///
/// ```swift
/// let request = try HTTPRequest(path: "/v1/chat/completions", method: .post)
///   .withHeader("Accept", "text/event-stream")
///   .withJSONBody(payload)
/// ```
public struct HTTPRequest: Sendable, Equatable {
  /// Where a request goes.
  public enum Location: Sendable, Equatable {
    /// A path joined to the client's base URL: `/v1/models` under `https://host/api` is
    /// `https://host/api/v1/models`. A query in the path (`/items?page=2`) is kept.
    case path(String)
    /// A complete URL; the client's base URL is ignored.
    case url(URL)
  }

  /// Where the request goes.
  public var location: Location
  /// The method.
  public var method: HTTPMethod
  /// Header fields; the client's default headers and the interceptors fill in the rest.
  public var headers: HTTPHeaders
  /// Query items appended to the URL, in order. Items with a `nil` value are sent as a bare
  /// name.
  public var query: [URLQueryItem]
  /// The body, if any.
  public var body: Data?
  /// How the response cache treats this request; `nil` uses the client's default.
  public var cachePolicy: HTTPCachePolicy?
  /// Timeouts for this request; `nil` uses the client's default.
  public var timeouts: HTTPTimeouts?

  /// A request for `path` under the client's base URL.
  public init(path: String, method: HTTPMethod = .get, body: Data? = nil) {
    self.init(location: .path(path), method: method, body: body)
  }

  /// A request for a complete URL.
  public init(url: URL, method: HTTPMethod = .get, body: Data? = nil) {
    self.init(location: .url(url), method: method, body: body)
  }

  /// A request for `location`.
  public init(location: Location, method: HTTPMethod = .get, body: Data? = nil) {
    self.location = location
    self.method = method
    self.headers = HTTPHeaders()
    self.query = []
    self.body = body
    self.cachePolicy = nil
    self.timeouts = nil
  }

  /// The path for a relative request, or the URL's path for an absolute one. For logs and
  /// matching in tests; never includes the query.
  public var pathForDisplay: String {
    switch location {
    case .path(let path):
      let withoutQuery = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
      return withoutQuery.hasPrefix("/") ? withoutQuery : "/" + withoutQuery
    case .url(let url):
      let path = url.path
      return path.isEmpty ? "/" : path
    }
  }
}

extension HTTPRequest: CustomStringConvertible {
  /// Method and path only: headers, query and body may carry secrets.
  public var description: String { "\(method.rawValue) \(pathForDisplay)" }
}
