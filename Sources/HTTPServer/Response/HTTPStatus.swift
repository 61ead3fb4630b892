/// A response status: its code and the reason phrase sent with it.
public struct HTTPStatus: Sendable, Hashable, CustomStringConvertible {
  /// The three-digit code.
  public var code: Int
  /// The reason phrase; clients ignore it, people read it.
  public var reasonPhrase: String

  /// A status with the registered reason phrase for `code` (or none for unknown codes).
  public init(code: Int) {
    self.init(code: code, reasonPhrase: Self.phrases[code] ?? "")
  }

  /// A status with a reason phrase of your own.
  public init(code: Int, reasonPhrase: String) {
    self.code = code
    self.reasonPhrase = reasonPhrase
  }

  /// Whether a response with this status never has a body (1xx, 204, 304; RFC 9112 §6.3).
  public var forbidsBody: Bool { (100..<200).contains(code) || code == 204 || code == 304 }

  /// `200 OK`.
  public static let ok = HTTPStatus(code: 200)
  /// `204 No Content`.
  public static let noContent = HTTPStatus(code: 204)
  /// `400 Bad Request`.
  public static let badRequest = HTTPStatus(code: 400)
  /// `404 Not Found`.
  public static let notFound = HTTPStatus(code: 404)
  /// `405 Method Not Allowed`.
  public static let methodNotAllowed = HTTPStatus(code: 405)
  /// `408 Request Timeout`.
  public static let requestTimeout = HTTPStatus(code: 408)
  /// `500 Internal Server Error`.
  public static let internalServerError = HTTPStatus(code: 500)
  /// `503 Service Unavailable`.
  public static let serviceUnavailable = HTTPStatus(code: 503)

  /// `200 OK`.
  public var description: String { "\(code) \(reasonPhrase)" }

  static let phrases: [Int: String] = [
    100: "Continue", 101: "Switching Protocols", 200: "OK", 201: "Created", 202: "Accepted",
    204: "No Content", 206: "Partial Content", 301: "Moved Permanently", 302: "Found",
    303: "See Other", 304: "Not Modified", 307: "Temporary Redirect",
    308: "Permanent Redirect", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden",
    404: "Not Found", 405: "Method Not Allowed", 408: "Request Timeout", 409: "Conflict",
    410: "Gone", 411: "Length Required", 412: "Precondition Failed", 413: "Content Too Large",
    414: "URI Too Long", 415: "Unsupported Media Type", 417: "Expectation Failed",
    422: "Unprocessable Content", 429: "Too Many Requests",
    431: "Request Header Fields Too Large", 500: "Internal Server Error",
    501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
    504: "Gateway Timeout", 505: "HTTP Version Not Supported",
  ]
}
