/// How a request's body is delimited, decided once from its head.
public enum HTTPBodyFraming: Sendable, Hashable {
  /// No body (no `Content-Length`, no `Transfer-Encoding`).
  case none
  /// Exactly this many bytes follow the head.
  case contentLength(Int)
  /// A chunked body follows, ended by a zero-size chunk and a trailer section.
  case chunked
}

/// A parsed request head: request line, fields, and what they mean for the connection.
public struct HTTPRequestHead: Sendable, Hashable {
  /// The method token.
  public var method: HTTPRequestMethod
  /// The request target as received (origin-, absolute-, authority- or asterisk-form).
  public var target: String
  /// The protocol version.
  public var version: HTTPVersion
  /// The header fields in the order received.
  public var fields: HTTPFields
  /// How the body is delimited.
  public var framing: HTTPBodyFraming
  /// Whether the connection may carry another request after this one (RFC 9112 §9.3).
  public var keepAlive: Bool
  /// Whether the client waits for `100 Continue` before sending the body.
  public var expectsContinue: Bool

  /// A head from its parts; the parser derives `framing`, `keepAlive` and `expectsContinue`.
  public init(
    method: HTTPRequestMethod, target: String, version: HTTPVersion, fields: HTTPFields,
    framing: HTTPBodyFraming = .none, keepAlive: Bool = true, expectsContinue: Bool = false
  ) {
    self.method = method
    self.target = target
    self.version = version
    self.fields = fields
    self.framing = framing
    self.keepAlive = keepAlive
    self.expectsContinue = expectsContinue
  }

  /// The target's path: for an absolute-form target, the part after the authority; `*`
  /// for the asterisk-form; without the query.
  public var path: String {
    // An ASCII origin-form target, the usual case: a byte search for `?` (in ASCII each
    // byte is a character), and without a query the target itself, not a copy.
    let utf8 = target.utf8
    if utf8.first == 0x2F, utf8.allSatisfy({ $0 < 0x80 }) {
      guard let query = utf8.firstIndex(of: 0x3F) else { return target }
      return String(target[..<query])
    }
    var rest = Substring(target)
    if !rest.hasPrefix("/"), rest != "*", let colon = rest.firstIndex(of: ":") {
      // absolute-form: drop `scheme:` and a `//authority`, keep the path (or `/`).
      rest = rest[rest.index(after: colon)...]
      if rest.hasPrefix("//") {
        rest = rest.dropFirst(2)
        let end = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        rest = rest[end...]
      }
      if !rest.hasPrefix("/") { rest = Substring("/" + rest) }
    }
    if let query = rest.firstIndex(of: "?") { rest = rest[..<query] }
    return String(rest)
  }

  /// The query after `?`, without it; `nil` when the target has none.
  public var query: String? {
    let utf8 = target.utf8
    guard utf8.allSatisfy({ $0 < 0x80 }) else {
      return target.firstIndex(of: "?").map { String(target[target.index(after: $0)...]) }
    }
    return utf8.firstIndex(of: 0x3F).map { String(target[utf8.index(after: $0)...]) }
  }
}

/// A complete request: its head, its whole body, and the trailer fields of a chunked body.
public struct HTTPServerRequest: Sendable, Hashable {
  /// The request line and header fields.
  public var head: HTTPRequestHead
  /// The body bytes (de-chunked); empty when there is none.
  public var body: [UInt8]
  /// Trailer fields after a chunked body, kept apart from the header fields.
  public var trailers: HTTPFields
  /// The socket peer that sent it; `nil` for requests that did not come from a socket.
  public var remoteAddress: HTTPRemoteAddress?
  /// The client's address as `ClientAddressMiddleware` resolved it from the peer and a
  /// trusted proxy's `X-Forwarded-For`; `nil` until then.
  public var resolvedClientAddress: IPAddress?

  /// A request from its parts.
  public init(
    head: HTTPRequestHead, body: [UInt8] = [], trailers: HTTPFields = HTTPFields(),
    remoteAddress: HTTPRemoteAddress? = nil
  ) {
    self.head = head
    self.body = body
    self.trailers = trailers
    self.remoteAddress = remoteAddress
  }

  /// The method token.
  public var method: HTTPRequestMethod { head.method }
  /// The request target as received.
  public var target: String { head.target }
  /// The header fields.
  public var fields: HTTPFields { head.fields }

  /// The client's address, which every consumer (rate limits, `/metrics`, request metadata)
  /// uses: the resolved one, else the socket peer's (decision 25).
  public var clientAddress: IPAddress? {
    resolvedClientAddress ?? remoteAddress.flatMap { IPAddress($0.host) }
  }
}
