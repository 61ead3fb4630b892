import Foundation
import Glibc
import HTTPServer
import Synchronization
import Testing

/// Synchronous routes answered on the event loop itself, over real sockets: no task, the
/// same middleware, and answers still in request order next to answers from tasks.
@Suite struct HTTPServerInlineAnswerTests {
  typealias Shared = HTTPServerStreamingTests.Shared

  /// A middleware that can only run asynchronously: it marks the answer.
  struct AsynchronousOnly: HTTPMiddleware {
    func respond(
      to request: HTTPServerRequest, route: HTTPRouteMatch, next: HTTPMiddlewareNext
    ) async -> HTTPServerResponse {
      var response = await next(request)
      response.fields.append(name: "X-Async-Middleware", value: "yes")
      return response
    }
  }

  /// Whether the calling code runs inside a Swift task.
  static func insideATask() -> Bool { withUnsafeCurrentTask { $0 != nil } }

  static func withServer(
    _ router: HTTPRouter,
    configuration: HTTPServerConfiguration = HTTPServerConfiguration(eventLoopCount: 2),
    _ body: @Sendable (Int) throws -> Void
  ) async throws {
    let server = HTTPServer(configuration: configuration, router: router)
    let port = try server.start()
    do {
      try await HTTPServerTests.offThePool { try body(port) }
    } catch {
      await server.shutdown(deadline: .milliseconds(100))
      throw error
    }
    await server.shutdown(deadline: .milliseconds(100))
  }

  @Test func answersASynchronousRouteOnTheEventLoopOutsideAnyTask() async throws {
    let sawTask = Shared<[Bool]>([])
    let sink = RecordingSink()
    var router = HTTPRouter()
    router.use(RequestIDMiddleware(makeIdentifier: ObservationFixtures.sequentialIdentifiers()))
    router.use(ObservationMiddleware(clock: .live, observers: [sink]))
    router.add(
      .get, "/health",
      synchronousHandler: { request, _ in
        sawTask.update { $0.append(Self.insideATask()) }
        return .text("ok \(request.requestID ?? "none")")
      })
    try await Self.withServer(router) { port in
      let client = try SocketClient(port: port)
      for _ in 0..<3 {
        try client.send("GET /health HTTP/1.1\r\nHost: a\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.text == "ok \(response.field("X-Request-ID") ?? "missing")")
      }
    }
    #expect(sawTask.get() == [false, false, false])
    #expect(sink.records.map(\.route) == ["/health", "/health", "/health"])
    #expect(sink.records.allSatisfy { $0.requestID != nil && $0.status == 200 })
  }

  @Test func writesTheAccessLogLinesOfInlineAnswersWholeAndInOrder() async throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let log = AccessLog(sink: FileDescriptorAccessLogSink(descriptor: ends[1]))
    var router = HTTPRouter()
    router.use(RequestIDMiddleware(makeIdentifier: ObservationFixtures.sequentialIdentifiers()))
    router.use(ObservationMiddleware(clock: .live, observers: [log]))
    router.add(.get, "/health", synchronousHandler: { _, _ in .text("ok") })
    let identifiers = Shared<[String]>([])
    try await Self.withServer(router) { port in
      let client = try SocketClient(port: port)
      // Twenty pipelined in one write: the loop answers them in one wake-up.
      try client.send(String(repeating: "GET /health HTTP/1.1\r\nHost: a\r\n\r\n", count: 20))
      for _ in 0..<20 {
        let response = try client.readResponse()
        identifiers.update { $0.append(response.field("X-Request-ID") ?? "missing") }
      }
    }
    // The server has stopped, so every loop has written what it held.
    close(ends[1])
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while case let count = read(ends[0], &buffer, buffer.count), count > 0 {
      received += buffer[..<count]
    }
    let lines = String(decoding: received, as: UTF8.self).split(separator: "\n")
    #expect(lines.count == 20)
    #expect(identifiers.get().count == 20)
    for (line, identifier) in zip(lines, identifiers.get()) {
      #expect(line.hasPrefix("{\"time\":"))
      #expect(line.contains("\"request_id\":\"\(identifier)\",\"method\":\"GET\""))
      #expect(line.hasSuffix(",\"completed\":true}"))
    }
  }

  @Test func runsASynchronousRouteOnATaskWhenAMiddlewareCannotRunSynchronously() async throws {
    let sawTask = Shared<[Bool]>([])
    var router = HTTPRouter()
    router.use(AsynchronousOnly())
    router.add(
      .get, "/health",
      synchronousHandler: { _, _ in
        sawTask.update { $0.append(Self.insideATask()) }
        return .text("ok")
      })
    try await Self.withServer(router) { port in
      let client = try SocketClient(port: port)
      try client.send(
        "GET /health HTTP/1.1\r\nHost: a\r\n\r\nGET /nowhere HTTP/1.1\r\nHost: a\r\n\r\n")
      let health = try client.readResponse()
      #expect(health.text == "ok")
      #expect(health.field("X-Async-Middleware") == "yes")
      let missing = try client.readResponse()
      #expect(missing.status == 404)
      #expect(missing.field("X-Async-Middleware") == "yes")
    }
    #expect(sawTask.get() == [true])
  }

