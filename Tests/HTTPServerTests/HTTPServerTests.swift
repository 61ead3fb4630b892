import Core
import Foundation
import Glibc
import HTTPServer
import Synchronization
import Testing

/// The server over real loopback sockets: persistence, pipelining, 100-continue, chunked
/// uploads, limits and timeouts. Server timeouts are short; the client waits generously.
@Suite struct HTTPServerTests {
  static func echo(_ request: HTTPServerRequest) async -> HTTPServerResponse {
    HTTPServerResponse(
      status: .ok, fields: HTTPFields([("X-Path", request.head.path)]), body: request.body)
  }

  static func withServer(
    _ configuration: HTTPServerConfiguration = HTTPServerConfiguration(eventLoopCount: 2),
    responder: @escaping HTTPResponder = echo,
    _ body: @Sendable (HTTPServer, Int) throws -> Void
  ) async throws {
    let server = HTTPServer(configuration: configuration, responder: responder)
    let port = try server.start()
    do {
      try await offThePool { try body(server, port) }
    } catch {
      await server.shutdown(deadline: .milliseconds(100))
      throw error
    }
    await server.shutdown(deadline: .milliseconds(100))
  }

  /// Runs blocking client code on a thread of its own: blocking Swift's cooperative pool
  /// (one thread per core, which Dispatch's global queues share on Linux) would starve the
  /// responders the server runs there. It stays in the test's task, so `#expect` inside
  /// is attributed to the test.
  static func offThePool<T: Sendable>(_ work: @Sendable () throws -> T) async throws -> T {
    try await withTaskExecutorPreference(BlockingThreadExecutor()) { try work() }
  }

