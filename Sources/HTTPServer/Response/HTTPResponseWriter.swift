/// How a response's body is delimited on the wire.
public enum HTTPResponseFraming: Sendable, Hashable {
  /// No body follows, whatever the fields say (HEAD, 1xx, 204, 304).
  case none
  /// `Content-Length` bytes follow.
  case length(Int)
  /// Chunks follow (HTTP/1.1 streams).
  case chunked
  /// Bytes follow until the server closes (HTTP/1.0 streams).
  case untilClose
}

/// Serializes response heads and bodies (RFC 9112 §4, §6, §7).
public enum HTTPResponseWriter {
  /// The interim response sent when a client waits with `Expect: 100-continue`.
  public static let continueResponse: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

  /// The chunk that ends a chunked body (no trailers).
  public static let lastChunk: [UInt8] = Array("0\r\n\r\n".utf8)

  /// Fields the writer owns; a responder's values for them are dropped.
  static let framingFields = ["Content-Length", "Transfer-Encoding", "Connection", "Date"]

  /// The framing a response gets for a request: HEAD and body-less statuses get none,
  /// streams are chunked for HTTP/1.1 and delimited by close for HTTP/1.0.
  public static func framing(
    status: HTTPStatus, bodyLength: Int?, method: HTTPRequestMethod, version: HTTPVersion
  ) -> HTTPResponseFraming {
    if status.forbidsBody { return .none }
    if let bodyLength { return .length(bodyLength) }
    return version.isAtLeastHTTP11 ? .chunked : .untilClose
  }

  /// The status line and fields, ending with the empty line.
  ///
  /// - Parameters:
  ///   - keepAlive: whether the server keeps the connection open after this response;
  ///     `false` adds `Connection: close`. A keep-alive answer to an HTTP/1.0 client says
  ///     `Connection: keep-alive`, which HTTP/1.0 needs.
  ///   - isHead: a HEAD answer keeps `Content-Length` but the caller sends no body.
  ///   - date: the `Date` value (`HTTPDate.format`), computed once a second by the server.
  public static func head(
    status: HTTPStatus, fields: HTTPFields, framing: HTTPResponseFraming, isHead: Bool = false,
    requestVersion: HTTPVersion = .http11, keepAlive: Bool, date: String
  ) -> [UInt8] {
    let text = "HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\nDate: \(date)\r\n"
    var bytes: [UInt8] = []
    for field in fields
    where !framingFields.contains(where: { field.name.equalsIgnoringASCIICase($0) }) {
      guard isSafe(field) else { continue }
      bytes += Array(field.name.utf8) + [HTTPSyntax.colon, HTTPSyntax.space]
      bytes += field.rawValue + [HTTPSyntax.carriageReturn, HTTPSyntax.lineFeed]
    }
    var tail = ""
    switch framing {
    case .length(let length) where !status.forbidsBody:
      tail += "Content-Length: \(length)\r\n"
    case .chunked where !isHead:
      tail += "Transfer-Encoding: chunked\r\n"
    default:
      break
    }
    if !keepAlive {
      tail += "Connection: close\r\n"
    } else if !requestVersion.isAtLeastHTTP11 {
      tail += "Connection: keep-alive\r\n"
    }
    tail += "\r\n"
    return Array(text.utf8) + bytes + Array(tail.utf8)
  }

  /// A whole response for a request, head and body, ready to send.
  public static func response(
    _ response: HTTPServerResponse, body: [UInt8], for request: HTTPRequestHead,
    keepAlive: Bool, date: String
  ) -> [UInt8] {
    let framing = framing(
      status: response.status, bodyLength: body.count, method: request.method,
      version: request.version)
    let isHead = request.method == .head
    var bytes = head(
      status: response.status, fields: response.fields, framing: framing, isHead: isHead,
      requestVersion: request.version, keepAlive: keepAlive, date: date)
    if case .length = framing, !isHead { bytes += body }
    return bytes
  }

  /// A short error answer with `Connection: close`, for requests the parser refused.
  public static func errorResponse(status: HTTPStatus, date: String) -> [UInt8] {
    let body = Array("\(status.code) \(status.reasonPhrase)\n".utf8)
    return head(
      status: status, fields: HTTPFields([("Content-Type", "text/plain; charset=utf-8")]),
      framing: .length(body.count), keepAlive: false, date: date) + body
  }

  /// One chunk of a chunked body; empty input gives no bytes (an empty chunk would end it).
  public static func chunk(_ bytes: [UInt8]) -> [UInt8] {
    guard !bytes.isEmpty else { return [] }
    return Array(String(bytes.count, radix: 16).utf8) + [0x0D, 0x0A] + bytes + [0x0D, 0x0A]
  }

  /// Whether a responder's field can be sent without splitting the response: a token name
  /// and a value without CR, LF or NUL.
  static func isSafe(_ field: HTTPField) -> Bool {
    HTTPSyntax.isToken(field.name.utf8)
      && field.rawValue.allSatisfy { $0 != 0x0D && $0 != 0x0A && $0 != 0x00 }
  }
}
