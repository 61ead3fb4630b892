import Core

#if canImport(Glibc)
  import Glibc
#endif

/// Answers one request. The server calls it on a task of its own, one request at a time
/// per connection, and sends the answers in request order.
public typealias HTTPResponder = @Sendable (HTTPServerRequest) async -> HTTPServerResponse

/// The server's limits and timeouts; every one has a default and applies per connection.
public struct HTTPServerConfiguration: Sendable {
  /// Event loops (threads), each owning its connections; default one per online core.
  public var eventLoopCount: Int
  /// Open connections across all loops; one more is answered 503 and closed at once.
  public var maxConnections: Int
  /// Time from a connection's first byte (or its accept) to a complete head; 408 after.
  public var headTimeout: Duration
  /// Time without any body byte while a body is expected; 408 after.
  public var bodyTimeout: Duration
  /// Time an idle kept-alive connection stays open waiting for its next request.
  public var keepAliveTimeout: Duration
  /// After an error answer, how long to read and discard what the client still sends
  /// before closing, so it receives the answer instead of a reset (RFC 9112 §9.6).
  public var lingerTimeout: Duration
  /// Bytes a streamed response may have waiting for a slow reader before the producer's
  /// `write` suspends (one write may go past it).
  public var streamBufferLimit: Int
  /// The parser's limits (head, target, body sizes).
  public var parserLimits: HTTPParserLimits
  /// Requests parsed ahead on one connection (pipelining) before it stops reading.
  public var maxPipelinedRequests: Int
  /// The clock for timeouts and the `Date` field.
  public var clock: AppClock
  /// A request's own body limit by method and path (a router's `bodyLimit`); `nil` from
  /// it, or no function, means `parserLimits.maxBodyBytes`.
  public var routeBodyLimit: HTTPRequestParser.BodyLimit?
  /// Bytes of request bodies held at once across all connections, each body counted as its
  /// bytes arrive (64 KiB ahead of them, never past its `Content-Length` or its route's
  /// limit) until its request is answered. A body that would go past it is answered 503 and
  /// not read further, so many clients each sending a body just under the route's limit, or
  /// announcing large bodies and sending them slowly, cannot together exhaust memory.
  public var maxBufferedBodyBytes: Int

  /// A configuration with the documented defaults.
  public init(
    eventLoopCount: Int? = nil, maxConnections: Int = 10_000,
    headTimeout: Duration = .seconds(10), bodyTimeout: Duration = .seconds(30),
    keepAliveTimeout: Duration = .seconds(60), lingerTimeout: Duration = .seconds(2),
    streamBufferLimit: Int = 256 * 1024, parserLimits: HTTPParserLimits = HTTPParserLimits(),
    maxPipelinedRequests: Int = 32, clock: AppClock = .live,
    routeBodyLimit: HTTPRequestParser.BodyLimit? = nil, maxBufferedBodyBytes: Int = 256 << 20
  ) {
    self.eventLoopCount = max(1, eventLoopCount ?? Self.onlineCores())
    self.maxConnections = maxConnections
    self.headTimeout = headTimeout
    self.bodyTimeout = bodyTimeout
    self.keepAliveTimeout = keepAliveTimeout
    self.lingerTimeout = lingerTimeout
    self.streamBufferLimit = streamBufferLimit
    self.parserLimits = parserLimits
    self.maxPipelinedRequests = maxPipelinedRequests
    self.clock = clock
    self.routeBodyLimit = routeBodyLimit
    self.maxBufferedBodyBytes = max(0, maxBufferedBodyBytes)
  }

  /// The cores the kernel reports online (a machine fact, not configuration).
  static func onlineCores() -> Int {
    #if canImport(Glibc)
      return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    #else
      return 1
    #endif
  }

  /// How often a loop checks its timers: a quarter of the shortest timeout, 5-250 ms.
  var timerTick: Duration {
    let shortest = [headTimeout, bodyTimeout, keepAliveTimeout, lingerTimeout].min() ?? .seconds(1)
    return min(max(shortest / 4, .milliseconds(5)), .milliseconds(250))
  }
}
