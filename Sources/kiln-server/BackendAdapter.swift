import Backend
import HTTPServer

/// Converts between the HTTP server's exchange and Backend's, which knows nothing of
/// sockets: requests go in as `BackendRequest`, answers come back as `HTTPServerResponse`,
/// and a streamed body is bridged write for write, so the connection's backpressure
/// reaches the producer and a client that leaves (`HTTPBodyWriterError.clientGone`) makes
/// the producer's `write` throw, which stops its upstream.
enum BackendAdapter {
  /// A route handler that answers with `handle`.
  static func handler(
    _ handle: @escaping @Sendable (BackendRequest) async -> BackendResponse
  ) -> HTTPRouter.Handler {
    { request, _ in response(await handle(backendRequest(request))) }
  }

  /// The Backend view of `request`: method, path, decoded query, fields, body, the client's
  /// address (the peer, or whom a trusted proxy forwarded for) and the request id
  /// `RequestIDMiddleware` set.
  static func backendRequest(_ request: HTTPServerRequest) -> BackendRequest {
    let query = request.head.query.map(HTTPRouter.queryItems) ?? []
    return BackendRequest(
      method: request.method.rawValue, path: request.head.path,
      query: query.map { (name: $0.name, value: $0.value) },
      headers: request.fields.map { (name: $0.name, value: $0.value) }, body: request.body,
      clientAddress: request.clientAddress?.description,
      requestID: request.fields[RequestIDMiddleware.fieldName] ?? "")
  }

  /// `response` as the HTTP server sends it.
  static func response(_ response: BackendResponse) -> HTTPServerResponse {
    let status = HTTPStatus(code: response.status)
    let fields = HTTPFields(response.headers.map { ($0.name, $0.value) })
    switch response.body {
    case .bytes(let bytes):
      return HTTPServerResponse(status: status, fields: fields, body: bytes)
    case .stream(let stream):
      return HTTPServerResponse(
        status: status, fields: fields,
        stream: HTTPResponseStream { writer in
          try await stream.produce(BridgedBodyWriter(base: writer))
        })
    }
  }
}

/// A Backend body writer over the HTTP server's: each write waits as the server's does and
/// throws what it throws (`clientGone` once the client has disconnected).
struct BridgedBodyWriter: BackendBodyWriter {
  let base: any HTTPBodyWriter

  func write(_ bytes: [UInt8]) async throws {
    try await base.write(bytes)
  }
}
