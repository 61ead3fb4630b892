import Foundation
import Testing

@testable import HTTPServer
@testable import TestSupport

/// The client whose connections live on the event loops (decision 208), over real sockets:
/// a route on the loop sends a request upstream and answers with what came back.
@Suite struct LoopHTTPClientTests {
  static func request(
    head: Double = 5, idle: Double? = 5, total: Double? = nil
  ) -> UpstreamRequest {
    UpstreamRequest(
      method: "POST", target: "/v1/chat/completions?x=1",
      fields: [(name: "Accept", value: "text/event-stream"), (name: "X-Bad", value: "a\r\nb")],
      body: Data(#"{"stream":true}"#.utf8), headSeconds: head, idleSeconds: idle,
      totalSeconds: total)
  }

  /// The status and the whole body, or the error that ended the exchange.
  @Sendable static func readAll(_ exchange: UpstreamExchange) async -> String {
    do {
      let head = try await exchange.head()
      var body = Data()
      while let batch = try await exchange.nextBatch() { for chunk in batch { body.append(chunk) } }
      return "\(head.status) \(String(decoding: body, as: UTF8.self))"
    } catch {
      return "error: \(error)"
    }
  }

  /// Serves `GET /relay` on one event loop (the route on the loop) and `GET /pool` (on the
  /// shared pool), both sending `request` with `client` and answering with what `read`
  /// made of the exchange (read on the pool with `readOffTheLoop`), and `GET /wait` (half a
  /// second's pause); then asks each path of `paths` in turn and returns the answers.
  static func answers(
    _ paths: [String], client: LoopHTTPClient, request: UpstreamRequest = request(),
    readOffTheLoop: Bool = false,
    read: @escaping @Sendable (UpstreamExchange) async -> String = readAll
  ) async throws -> [String] {
    var router = HTTPRouter()
    let handler: HTTPRouter.Handler = { _, _ in
      guard let exchange = client.start(request) else { return .text("off the loop") }
      // As the proxy's relay does: the body is read by a task on the shared pool.
      guard readOffTheLoop else { return .text(await read(exchange)) }
      return .text(await Task.detached { await read(exchange) }.value)
    }
    router.add(.get, "/relay", onEventLoop: true, handler: handler)
    router.add(.get, "/pool", handler: handler)
    router.add(.get, "/wait") { _, _ in
      try? await Task.sleep(for: .milliseconds(500))
      return .text("waited")
    }
    let server = HTTPServer(
      configuration: HTTPServerConfiguration(eventLoopCount: 1), router: router)
    let port = try server.start()
    defer { Task { await server.shutdown(deadline: .milliseconds(100)) } }
    return try await HTTPServerTests.offThePool {
      let socket = try SocketClient(port: port)
      return try paths.map { path in
        try socket.send("GET \(path) HTTP/1.1\r\nHost: a\r\n\r\n")
        return try socket.readResponse().text
      }
    }
  }

  static func client(
    _ port: Int, limits: UpstreamLimits = UpstreamLimits()
  ) throws
    -> LoopHTTPClient
  {
    try #require(LoopHTTPClient(host: "127.0.0.1", port: port, limits: limits))
  }

  @Test func onlyNumericAddressesAndLocalhostAreTaken() {
    #expect(LoopHTTPClient(host: "127.0.0.1", port: 80) != nil)
    #expect(LoopHTTPClient(host: "localhost", port: 8080)?.origin.description == "localhost:8080")
    #expect(LoopHTTPClient(host: "::1", port: 80)?.origin.description == "[::1]:80")
    #expect(LoopHTTPClient(host: "[::1]", port: 80) != nil)
    #expect(LoopHTTPClient(host: "api.example.com", port: 80) == nil)
    #expect(LoopHTTPClient(host: "127.0.0.1", port: 0) == nil)
    #expect(LoopHTTPClient(host: "127.0.0.1", port: 70_000) == nil)
  }

  @Test(arguments: [false, true])
  func repliesComeThroughOverOneKeptConnection(readOffTheLoop: Bool) async throws {
    let upstream = try LoopbackHTTPServer()
    defer { upstream.stop() }
    for index in 1...3 {
      upstream.enqueue(
        .eventStream([
          .text("data: \(index)\n\n"), .delay(.milliseconds(5)), .text("data: end\n\n"),
        ]),
        method: .post, path: "/v1/chat/completions")
    }
    let answers = try await Self.answers(
      ["/relay", "/relay", "/relay"], client: try Self.client(upstream.port),
      readOffTheLoop: readOffTheLoop)
    #expect(answers == (1...3).map { "200 data: \($0)\n\ndata: end\n\n" })
    #expect(upstream.connectionCount == 1)
    let sent = try #require(upstream.requests.first)
    #expect(sent.method == "POST")
    #expect(sent.path == "/v1/chat/completions")
    #expect(sent.query == "x=1")
    #expect(sent.headers["Host"] == "127.0.0.1:\(upstream.port)")
    #expect(sent.headers["Accept"] == "text/event-stream")
    #expect(sent.headers["Content-Length"] == "15")
    // A field that would split the head is not sent.
    #expect(sent.headers["X-Bad"] == nil)
    #expect(sent.bodyText == #"{"stream":true}"#)
  }

  @Test func aResponseWithoutABodyEndsAtItsHeadAndKeepsTheConnection() async throws {
    let upstream = try LoopbackHTTPServer()
    defer { upstream.stop() }
    upstream.enqueue(.status(204), .json("", status: 200), .text("after"))
    let answers = try await Self.answers(
      ["/relay", "/relay", "/relay"], client: try Self.client(upstream.port))
    #expect(answers == ["204 ", "200 ", "200 after"])
    #expect(upstream.connectionCount == 1)
  }

  @Test func aRequestMadeOffTheLoopsIsNotTaken() async throws {
    let client = try Self.client(9)
    #expect(!LoopHTTPClient.isOnEventLoop)
    #expect(client.start(Self.request()) == nil)
    #expect(try await Self.answers(["/pool"], client: client) == ["off the loop"])
  }

  @Test func aRefusedConnectionFailsAsAConnectFailure() async throws {
    let closed = try ClosedLoopbackPort()
    let answers = try await Self.answers(["/relay"], client: try Self.client(closed.number))
    #expect(answers == ["error: \(UpstreamError.connect(ECONNREFUSED))"])
  }

  @Test func aSilentUpstreamTimesOutWaitingForTheHeadAndTheBody() async throws {
    let upstream = try LoopbackHTTPServer()
    defer { upstream.stop() }
    upstream.enqueue(.stall())
    upstream.enqueue(.eventStream([.text("data: 1\n\n"), .stall]))
    let client = try Self.client(upstream.port)
    let started = ContinuousClock.now
    let head = try await Self.answers(
      ["/relay"], client: client, request: Self.request(head: 0.3))
    #expect(head == ["error: timed out waiting for the response head"])
    let body = try await Self.answers(
      ["/relay"], client: client, request: Self.request(idle: 0.3))
    #expect(body == ["error: timed out waiting for the body"])
    #expect(ContinuousClock.now - started < .seconds(5))
    // Both connections were closed, not kept.
    try await upstream.waitUntilNoOpenConnections()
    #expect(upstream.connectionCount == 2)
  }

  @Test func theTotalLimitEndsAStreamThatNeverGoesSilent() async throws {
    let upstream = try LoopbackHTTPServer()
    defer { upstream.stop() }
    let ticks = (0..<100).flatMap { _ in
      [LoopbackResponse.Step.text("data: tick\n\n"), .delay(.milliseconds(50))]
    }
    upstream.enqueue(.eventStream(ticks))
    let answers = try await Self.answers(
      ["/relay"], client: try Self.client(upstream.port),
      request: Self.request(idle: 0.3, total: 0.6))
    #expect(answers == ["error: timed out waiting for the exchange"])
  }

  @Test func cancellingAnExchangeClosesItsConnectionAndEndsTheWait() async throws {
    let upstream = try LoopbackHTTPServer()
    defer { upstream.stop() }
    upstream.enqueue(.eventStream([.text("data: 1\n\n"), .stall]))
    let answers = try await Self.answers(["/relay"], client: try Self.client(upstream.port)) {
      exchange in
      do {
        _ = try await exchange.head()
        let first = try await exchange.nextBatch()
        exchange.cancel()
        _ = try await exchange.nextBatch()
        return "read on after \(first?.count ?? 0) chunks"
      } catch {
        return "\(error)"
      }
    }
    #expect(answers == ["cancelled"])
    let exchange = try await upstream.waitForExchange(0)
    #expect(exchange.outcome == .clientClosed)
  }

  @Test func aWaitingTaskCancelledEndsItsExchange() async throws {
    let upstream = try LoopbackHTTPServer()
    defer { upstream.stop() }
    upstream.enqueue(.stall())
    let answers = try await Self.answers(["/relay"], client: try Self.client(upstream.port)) {
      exchange in
      let waiter = Task { try await exchange.head() }
      try? await Task.sleep(for: .milliseconds(50))
      waiter.cancel()
      do {
        _ = try await waiter.value
        return "a head"
      } catch {
        return "\(error)"
      }
    }
    #expect(answers == ["cancelled"])
    #expect(try await upstream.waitForExchange(0).outcome == .clientClosed)
  }

  @Test func aKeptConnectionClosedBeforeAnsweringIsReplacedOnce() async throws {
    let reply = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
    // The first connection answers once, then closes on reading the second request; the
    // second connection answers it.
    let upstream = try RawUpstream([
      [.readRequest, .write(reply), .readRequest, .close],
      [.readRequest, .write(reply)],
    ])
    let answers = try await Self.answers(
      ["/relay", "/relay"], client: try Self.client(upstream.port))
    #expect(answers == ["200 ok", "200 ok"])
    #expect(upstream.accepted == 2)
    #expect(upstream.requests.count == 3)
    #expect(upstream.finish() == [])
  }

  @Test func aKeptConnectionThatAnswersUnaskedIsNotUsedAgain() async throws {
    let reply = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
    let timeout = "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
    // The first connection answers, then times out as an idle server does: a 408 nobody
    // asked for, then the close. The next request must not take that 408 for its answer.
    let upstream = try RawUpstream([
      [.readRequest, .write(reply), .pause(.milliseconds(200)), .write(timeout), .close],
      [.readRequest, .write(reply)],
    ])
    let answers = try await Self.answers(
      ["/relay", "/wait", "/relay"], client: try Self.client(upstream.port))
    #expect(answers == ["200 ok", "waited", "200 ok"])
    #expect(upstream.accepted == 2)
    #expect(upstream.finish() == [])
  }

  @Test func aNewConnectionClosedBeforeAnsweringFailsWithoutASecondTry() async throws {
    let upstream = try RawUpstream([[.readRequest, .close]])
    let answers = try await Self.answers(["/relay"], client: try Self.client(upstream.port))
    #expect(answers == ["error: the connection was lost"])
    #expect(upstream.accepted == 1)
    #expect(upstream.finish() == [])
  }

  @Test func aMalformedResponseOrOneCutShortFailsTheExchange() async throws {
    let upstream = try RawUpstream([
      [.readRequest, .write("HTTP/1.1 200 OK\r\nContent-Length: x\r\n\r\n")],
      [.readRequest, .write("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort"), .close],
    ])
    let client = try Self.client(upstream.port)
    let malformed = try await Self.answers(["/relay"], client: client)
    #expect(malformed.first?.hasPrefix("error: malformed upstream response") == true)
    let cut = try await Self.answers(["/relay"], client: client)
    #expect(cut == ["error: malformed upstream response: the connection closed inside the body"])
    #expect(upstream.finish() == [])
  }

  /// Reads the whole body, pausing `pause` after the first batch and again halfway, and
  /// says whether the upstream was held back meanwhile, what was read and how the flow went.
  static func readSlowly(
    _ exchange: UpstreamExchange, upstream: LoopbackHTTPServer, size: Int, pause: Duration
  ) async -> String {
    do {
      _ = try await exchange.head()
      var total = 0
      var stalled: [Bool] = []
      var pausedAt = [1, size / 2]
      while let batch = try await exchange.nextBatch() {
        total += batch.reduce(0) { $0 + $1.count }
        if let next = pausedAt.first, total >= next {
          pausedAt.removeFirst()
          // While nothing is read, the upstream cannot send it all: the loop stopped reading.
          try await Task.sleep(for: pause)
          stalled.append(upstream.exchanges.isEmpty)
        }
      }
      let (pauses, peak) = exchange.flowStatistics
      return "stalled \(stalled), read \(total), paused \(pauses > 1), peak \(peak)"
    } catch {
      return "\(error)"
    }
  }

  @Test(arguments: [false, true])
  func aBodyIsReadNoFurtherAheadOfItsReaderThanItsBoundPauseAfterPause(
    readOffTheLoop: Bool
  ) async throws {
    let upstream = try LoopbackHTTPServer()
    defer { upstream.stop() }
    let size = 48 << 20
    upstream.enqueue(.generated(byteCount: size, chunked: true))
    var limits = UpstreamLimits()
    limits.bufferedBytes = 256 << 10
    let answers = try await Self.answers(
      ["/relay"], client: try Self.client(upstream.port, limits: limits),
      readOffTheLoop: readOffTheLoop
    ) { exchange in
      await Self.readSlowly(exchange, upstream: upstream, size: size, pause: .milliseconds(300))
    }
    let answer = try #require(answers.first)
    #expect(answer.hasPrefix("stalled [true, true], read \(size), paused true, peak "))
    // Past the bound by at most one network read (64 KiB).
    let peak = try #require(Int(answer.split(separator: " ").last ?? ""))
    #expect(peak <= limits.bufferedBytes + 64 << 10)
    #expect(try await upstream.waitForExchange(0).outcome == .completed)
  }

  @Test func aReaderHoldingTheUpstreamBackLongerThanTheIdleLimitIsNoTimeout() async throws {
    let upstream = try LoopbackHTTPServer()
    defer { upstream.stop() }
    let size = 16 << 20
    upstream.enqueue(.generated(byteCount: size, chunked: true))
    var limits = UpstreamLimits()
    limits.bufferedBytes = 64 << 10
    let answers = try await Self.answers(
      ["/relay"], client: try Self.client(upstream.port, limits: limits),
      request: Self.request(idle: 0.3), readOffTheLoop: true
    ) { exchange in
      await Self.readSlowly(exchange, upstream: upstream, size: size, pause: .milliseconds(900))
    }
    #expect(answers.first?.hasPrefix("stalled [true, true], read \(size), paused true") == true)
  }

  @Test func whatArrivedBeforeAFaultIsReadBeforeTheFault() async throws {
    let upstream = try RawUpstream([
      [
        .readRequest,
        .write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\nZZ\r\n"),
      ]
    ])
    let answers = try await Self.answers(
      ["/relay"], client: try Self.client(upstream.port), readOffTheLoop: true
    ) { exchange in
      var body = Data()
      do {
        _ = try await exchange.head()
        while let batch = try await exchange.nextBatch() {
          for chunk in batch { body.append(chunk) }
        }
        return "ended after \(String(decoding: body, as: UTF8.self))"
      } catch {
        return "\(String(decoding: body, as: UTF8.self)), then \(error)"
      }
    }
    #expect(answers == ["hello, then malformed upstream response: a bad chunk-size line"])
    #expect(upstream.finish() == [])
  }

  @Test func aResetIsNoEndOfABodyThatRunsUntilTheClose() async throws {
    let upstream = try RawUpstream([
      [.readRequest, .write("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\npartial"), .reset]
    ])
    let answers = try await Self.answers(["/relay"], client: try Self.client(upstream.port))
    #expect(answers == ["error: the connection was lost"])
    #expect(upstream.finish() == [])
  }

  @Test func anAnswerThatEndsTheConnectionStillEndsItsExchange() async throws {
    // `Connection: close`, HTTP/1.0, and bytes after the end: whole answers all, on
    // connections that are not kept (each request takes a new one).
    let upstream = try RawUpstream([
      [
        .readRequest, .write("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok"),
      ],
      [.readRequest, .write("HTTP/1.0 200 OK\r\nContent-Length: 3\r\n\r\nold")],
      [.readRequest, .write("HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nmoreXX")],
    ])
    let answers = try await Self.answers(
      ["/relay", "/relay", "/relay"], client: try Self.client(upstream.port))
    #expect(answers == ["200 ok", "200 old", "200 more"])
    #expect(upstream.accepted == 3)
    #expect(upstream.finish() == [])
  }

  @Test func aKeptConnectionThatSentOnlyALineEndBeforeClosingIsReplaced() async throws {
    let reply = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
    let upstream = try RawUpstream([
      [.readRequest, .write(reply), .readRequest, .write("\r\n"), .close],
      [.readRequest, .write(reply)],
    ])
    let answers = try await Self.answers(
      ["/relay", "/relay"], client: try Self.client(upstream.port))
    #expect(answers == ["200 ok", "200 ok"])
    #expect(upstream.finish() == [])
  }

  @Test func aResetFirstSeenBySendingIsNoEndOfTheAnswer() async throws {
    // The upstream answers before reading a large request, then resets while the client is
    // still sending it: `send` reports the reset, and a read afterwards sees only an end.
    let upstream = try RawUpstream([
      [.readHead, .write("HTTP/1.1 200 OK\r\n\r\npartial"), .pause(.milliseconds(200)), .reset]
    ])
    var request = Self.request()
    request.body = Data(repeating: UInt8(ascii: "x"), count: 32 << 20)
    let answers = try await Self.answers(
      ["/relay"], client: try Self.client(upstream.port), request: request)
    #expect(answers == ["error: the connection was lost"])
    #expect(upstream.finish() == [])
  }

  @Test func aCloseEndsABodyThatRunsUntilTheClose() async throws {
    let upstream = try RawUpstream([
      [.readRequest, .write("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nwhole"), .close]
    ])
    let answers = try await Self.answers(["/relay"], client: try Self.client(upstream.port))
    #expect(answers == ["200 whole"])
    #expect(upstream.finish() == [])
  }

  @Test func localhostIsTriedOnItsIPv6AddressWhenItsIPv4OneRefuses() async throws {
    let upstream = try RawUpstream(
      [[.readRequest, .write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nv6")]], ipv6: true)
    let client = try #require(LoopHTTPClient(host: "localhost", port: upstream.port))
    let answers = try await Self.answers(["/relay"], client: client)
    #expect(answers == ["200 v6"])
    #expect(upstream.requests.first?.contains("Host: localhost:\(upstream.port)\r\n") == true)
    #expect(upstream.finish() == [])
  }

  @Test func aLoopThatStopsCancelsTheExchangesItStillReads() async throws {
    let upstream = try LoopbackHTTPServer()
    defer { upstream.stop() }
    upstream.enqueue(.stall())
    let client = try Self.client(upstream.port)
    let outcome = HTTPServerStreamingTests.Shared<String?>(nil)
    var router = HTTPRouter()
    router.add(.get, "/relay", onEventLoop: true) { _, _ in
      guard let exchange = client.start(Self.request(head: 30)) else { return .text("off") }
      let answer = await Self.readAll(exchange)
      outcome.set(answer)
      return .text(answer)
    }
    let server = HTTPServer(
      configuration: HTTPServerConfiguration(eventLoopCount: 1), router: router)
    let port = try server.start()
    let socket = try SocketClient(port: port)
    try socket.send("GET /relay HTTP/1.1\r\nHost: a\r\n\r\n")
    _ = try await upstream.waitForRequests(1)
    await server.shutdown(deadline: .milliseconds(100))
    for _ in 0..<200 where outcome.get() == nil { try await Task.sleep(for: .milliseconds(10)) }
    // Cancelled, not lost: a lost connection would be sent again elsewhere.
    #expect(outcome.get() == "error: cancelled")
    #expect(try await upstream.waitForExchange(0).outcome == .clientClosed)
  }
}