  @Test func keepsPipelinedAnswersInOrderWhenInlineAnswersFollowAnAnswerFromATask()
    async throws
  {
    let (gate, open) = AsyncStream.makeStream(of: Void.self)
    let started = Shared(false)
    var router = HTTPRouter()
    router.add(.get, "/slow") { _, _ in
      started.set(true)
      for await _ in gate { break }
      return .text("slow")
    }
    router.add(.get, "/fast", synchronousHandler: { _, _ in .text("fast") })
    router.add(.post, "/fast", synchronousHandler: { _, _ in .text("posted") })
    try await Self.withServer(router) { port in
      let client = try SocketClient(port: port)
      try client.send(
        [
          "GET /fast", "GET /slow", "GET /fast", "GET /missing", "DELETE /fast", "GET /fast",
        ].map { "\($0) HTTP/1.1\r\nHost: a\r\n\r\n" }.joined())
      // The first inline answer may leave at once; the rest wait behind the slow one.
      #expect(try client.readResponse().text == "fast")
      #expect(HTTPServerStreamingTests.eventually { started.get() })
      open.yield()
      var answers: [String] = []
      for _ in 0..<5 {
        let response = try client.readResponse()
        answers.append("\(response.status) \(response.text)")
      }
      #expect(
        answers == [
          "200 slow", "200 fast", "404 404 Not Found\n", "405 405 Method Not Allowed\n",
          "200 fast",
        ])
    }
  }

  @Test func answersThousandsOfPipelinedInlineRequestsInOrderAndThenCloses() async throws {
    var router = HTTPRouter()
    router.add(
      .get, "/n",
      synchronousHandler: { _, parameters in .text(parameters.queryValue("i") ?? "-") })
    let count = 3000
    try await Self.withServer(router) { port in
      let client = try SocketClient(port: port)
      let requests = (0..<count).map { "GET /n?i=\($0) HTTP/1.1\r\nHost: a\r\n\r\n" }.joined()
      try client.send(requests + "GET /n?i=last HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
      var outOfOrder = 0
      for index in 0..<count where try client.readResponse().text != "\(index)" {
        outOfOrder += 1
      }
      let last = try client.readResponse()
      #expect(outOfOrder == 0)
      #expect(last.text == "last")
      #expect(last.field("Connection") == "close")
      #expect(try client.isClosedByServer())
    }
  }

  @Test func answersEveryPipelinedInlineRequestWhenTheQueueIsFullAndTheClientHalfCloses()
    async throws
  {
    var router = HTTPRouter()
    router.add(.get, "/:n", synchronousHandler: { _, parameters in .text(parameters["n"] ?? "-") })
    let configuration = HTTPServerConfiguration(eventLoopCount: 1, maxPipelinedRequests: 2)
    try await Self.withServer(router, configuration: configuration) { port in
      let client = try SocketClient(port: port)
      try client.send((1...20).map { "GET /\($0) HTTP/1.1\r\nHost: a\r\n\r\n" }.joined())
      shutdown(client.descriptor, Int32(SHUT_WR))
      var answers: [String] = []
      for _ in 1...20 { answers.append(try client.readResponse().text) }
      #expect(answers == (1...20).map { "\($0)" })
      #expect(try client.isClosedByServer())
    }
  }

  @Test func spreadsConnectionsEvenlyAcrossTheEventLoops() async throws {
    // An inline answer runs on the thread of the loop that owns the connection.
    let threads = Shared<[UInt: Int]>([:])
    var router = HTTPRouter()
    router.add(
      .get, "/where",
      synchronousHandler: { _, _ in
        threads.update { $0[UInt(pthread_self()), default: 0] += 1 }
        return .text("here")
      })
    try await Self.withServer(router) { port in
      // Opened in one burst, as a load balancer or a benchmark opens them.
      let clients = try (0..<8).map { _ in try SocketClient(port: port) }
      for client in clients { try client.send("GET /where HTTP/1.1\r\nHost: a\r\n\r\n") }
      for client in clients { #expect(try client.readResponse().text == "here") }
    }
    #expect(threads.get().values.sorted() == [4, 4])
  }

  @Test func answersHeadOnASynchronousRouteWithoutItsBody() async throws {
    var router = HTTPRouter()
    router.add(.get, "/health", synchronousHandler: { _, _ in .text("ok\n") })
    try await Self.withServer(router) { port in
      let client = try SocketClient(port: port)
      try client.send(
        "HEAD /health HTTP/1.1\r\nHost: a\r\n\r\nGET /health HTTP/1.1\r\nHost: a\r\n\r\n")
      let head = try client.readResponse(head: true)
      #expect(head.field("Content-Length") == "3")
      #expect(head.body.isEmpty)
      #expect(try client.readResponse().text == "ok\n")
    }
  }
}
