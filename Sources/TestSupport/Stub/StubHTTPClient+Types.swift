import Foundation
import Networking

extension StubHTTPClient {
  /// Decides whether an expectation answers a request.
  public struct Matcher: Sendable, CustomStringConvertible {
    /// How the expectation reads in failure messages.
    public let description: String
    private let predicate: @Sendable (HTTPRequest) -> Bool

    /// A matcher from a predicate, described for failure messages.
    public init(_ description: String, _ predicate: @escaping @Sendable (HTTPRequest) -> Bool) {
      self.description = description
      self.predicate = predicate
    }

    /// Whether `request` matches.
    public func matches(_ request: HTTPRequest) -> Bool { predicate(request) }

    /// Any request.
    public static let any = Matcher("any request") { _ in true }

    /// `method` to `path` (a relative path, or the path of an absolute URL; no query), and
    /// optionally a further condition (a header, a body field).
    public static func request(
      _ method: HTTPMethod, _ path: String,
      where condition: @escaping @Sendable (HTTPRequest) -> Bool = { _ in true }
    ) -> Matcher {
      Matcher("\(method.rawValue) \(path)") { request in
        request.method == method && request.pathForDisplay == path && condition(request)
      }
    }

    /// `method` to exactly this absolute URL (query included).
    public static func url(_ method: HTTPMethod, _ url: URL) -> Matcher {
      Matcher("\(method.rawValue) \(url.absoluteString)") { request in
        guard request.method == method, let resolved = try? request.resolvedURL(baseURL: nil)
        else { return false }
        return resolved == url
      }
    }
  }

  /// How an expectation answers.
  public enum Reply: Sendable {
    /// A complete response (non-2xx is thrown as `HTTPError.status`).
    case response(HTTPResponse)
    /// Fails with `error` (e.g. `HTTPError.transport(code: -1009, …)`).
    case failure(any Error)
    /// A streamed response of these chunks, ending with `completion` (or cleanly).
    case stream(statusCode: Int, headers: HTTPHeaders, chunks: [Data], completion: (any Error)?)
    /// A streamed response whose chunks the test produces as it goes.
    case liveStream(
      statusCode: Int, headers: HTTPHeaders, body: AsyncThrowingStream<Data, any Error>)

    /// A JSON response.
    public static func json(_ json: String, status: Int = 200, headers: HTTPHeaders = [:]) -> Reply
    {
      var all = headers
      all.setIfAbsent("Content-Type", "application/json")
      return .response(HTTPResponse(statusCode: status, headers: all, data: Data(json.utf8)))
    }

    /// A response with `status` and an optional text body.
    public static func status(
      _ status: Int, body: String = "", headers: HTTPHeaders = [:]
    )
      -> Reply
    {
      .response(HTTPResponse(statusCode: status, headers: headers, data: Data(body.utf8)))
    }

    /// A `text/event-stream` of UTF-8 chunks that ends cleanly.
    public static func eventStream(_ chunks: [String]) -> Reply {
      .stream(
        statusCode: 200, headers: ["Content-Type": "text/event-stream"],
        chunks: chunks.map { Data($0.utf8) }, completion: nil)
    }
  }
}
