/// What a responder answers: a status, fields, and a body given whole or streamed.
///
/// The server owns framing: `Content-Length`, `Transfer-Encoding`, `Connection` and `Date`
/// set here are replaced by the values the writer computes.
public struct HTTPServerResponse: Sendable {
  /// How the body is supplied.
  public enum Body: Sendable {
    /// The whole body, sent with `Content-Length`.
    case bytes([UInt8])
    /// A body written while the connection is open (server-sent events, large downloads),
    /// sent chunked to HTTP/1.1 clients and until close to HTTP/1.0 clients.
    case stream(HTTPResponseStream)
  }

  /// The status.
  public var status: HTTPStatus
  /// The fields, in order.
  public var fields: HTTPFields
  /// The body.
  public var body: Body
  /// Fields the access log adds to this exchange's line; `nil` for none.
  public var accessLogFields: AccessLogFieldSource?

  /// A response with a whole body.
  public init(status: HTTPStatus = .ok, fields: HTTPFields = HTTPFields(), body: [UInt8] = []) {
    self.status = status
    self.fields = fields
    self.body = .bytes(body)
  }

  /// A response whose body `stream` writes.
  public init(
    status: HTTPStatus = .ok, fields: HTTPFields = HTTPFields(), stream: HTTPResponseStream
  ) {
    self.status = status
    self.fields = fields
    self.body = .stream(stream)
  }

  /// A response with a UTF-8 text body and its `Content-Type`.
  public static func text(
    _ text: String, status: HTTPStatus = .ok, contentType: String = "text/plain; charset=utf-8"
  ) -> HTTPServerResponse {
    HTTPServerResponse(
      status: status, fields: HTTPFields([("Content-Type", contentType)]), body: Array(text.utf8))
  }
}

/// A streamed body: the server calls `produce` with a writer once the head is queued.
public struct HTTPResponseStream: Sendable {
  /// Writes the body; returns when it is complete. The writer's `write` suspends while the
  /// connection's buffer is full (backpressure) and throws once the client has gone.
  public var produce: @Sendable (any HTTPBodyWriter) async throws -> Void
  /// Whether the head may wait for the body's first bytes, so both leave in one send (one
  /// segment for the client to take in, not two). It goes out with the producer's first
  /// write, at an empty write (`HTTPBodyWriter.write(_:)`), when the body ends, or after two
  /// seconds with nothing written; and earlier whenever the connection sends anyway (an
  /// answer answered at once, bytes of another request arriving). A producer that sets
  /// this writes, or writes nothing, before it waits for anything slow, so the client
  /// learns the status without waiting for the body; each of its empty writes costs a
  /// message to the connection's loop. When `false` (the default) the head is sent at once.
  public var headWaitsForBody: Bool

  /// A stream from its producer.
  public init(
    headWaitsForBody: Bool = false,
    produce: @escaping @Sendable (any HTTPBodyWriter) async throws -> Void
  ) {
    self.headWaitsForBody = headWaitsForBody
    self.produce = produce
  }
}

/// Where a streamed body's bytes go.
public protocol HTTPBodyWriter: Sendable {
  /// Queues bytes for the client and suspends until the connection can take more. Empty
  /// bytes send nothing of the body but still report a client that has gone, and send a
  /// head that waits for the body (`HTTPResponseStream.headWaitsForBody`).
  ///
  /// - Throws: `HTTPBodyWriterError.clientGone` once the client has disconnected.
  func write(_ bytes: [UInt8]) async throws
}

/// Why a streamed body could not be written.
public enum HTTPBodyWriterError: Error, Sendable, Hashable {
  /// The client closed the connection (or the server is shutting it down).
  case clientGone
}
