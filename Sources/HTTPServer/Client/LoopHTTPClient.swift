#if canImport(Glibc)
  import Foundation
  import Glibc

  /// An HTTP/1.1 client for one plain-HTTP origin whose connections live on the server's own
  /// event loops (decision 208).
  ///
  /// A request made from a task running on an event loop (a route added with
  /// `onEventLoop: true`) goes out on that loop's kept-alive connections to the origin. Its
  /// response is read by the loop between its other sockets, and the task that waits for it
  /// is resumed on the same thread: no other thread, no hand-over per chunk. A request made
  /// anywhere else is not this client's: `start` returns `nil`, and the caller uses another
  /// client.
  ///
  /// The origin must be an IP address or `localhost` (no name is looked up on a loop).
  /// Bounds: the response head (64 KiB), chunk-size lines, trailers; a body is read no
  /// further ahead of its reader than `UpstreamLimits.bufferedBytes`.
  public final class LoopHTTPClient: Sendable {
    /// Where requests go.
    public let origin: UpstreamOrigin
    let limits: UpstreamLimits

    /// A client for `http://host:port`; `nil` when `host` is not an IP address or
    /// `localhost`.
    public init?(host: String, port: Int, limits: UpstreamLimits = UpstreamLimits()) {
      guard let origin = UpstreamOrigin(host: host, port: port) else { return nil }
      self.origin = origin
      self.limits = limits
    }

    /// Starts `request` on a connection of the event loop that runs the caller, or returns
    /// `nil` when the caller is not running on an event loop.
    public func start(_ request: UpstreamRequest) -> UpstreamExchange? {
      guard let upstreams = LoopUpstreams.current else { return nil }
      let exchange = UpstreamExchange(request: request, limits: limits)
      upstreams.start(exchange, to: origin, bytes: request.serialized(for: origin))
      return exchange
    }

    /// Whether the calling thread runs an event loop (so `start` would take a request).
    public static var isOnEventLoop: Bool { LoopUpstreams.current != nil }
  }

  /// A plain-HTTP origin: a numeric address (or `localhost`) and a port.
  public struct UpstreamOrigin: Sendable, Hashable, CustomStringConvertible {
    /// One address to connect to.
    struct Address: Sendable, Hashable {
      var text: String
      var isIPv6: Bool
    }

    /// The host as written in the `Host` field (IPv6 in brackets).
    public let host: String
    public let port: Int
    /// The addresses to try, in order: one, or for `localhost` the IPv4 and then the IPv6
    /// loopback (a server may listen on either, as name resolution would offer both).
    let addresses: [Address]

    /// `nil` unless `host` is an IPv4 or IPv6 address or `localhost`, and `port` is valid.
    public init?(host: String, port: Int) {
      guard (1...65535).contains(port) else { return nil }
      let bare =
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
      var ipv4 = in_addr()
      var ipv6 = in6_addr()
      if bare.lowercased() == "localhost" {
        self.host = "localhost"
        addresses = [Address(text: "127.0.0.1", isIPv6: false), Address(text: "::1", isIPv6: true)]
      } else if inet_pton(AF_INET, bare, &ipv4) == 1 {
        self.host = bare
        addresses = [Address(text: bare, isIPv6: false)]
      } else if inet_pton(AF_INET6, bare, &ipv6) == 1 {
        self.host = "[\(bare)]"
        addresses = [Address(text: bare, isIPv6: true)]
      } else {
        return nil
      }
      self.port = port
    }

    public var description: String { "\(host):\(port)" }
  }

  /// The bounds of the loop client.
  public struct UpstreamLimits: Sendable {
    /// How far a body is read ahead of its reader before the connection stops being read.
    public var bufferedBytes = 1 << 20
    /// Kept-alive idle connections per origin and loop.
    public var idleConnections = 256
    /// How long an idle connection is kept, in seconds.
    public var idleSeconds: Double = 30
    /// What the server may send: head, chunk lines, trailers.
    var response = UpstreamResponseParser.Limits()

    public init() {}
  }

  /// One request for `LoopHTTPClient`.
  public struct UpstreamRequest: Sendable {
    public var method: String
    /// The origin-form target: the path and query (`/v1/chat/completions`).
    public var target: String
    /// Header fields besides `Host` and `Content-Length`, which the client writes.
    public var fields: [(name: String, value: String)]
    public var body: Data
    /// The longest wait from sending until the response head, in seconds.
    public var headSeconds: Double
    /// The longest silence inside the body, in seconds; `nil` waits forever.
    public var idleSeconds: Double?
    /// The longest the whole exchange may take, in seconds; `nil` for no limit.
    public var totalSeconds: Double?

    public init(
      method: String, target: String, fields: [(name: String, value: String)], body: Data,
      headSeconds: Double, idleSeconds: Double?, totalSeconds: Double?
    ) {
      self.method = method
      self.target = target
      self.fields = fields
      self.body = body
      self.headSeconds = headSeconds
      self.idleSeconds = idleSeconds
      self.totalSeconds = totalSeconds
    }

    /// The request's bytes. A field whose name is not a token, or whose value holds a line
    /// break or another control character, is dropped (the caller's request type refuses
    /// them already); so are the framing fields the client writes itself.
    func serialized(for origin: UpstreamOrigin) -> [UInt8] {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(256 + body.count)
      func append(_ text: String) { bytes.append(contentsOf: text.utf8) }
      append(method)
      append(" ")
      append(target)
      append(" HTTP/1.1\r\nHost: ")
      append(origin.host)
      append(":")
      append(String(origin.port))
      append("\r\n")
      for field in fields
      where HTTPSyntax.isToken(field.name.utf8)
        && field.value.utf8.allSatisfy(HTTPSyntax.isFieldValueCharacter)
      {
        let name = field.name
        guard !name.equalsIgnoringASCIICase("host"),
          !name.equalsIgnoringASCIICase("content-length"),
          !name.equalsIgnoringASCIICase("transfer-encoding"),
          !name.equalsIgnoringASCIICase("connection")
        else { continue }
        append(name)
        append(": ")
        append(field.value)
        append("\r\n")
      }
      if !body.isEmpty || method == "POST" || method == "PUT" || method == "PATCH" {
        append("Content-Length: ")
        append(String(body.count))
        append("\r\n")
      }
      append("\r\n")
      bytes.append(contentsOf: body)
      return bytes
    }
  }

  /// Why an upstream exchange failed.
  public enum UpstreamError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No connection could be made (`errno`).
    case connect(Int32)
    /// The connection broke or closed before the response ended.
    case lost
    /// A limit ran out: "the response head", "the body" (idle) or "the exchange" (total).
    case timedOut(String)
    /// The response broke HTTP/1.1.
    case malformed(UpstreamResponseParseError)
    /// The exchange was cancelled.
    case cancelled

    public var description: String {
      switch self {
      case .connect(let code): "cannot connect (errno \(code))"
      case .lost: "the connection was lost"
      case .timedOut(let what): "timed out waiting for \(what)"
      case .malformed(let problem): problem.description
      case .cancelled: "cancelled"
      }
    }
  }
#endif
