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
    var bytes: [UInt8] = []
    appendHead(
      status: status, fields: fields, framing: framing, isHead: isHead,
      requestVersion: requestVersion, keepAlive: keepAlive, date: date, to: &bytes)
    return bytes
  }

  /// `head`, appended to `bytes` (a connection's output) without building pieces apart.
  static func appendHead(
    status: HTTPStatus, fields: HTTPFields, framing: HTTPResponseFraming, isHead: Bool,
    requestVersion: HTTPVersion, keepAlive: Bool, date: String, to bytes: inout [UInt8]
  ) {
    bytes.reserveRoom(for: 96 + 48 * fields.count)
    append("HTTP/1.1 ", to: &bytes)
    bytes.appendDecimal(status.code)
    bytes.append(HTTPSyntax.space)
    bytes.append(contentsOf: status.reasonPhrase.utf8)
    append("\r\nDate: ", to: &bytes)
    bytes.append(contentsOf: date.utf8)
    append("\r\n", to: &bytes)
    for field in fields where !isFramingField(field.name) && isSafe(field) {
      bytes.append(contentsOf: field.name.utf8)
      bytes.append(HTTPSyntax.colon)
      bytes.append(HTTPSyntax.space)
      bytes.append(contentsOf: field.rawValue)
      append("\r\n", to: &bytes)
    }
    switch framing {
    case .length(let length) where !status.forbidsBody:
      append("Content-Length: ", to: &bytes)
      bytes.appendDecimal(length)
      append("\r\n", to: &bytes)
    case .chunked where !isHead:
      append("Transfer-Encoding: chunked\r\n", to: &bytes)
    default:
      break
    }
    if !keepAlive {
      append("Connection: close\r\n", to: &bytes)
    } else if !requestVersion.isAtLeastHTTP11 {
      append("Connection: keep-alive\r\n", to: &bytes)
    }
    append("\r\n", to: &bytes)
  }

  /// A whole response for a request, head and body, ready to send.
  public static func response(
    _ response: HTTPServerResponse, body: [UInt8], for request: HTTPRequestHead,
    keepAlive: Bool, date: String
  ) -> [UInt8] {
    var bytes: [UInt8] = []
    appendResponse(
      response, body: body, method: request.method, version: request.version,
      keepAlive: keepAlive, date: date, to: &bytes)
    return bytes
  }

  /// `response` to a request with this method and version, appended to `bytes` (a
  /// connection's output): one copy of the body.
  static func appendResponse(
    _ response: HTTPServerResponse, body: [UInt8], method: HTTPRequestMethod,
    version: HTTPVersion, keepAlive: Bool, date: String, to bytes: inout [UInt8]
  ) {
    let framing = framing(
      status: response.status, bodyLength: body.count, method: method, version: version)
    let isHead = method == .head
    let sendsBody: Bool
    if case .length = framing, !isHead { sendsBody = true } else { sendsBody = false }
    bytes.reserveRoom(for: 96 + 48 * response.fields.count + body.count)
    appendHead(
      status: response.status, fields: response.fields, framing: framing, isHead: isHead,
      requestVersion: version, keepAlive: keepAlive, date: date, to: &bytes)
    if sendsBody { bytes.append(contentsOf: body) }
  }

  private static func append(_ text: StaticString, to bytes: inout [UInt8]) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Whether a responder's field is one the writer owns (compared without allocating).
  private static func isFramingField(_ name: String) -> Bool {
    framingFields.contains { name.equalsIgnoringASCIICase($0) }
  }

  /// A short error answer with `Connection: close`, for requests the parser refused (and a
  /// `Retry-After` when the server is only busy: 503).
  public static func errorResponse(status: HTTPStatus, date: String) -> [UInt8] {
    let body = Array("\(status.code) \(status.reasonPhrase)\n".utf8)
    var fields = HTTPFields([("Content-Type", "text/plain; charset=utf-8")])
    // The server's own 503s (too many connections, too many bodies in memory) pass soon.
    if status.code == 503 { fields.append(name: "Retry-After", value: "1") }
    return head(
      status: status, fields: fields, framing: .length(body.count), keepAlive: false,
      date: date) + body
  }

  /// One chunk of a chunked body; empty input gives no bytes (an empty chunk would end it).
  public static func chunk(_ bytes: [UInt8]) -> [UInt8] {
    var chunk: [UInt8] = []
    appendChunk(bytes, to: &chunk)
    return chunk
  }

  /// `chunk`, appended to `output` (a connection's): no array of its own per write.
  static func appendChunk(_ bytes: [UInt8], to output: inout [UInt8]) {
    guard !bytes.isEmpty else { return }
    output.reserveRoom(for: bytes.count + 20)
    let digits: StaticString = "0123456789abcdef"
    var shift = (Int.bitWidth - bytes.count.leadingZeroBitCount + 3) / 4 * 4
    repeat {
      shift -= 4
      output.append(digits.utf8Start[(bytes.count >> shift) & 0xF])
    } while shift > 0
    output.append(0x0D)
    output.append(0x0A)
    output.append(contentsOf: bytes)
    output.append(0x0D)
    output.append(0x0A)
  }

  /// Whether a responder's field can be sent without splitting the response: a token name
  /// and a value without CR, LF or NUL.
  static func isSafe(_ field: HTTPField) -> Bool {
    HTTPSyntax.isToken(field.name.utf8)
      && field.rawValue.allSatisfy { $0 != 0x0D && $0 != 0x0A && $0 != 0x00 }
  }
}
