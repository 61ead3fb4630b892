/// What a Backend handler answers: a status, header fields and a body given whole or
/// written while the connection is open. kiln-server's adapter owns framing.
public struct BackendResponse: Sendable {
  /// How the body is supplied.
  public enum Body: Sendable {
    /// The whole body.
    case bytes([UInt8])
    /// A body written once the head is sent (server-sent events).
    case stream(BackendStream)
  }

  /// The status code.
  public var status: Int
  /// The header fields, in order.
  public var headers: [(name: String, value: String)]
  /// The body.
  public var body: Body
  /// What the access log learns of the exchange beyond status and timing (who asked, the
  /// model, the outcome); `nil` for handlers that add nothing.
  public var logNote: BackendLogNote?

  /// A response with a whole body.
  public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = .bytes(body)
  }

  /// A response whose body `stream` writes.
  public init(status: Int, headers: [(name: String, value: String)] = [], stream: BackendStream) {
    self.status = status
    self.headers = headers
    self.body = .stream(stream)
  }

  /// The first value of the header `name`, compared without case.
  public func header(_ name: String) -> String? {
    headers.first { BackendRequest.sameName($0.name, name) }?.value
  }

  /// A JSON response: `json` is already encoded.
  public static func json(
    status: Int, _ json: [UInt8], headers: [(name: String, value: String)] = []
  ) -> BackendResponse {
    BackendResponse(
      status: status, headers: [("Content-Type", "application/json")] + headers, body: json)
  }
}

/// A streamed body: `produce` is called with a writer once the head is queued.
public struct BackendStream: Sendable {
  /// Writes the body and returns when it is complete. The writer's `write` suspends while
  /// the client is slow (backpressure) and throws once the client has gone, so a producer
  /// that stops on that error stops its upstream too.
  public var produce: @Sendable (any BackendBodyWriter) async throws -> Void
  /// Whether the head may wait for the body's first bytes, to leave with them in one send:
  /// it goes out at the first write (an empty one sends it alone) or at the body's end, and
  /// at the latest a moment after (kiln-server: two seconds). A producer that sets this
  /// writes before it waits for anything slow.
  public var headWaitsForBody: Bool

  /// A stream from its producer.
  public init(
    headWaitsForBody: Bool = false,
    produce: @escaping @Sendable (any BackendBodyWriter) async throws -> Void
  ) {
    self.headWaitsForBody = headWaitsForBody
    self.produce = produce
  }
}

/// Where a streamed body's bytes go.
public protocol BackendBodyWriter: Sendable {
  /// Queues bytes for the client; suspends until the connection can take more. Empty bytes
  /// send a head that waits for the body (`BackendStream.headWaitsForBody`), and nothing
  /// else.
  /// - Throws: once the client has disconnected.
  func write(_ bytes: [UInt8]) async throws
}