  @Test func keepsTheConnectionAliveAcrossRequests() async throws {
    try await Self.withServer { _, port in
      let client = try SocketClient(port: port)
      for path in ["/one", "/two", "/three"] {
        try client.send("POST \(path) HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\nhi")
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.field("X-Path") == path)
        #expect(response.text == "hi")
        #expect(response.field("Connection") == nil)
        #expect(response.field("Date")?.hasSuffix(" GMT") == true)
      }
    }
  }

  @Test func answersPipelinedRequestsInOrder() async throws {
    try await Self.withServer { _, port in
      let client = try SocketClient(port: port)
      let requests = (1...5).map { "GET /\($0) HTTP/1.1\r\nHost: a\r\n\r\n" }.joined()
      try client.send(requests + "GET /last HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
      var paths: [String?] = []
      for _ in 0..<6 { paths.append(try client.readResponse().field("X-Path")) }
      #expect(paths == ["/1", "/2", "/3", "/4", "/5", "/last"])
      #expect(try client.isClosedByServer())
    }
  }

  @Test func answersEveryPipelinedRequestWhenTheQueueIsFullAndTheClientHalfCloses()
    async throws
  {
    let configuration = HTTPServerConfiguration(eventLoopCount: 1, maxPipelinedRequests: 2)
    try await Self.withServer(configuration) { _, port in
      let client = try SocketClient(port: port)
      try client.send((1...20).map { "GET /\($0) HTTP/1.1\r\nHost: a\r\n\r\n" }.joined())
      shutdown(client.descriptor, Int32(SHUT_WR))
      var paths: [String?] = []
      for _ in 1...20 { paths.append(try client.readResponse().field("X-Path")) }
      #expect(paths == (1...20).map { "/\($0)" })
      #expect(try client.isClosedByServer())
    }
  }

  @Test func sends100ContinueBeforeTheBody() async throws {
    try await Self.withServer { _, port in
      let client = try SocketClient(port: port)
      try client.send(
        "PUT /up HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n")
      let interim = try client.readResponse()
      #expect(interim.status == 100)
      try client.send("hello")
      let final = try client.readResponse()
      #expect(final.status == 200)
      #expect(final.text == "hello")
    }
  }

  @Test func readsAChunkedUploadSentInPieces() async throws {
    try await Self.withServer { _, port in
      let client = try SocketClient(port: port)
      try client.send("POST /c HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n")
      try client.send("4;ext=1\r\nKiln\r\n")
      try client.send("1\r\n \r\n6\r\nserver\r\n0\r\nX-Trailer: t\r\n\r\n")
      let response = try client.readResponse()
      #expect(response.text == "Kiln server")
    }
  }

  @Test func answersHeadWithoutABodyAndHTTP10WithClose() async throws {
    try await Self.withServer(responder: { _ in .text("twelve bytes") }) { _, port in
      let client = try SocketClient(port: port)
      try client.send("HEAD / HTTP/1.1\r\nHost: a\r\n\r\n")
      let head = try client.readResponse(head: true)
      #expect(head.field("Content-Length") == "12")
      try client.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
      #expect(try client.readResponse().text == "twelve bytes")
      let old = try SocketClient(port: port)
      try old.send("GET / HTTP/1.0\r\n\r\n")
      let response = try old.readResponse()
      #expect(response.field("Connection") == "close")
      #expect(try old.isClosedByServer())
    }
  }

  @Test func answersAMalformedRequestWithItsStatusAndCloses() async throws {
    try await Self.withServer { _, port in
      let cases = [
        (
          "GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n",
          400
        ),
        ("GET / HTTP/2.0\r\nHost: a\r\n\r\n", 505),
        ("GET / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: zip, chunked\r\n\r\n", 501),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999\r\n\r\n", 413),
      ]
      for (request, status) in cases {
        let client = try SocketClient(port: port)
        // The client keeps sending after the error: it must still read the answer.
        try client.send(request + String(repeating: "x", count: 100_000))
        let response = try client.readResponse()
        #expect(response.status == status)
        #expect(response.field("Connection") == "close")
        #expect(try client.isClosedByServer())
      }
    }
  }

  @Test func answersRequestsBeforeAMalformedOneFirst() async throws {
    try await Self.withServer { _, port in
      let client = try SocketClient(port: port)
      try client.send("GET /ok HTTP/1.1\r\nHost: a\r\n\r\nGET /bad HTTP/1.1\r\n\r\n")
      #expect(try client.readResponse().field("X-Path") == "/ok")
      #expect(try client.readResponse().status == 400)
      #expect(try client.isClosedByServer())
    }
  }

  @Test func closesAConnectionWhoseHeadIsTooSlow() async throws {
    let configuration = HTTPServerConfiguration(
      eventLoopCount: 1, headTimeout: .milliseconds(200))
    try await Self.withServer(configuration) { _, port in
      let client = try SocketClient(port: port)
      try client.send("GET / HTTP/1.1\r\nHo")
      let response = try client.readResponse()
      #expect(response.status == 408)
      #expect(try client.isClosedByServer())
      // Another connection is served meanwhile and afterwards.
      let other = try SocketClient(port: port)
      try other.send("GET /fine HTTP/1.1\r\nHost: a\r\n\r\n")
      #expect(try other.readResponse().status == 200)
    }
  }

  @Test func closesAClientThatDribblesItsHeadByteByByte() async throws {
    let configuration = HTTPServerConfiguration(
      eventLoopCount: 1, headTimeout: .milliseconds(300))
    try await Self.withServer(configuration) { _, port in
      let client = try SocketClient(port: port)
      let head = Array(
        ("GET / HTTP/1.1\r\nHost: a\r\n" + String(repeating: "X: y\r\n", count: 40)).utf8)
      // Each byte arrives well inside any per-read timeout; only the whole head is late.
      // The dribbler stops, and is waited for, before the client's descriptor closes: sent
      // by number after that, its bytes would land in whatever connection of another test
      // the number went to next.
      let descriptor = client.descriptor
      let stop = Mutex(false)
      let stopped = DispatchSemaphore(value: 0)
      let dribbler = Thread {
        defer { stopped.signal() }
        for var byte in head {
          guard !stop.withLock({ $0 }),
            Glibc.send(descriptor, &byte, 1, Int32(MSG_NOSIGNAL)) == 1
          else { return }
          usleep(20_000)
        }
      }
      dribbler.start()
      let response = Result { try client.readResponse() }
      stop.withLock { $0 = true }
      stopped.wait()
      #expect(try response.get().status == 408)
    }
  }

  @Test func answers408WhenTheBodyStopsArriving() async throws {
    let configuration = HTTPServerConfiguration(
      eventLoopCount: 1, bodyTimeout: .milliseconds(200))
    try await Self.withServer(configuration) { _, port in
      let client = try SocketClient(port: port)
      try client.send("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\nabc")
      let response = try client.readResponse()
      #expect(response.status == 408)
      #expect(try client.isClosedByServer())
    }
  }

  @Test func closesAnIdleKeptAliveConnection() async throws {
    let configuration = HTTPServerConfiguration(
      eventLoopCount: 1, keepAliveTimeout: .milliseconds(200))
    try await Self.withServer(configuration) { _, port in
      let client = try SocketClient(port: port)
      try client.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
      #expect(try client.readResponse().status == 200)
      #expect(try client.readToEnd().isEmpty)
    }
  }

  @Test func refusesConnectionsOverTheLimitAtOnce() async throws {
    let configuration = HTTPServerConfiguration(eventLoopCount: 2, maxConnections: 2)
    try await Self.withServer(configuration) { server, port in
      let first = try SocketClient(port: port)
      let second = try SocketClient(port: port)
      for client in [first, second] {
        try client.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse().status == 200)
      }
      let third = try SocketClient(port: port)
      #expect(try third.readResponse().status == 503)
      #expect(try third.isClosedByServer())
      #expect(server.openConnections == 2)
      try first.send("GET /still HTTP/1.1\r\nHost: a\r\n\r\n")
      #expect(try first.readResponse().field("X-Path") == "/still")
    }
  }
}

/// Runs each job on a new thread, for test code that blocks in socket calls.
final class BlockingThreadExecutor: TaskExecutor {
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    Thread { job.runSynchronously(on: executor) }.start()
  }
}
