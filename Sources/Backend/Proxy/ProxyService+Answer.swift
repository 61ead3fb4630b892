import Foundation
import JOSE
import Networking

extension ProxyService {
  /// Calls the upstream (or the echo model) for an admitted request and answers: a stream
  /// of events, or one `chat.completion` object.
  func answer(_ chat: ProxyChatRequest, exchange: Exchange) async -> BackendResponse {
    let source: HTTPStreamResponse
    if let upstream = configuration.upstream {
      switch await openUpstream(chat, upstream: upstream) {
      case .success(let response): source = response
      case .failure(let error):
        // Nothing reached the client: the free message comes back (decision 133).
        let refunded = await settlement.settle(
          exchange, status: .upstreamError, interpreter: nil, generationID: nil, refund: true)
        return refuse(
          error, freeRemaining: exchange.freeRemaining.map { refunded ? $0 + 1 : $0 },
          note: exchange.note)
      }
    } else {
      source = EchoModel.response(
        for: chat, id: "chatcmpl-" + makeIdentifier().uuidString.lowercased(),
        created: clock.now())
    }
    let generationID = source.headers["X-Generation-Id"]
    var headers: [(name: String, value: String)] = []
    if let remaining = exchange.freeRemaining {
      headers.append((name: Self.freeMessagesHeader, value: String(remaining)))
    }
    guard chat.stream else {
      return await completion(
        from: source, exchange: exchange, generationID: generationID,
        headers: headers)
    }
    let relay = StreamRelay(
      body: source.body, keepAliveInterval: configuration.keepAliveInterval, sleep: sleep,
      now: clock.now)
    let service = self
    let eventHeaders: [(name: String, value: String)] = [
      (name: "Content-Type", value: "text/event-stream"),
      (name: "Cache-Control", value: "no-cache"), (name: "X-Accel-Buffering", value: "no"),
    ]
    return BackendResponse(
      status: 200, headers: eventHeaders + headers,
      // The relay writes (an empty write when the reply is not there yet) before it waits.
      stream: BackendStream(headWaitsForBody: true) { writer in
        let (status, interpreter) = await relay.run(writer: writer)
        // A finished stream ends before its ledger line is written, as a whole answer does.
        guard status != .completed else {
          return await service.settlement.settleAfterAnswer(
            exchange, interpreter: interpreter, generationID: generationID)
        }
        // Keep-alive comments and chunks without reply text show the user nothing, so a
        // failure before the first content still gives the free message back.
        await service.settlement.settle(
          exchange, status: status, interpreter: interpreter, generationID: generationID,
          refund: !interpreter.hasRelayedContent)
      })
  }

  /// Reads the whole upstream stream and answers one `chat.completion` object, or 502 when
  /// the upstream failed part-way (a half reply is never shown as a whole one).
  private func completion(
    from source: HTTPStreamResponse, exchange: Exchange, generationID: String?,
    headers: [(name: String, value: String)]
  ) async -> BackendResponse {
    var interpreter = UpstreamChunkInterpreter(collectsText: true)
    let status =
      StreamRelay.isWholeCompletion(source.headers["Content-Type"])
      ? await StreamRelay.collectCompletion(source.body, into: &interpreter)
      : await StreamRelay.collect(source.body, into: &interpreter)
    // A whole answer reaches the client only once complete, so a failed one is refunded
    // (before answering, since the answer says how many free messages are left); a
    // completed one's ledger line is written while the answer goes out.
    var refunded = false
    if status == .completed {
      await settlement.settleAfterAnswer(
        exchange, interpreter: interpreter, generationID: generationID)
    } else {
      refunded = await settlement.settle(
        exchange, status: status, interpreter: interpreter, generationID: generationID,
        refund: true)
    }
    guard status == .completed else {
      return refuse(
        APIError(
          status: 502, code: "upstream_error",
          message: "The model provider failed while answering."),
        freeRemaining: exchange.freeRemaining.map { refunded ? $0 + 1 : $0 },
        note: exchange.note)
    }
    let id = interpreter.generationID ?? ("chatcmpl-" + makeIdentifier().uuidString.lowercased())
    var members: [String: StrictJSONValue] = [
      "id": .string(id), "object": .string("chat.completion"),
      "created": .number(interpreter.created ?? exchange.startedAt.timeIntervalSince1970.rounded()),
      "model": .string(interpreter.model ?? exchange.model),
      "choices": .array([
        .object([
          "index": .number(0),
          "message": .object(["role": .string("assistant"), "content": .string(interpreter.text)]),
          "finish_reason": interpreter.finishReason.map(StrictJSONValue.string) ?? .null,
        ])
      ]),
    ]
    if interpreter.promptTokens != nil || interpreter.completionTokens != nil {
      let prompt = interpreter.promptTokens ?? 0
      let completion = interpreter.completionTokens ?? 0
      members["usage"] = .object([
        "prompt_tokens": .number(Double(prompt)),
        "completion_tokens": .number(Double(completion)),
        "total_tokens": .number(Double(prompt + completion)),
      ])
    }
    return .json(status: 200, Array(JSONText.serialize(.object(members)).utf8), headers: headers)
  }
}
