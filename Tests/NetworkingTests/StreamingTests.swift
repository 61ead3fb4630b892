import Core
import Foundation
import Networking
import TestSupport
import Testing

@Suite struct StreamingTests {
  @Test func theHeadArrivesBeforeAnyBodyIsSent() async throws {
    let server = try makeServer()
    defer { server.stop() }
    let gate = LoopbackGate("first chunk")
    server.route(
      .post, "/chat",
      .eventStream([.gate(gate), .text("data: hi\n\n")]).header("X-Request-ID", "s1"))
    let response = try await makeClient(server).stream(HTTPRequest(path: "/chat", method: .post))
    // stream(_:) returned while the server is still held before the first chunk.
    #expect(!gate.isOpen)
    #expect(response.statusCode == 200)
    #expect(response.headers["content-type"] == "text/event-stream")
    #expect(response.requestID == "s1")
    gate.open()
    #expect(try await response.body.collect().text == "data: hi\n\n")
  }

  @Test func eachChunkIsDeliveredBeforeTheNextIsSent() async throws {
    let server = try makeServer()
    defer { server.stop() }
    let gates = (1...3).map { LoopbackGate("chunk \($0 + 1)") }
    server.route(
      .get, "/events",
      .eventStream([
        .text("data: 1\n\n"), .gate(gates[0]), .text("data: 2\n\n"), .gate(gates[1]),
        .text("data: 3\n\n"), .gate(gates[2]), .text("data: 4\n\n"),
      ]))
    let response = try await makeClient(server).stream(HTTPRequest(path: "/events"))
    var received: [String] = []
    var iterator = response.body.makeAsyncIterator()
    while let chunk = try await iterator.next() {
      received.append(chunk.text)
      // The server is parked at the gate after this chunk: nothing later has been sent.
      if let gate = gates.first(where: { !$0.isOpen }) {
        #expect(received.count == gates.firstIndex { $0 === gate }.map { $0 + 1 })
        gate.open()
      }
    }
    #expect(received == ["data: 1\n\n", "data: 2\n\n", "data: 3\n\n", "data: 4\n\n"])
  }

