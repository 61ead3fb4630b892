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

  /// `response` as the HTTP server sends it, with the handler's log note as access-log
  /// fields (read when the exchange ends, so a stream's outcome is in).
  static func response(_ response: BackendResponse) -> HTTPServerResponse {
    let status = HTTPStatus(code: response.status)
    let fields = HTTPFields(response.headers.map { ($0.name, $0.value) })
    var answer: HTTPServerResponse
    switch response.body {
    case .bytes(let bytes):
      answer = HTTPServerResponse(status: status, fields: fields, body: bytes)
    case .stream(let stream):
      answer = HTTPServerResponse(
        status: status, fields: fields,
        stream: HTTPResponseStream(headWaitsForBody: stream.headWaitsForBody) { writer in
          try await stream.produce(BridgedBodyWriter(base: writer))
        })
    }
    if let note = response.logNote {
      answer.accessLogFields = AccessLogFieldSource { accessLogFields(note.fields) }
    }
    return answer
  }

  /// The longest upstream generation id logged: the provider chooses it.
  static let maximumGenerationIDLength = 128

  /// The note's fields under the access log's keys, absent ones left out: `user_id`,
  /// `model`, `refusal`, `reply`, `generation_id`, `prompt_tokens`, `completion_tokens`,
  /// `free_refunded` (decision 134), `function` (a sync call's).
  static func accessLogFields(_ note: BackendLogFields) -> [AccessLogField] {
    var fields: [AccessLogField] = []
    if let user = note.userID { fields.append(AccessLogField("user_id", .string(user))) }
    if let model = note.model { fields.append(AccessLogField("model", .string(model))) }
    if let code = note.refusal { fields.append(AccessLogField("refusal", .string(code))) }
    if let reply = note.reply { fields.append(AccessLogField("reply", .string(reply))) }
    if let generation = note.upstreamGenerationID {
      let id = String(generation.prefix(maximumGenerationIDLength))
      fields.append(AccessLogField("generation_id", .string(id)))
    }
    if let prompt = note.promptTokens {
      fields.append(AccessLogField("prompt_tokens", .integer(prompt)))
    }
    if let completion = note.completionTokens {
      fields.append(AccessLogField("completion_tokens", .integer(completion)))
    }
    if note.freeMessageRefunded { fields.append(AccessLogField("free_refunded", .boolean(true))) }
    if let function = note.syncFunction {
      fields.append(AccessLogField("function", .string(function)))
    }
    return fields
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
