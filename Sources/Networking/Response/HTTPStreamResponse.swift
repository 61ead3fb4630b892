import Foundation

/// A response whose head has arrived and whose body is still streaming.
public struct HTTPStreamResponse: Sendable {
  /// The status code (always 2xx from a real client: other statuses are thrown).
  public var statusCode: Int
  /// The header fields, looked up without case.
  public var headers: HTTPHeaders
  /// The URL that answered (after redirects), when known.
  public var url: URL?
  /// The body, as chunks in arrival order.
  public var body: HTTPResponseBody

  /// A streaming response with the given parts.
  public init(statusCode: Int, headers: HTTPHeaders, url: URL? = nil, body: HTTPResponseBody) {
    self.statusCode = statusCode
    self.headers = headers
    self.url = url
    self.body = body
  }

  /// The server's request identifier from `X-Request-ID`.
  public var requestID: String? { headers["X-Request-ID"] }

  /// Whether the status is 2xx.
  public var isSuccess: Bool { (200..<300).contains(statusCode) }

  /// Reads the rest of the body and returns the complete response.
  /// - Throws: whatever the body throws (`HTTPError.transport` on a lost connection or an idle
  ///   timeout, `HTTPError.cancelled`).
  public func collect() async throws -> HTTPResponse {
    HTTPResponse(statusCode: statusCode, headers: headers, data: try await body.collect(), url: url)
  }
}