  @Test func anErrorStatusCollectsTheBodyAndIsNeverSentTwice() async throws {
    let server = try makeServer()
    defer { server.stop() }
    let body = #"{"error":{"code":"free_quota_exhausted","message":"No free messages left"}}"#
    server.route(.post, "/chat", .json(body, status: 429).header("Retry-After", "30"))
    let client = makeClient(
      server, interceptors: [RetryInterceptor(policy: RetryPolicy(random: .constant(0.5)))])
    let error = try await #require(throws: HTTPError.self) {
      try await client.stream(HTTPRequest(path: "/chat", method: .post))
    }
    #expect(error.body == Data(body.utf8))
    #expect(error.serverError?.code == "free_quota_exhausted")
    #expect(error.retryAfter == 30)
    #expect(error.appError == .rateLimited(retryAfter: 30))
    #expect(server.requests.count == 1)
  }

  @Test func anErrorBodySentInChunksIsCollectedWhole() async throws {
    let server = try makeServer()
    defer { server.stop() }
    let gate = LoopbackGate()
    server.route(
      .get, "/chunked-error",
      .chunked([.text(#"{"message":"#), .gate(gate), .text(#""bad things"}"#)], status: 500))
    let task = Task { try await makeClient(server).stream(HTTPRequest(path: "/chunked-error")) }
    try await gate.waitUntilReached()
    gate.open()
    let error = try await #require(throws: HTTPError.self) { try await task.value }
    #expect(error.serverError?.message == "bad things")
  }

  @Test func breakingOutOfTheLoopStopsTheTransferOnTheServer() async throws {
    let server = try makeServer()
    defer { server.stop() }
    let gate = LoopbackGate()
    server.route(.get, "/endless", .eventStream([.text("first"), .gate(gate), .text("never")]))
    let response = try await makeClient(server).stream(HTTPRequest(path: "/endless"))
    var received: [String] = []
    for try await chunk in response.body {
      received.append(chunk.text)
      break
    }
    #expect(received == ["first"])
    let exchange = try await server.waitForExchange(0)
    #expect(exchange.outcome == .clientClosed)
    #expect(exchange.bodyBytesSent == 5)
    #expect(!gate.isOpen)
  }

  @Test func aConsumerSlowerThanTheServerStillGetsEveryByteInOrder() async throws {
    let server = try makeServer()
    defer { server.stop() }
    let pattern = Data((0..<251).map { UInt8($0) })
    let total = 3 << 20
    server.route(.get, "/big", .generated(byteCount: total, pattern: pattern, chunkSize: 8 * 1024))
    let response = try await makeClient(server).stream(HTTPRequest(path: "/big"))
    var offset = 0
    var mismatches = 0
    for try await chunk in response.body {
      for byte in chunk {
        if byte != pattern[offset % pattern.count] { mismatches += 1 }
        offset += 1
      }
      await Task.yield()
    }
    #expect(offset == total)
    #expect(mismatches == 0)
    let exchange = try await server.waitForExchange(0)
    #expect(exchange.outcome == .completed)
    #expect(exchange.bodyBytesSent == total)
    // Sent once: nothing was paused and re-sent behind the consumer's back.
    #expect(server.requests.count == 1)
  }

  @Test func cancellingTheConsumingTaskStopsTheTransfer() async throws {
    let server = try makeServer()
    defer { server.stop() }
    let gate = LoopbackGate()
    server.route(.get, "/stream", .eventStream([.text("a"), .gate(gate), .text("b")]))
    let client = makeClient(server)
    let firstChunk = LoopbackGate("first chunk seen")
    let task = Task {
      let response = try await client.stream(HTTPRequest(path: "/stream"))
      var chunks: [String] = []
      for try await chunk in response.body {
        chunks.append(chunk.text)
        firstChunk.open()
      }
      return chunks
    }
    try await gate.waitUntilReached()
    while !firstChunk.isOpen { await Task.yield() }
    task.cancel()
    let exchange = try await server.waitForExchange(0)
    #expect(exchange.outcome == .clientClosed)
    let result = await task.result
    #expect(throws: (any Error).self) { try result.get() }
  }

  @Test func droppingTheResponseUnreadStopsTheTransfer() async throws {
    let server = try makeServer()
    defer { server.stop() }
    let gate = LoopbackGate()
    server.route(.get, "/ignored", .eventStream([.text("a"), .gate(gate), .text("b")]))
    do {
      let response = try await makeClient(server).stream(HTTPRequest(path: "/ignored"))
      #expect(response.statusCode == 200)
    }
    let exchange = try await server.waitForExchange(0)
    #expect(exchange.outcome == .clientClosed)
  }

  @Test func explicitCancelStopsTheTransferAndEndsIteration() async throws {
    let server = try makeServer()
    defer { server.stop() }
    let gate = LoopbackGate()
    server.route(.get, "/s", .eventStream([.text("a"), .gate(gate), .text("b")]))
    let response = try await makeClient(server).stream(HTTPRequest(path: "/s"))
    var iterator = response.body.makeAsyncIterator()
    #expect(try await iterator.next()?.text == "a")
    response.body.cancel()
    await #expect(throws: HTTPError.cancelled) { _ = try await iterator.next() }
    #expect(try await server.waitForExchange(0).outcome == .clientClosed)
  }

  @Test func aConnectionDroppedMidBodyEndsTheStreamWithConnectionLost() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.get, "/cut", .chunked([.text("partial"), .dropConnection]))
    let response = try await makeClient(server).stream(HTTPRequest(path: "/cut"))
    var received = Data()
    let error = try await #require(throws: HTTPError.self) {
      for try await chunk in response.body { received.append(chunk) }
    }
    #expect(received.text == "partial")
    #expect(
      error == .transport(code: URLErrorCode.networkConnectionLost, message: error.transportMessage)
    )
    #expect(error.appError.code == "network")
  }

  @Test func aFixedLengthBodyCutShortAlsoReportsConnectionLost() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(
      .get, "/short",
      LoopbackResponse(body: .streamed(contentLength: 100, [.text("only ten b"), .dropConnection])))
    let response = try await makeClient(server).stream(HTTPRequest(path: "/short"))
    let error = try await #require(throws: HTTPError.self) { _ = try await response.body.collect() }
    guard case .transport(let code, _) = error else {
      Issue.record("expected a transport failure, got \(error)")
      return
    }
    #expect(code == URLErrorCode.networkConnectionLost)
  }

  @Test func manyStreamsCanRunAtOnce() async throws {
    let server = try makeServer()
    defer { server.stop() }
    let gate = LoopbackGate()
    server.route(.get, "/s") { request in
      .eventStream([.text("start-\(request.index)"), .gate(gate), .text("-end")])
    }
    let client = makeClient(server)
    let count = 8
    let responses = try await withThrowingTaskGroup(of: HTTPStreamResponse.self) { group in
      for _ in 0..<count { group.addTask { try await client.stream(HTTPRequest(path: "/s")) } }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    // Every stream holds its own connection open at the same time.
    #expect(server.openConnectionCount == count)
    gate.open()
    for response in responses {
      let text = try await response.body.collect().text
      #expect(text.hasPrefix("start-") && text.hasSuffix("-end"))
    }
  }
}

extension HTTPError {
  /// The message of a transport failure, so tests can compare the code alone.
  var transportMessage: String {
    if case .transport(_, let message) = self { return message }
    return ""
  }
}
