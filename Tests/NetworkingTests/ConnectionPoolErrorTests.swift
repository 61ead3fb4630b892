#if os(Linux)
  import Core
  import Foundation
  import Networking
  import TestSupport
  import Testing

  /// A pooled client fails exactly as the client without a pool does: the same `HTTPError`
  /// for the same broken answer, for streams and buffered requests alike.
  @Suite struct ConnectionPoolErrorTests {
    enum Breakage: String, Sendable, CaseIterable, CustomStringConvertible {
      case refusedConnection, serverErrorWithBody, notHTTP, closedBeforeAnswering
      case bodyCutShort

      var description: String { rawValue }

      func script(_ server: LoopbackHTTPServer) {
        switch self {
        case .refusedConnection:
          break
        case .serverErrorWithBody:
          server.route(
            nil, "/broken",
            .json(#"{"error":{"message":"upstream overloaded"}}"#, status: 503)
              .header("Retry-After", "30"))
        case .notHTTP:
          server.route(
            nil, "/broken",
            LoopbackResponse(beforeHead: [.text("SSH-2.0-OpenSSH_9.2\r\n"), .dropConnection]))
        case .closedBeforeAnswering:
          server.route(nil, "/broken", .dropConnection())
        case .bodyCutShort:
          server.route(
            nil, "/broken",
            LoopbackResponse(
              headers: ["Content-Type": "text/event-stream"],
              body: .streamed(contentLength: 1_000, [.text("data: 1\n\n"), .dropConnection])))
        }
      }
    }

    @Test(arguments: Breakage.allCases)
    func aStreamFailsAsItDoesWithoutThePool(_ breakage: Breakage) async throws {
      let pooled = try await failure(of: breakage, pooled: true, streaming: true)
      let unpooled = try await failure(of: breakage, pooled: false, streaming: true)
      #expect(pooled == unpooled)
      #expect(pooled != "no error")
    }

    @Test(arguments: Breakage.allCases)
    func aBufferedRequestFailsAsItDoesWithoutThePool(_ breakage: Breakage) async throws {
      let pooled = try await failure(of: breakage, pooled: true, streaming: false)
      // corelibs URLSession reports an answer that is not HTTP as -1002 (unsupported URL);
      // the pool reports it as every libcurl stream already does, a bad server response.
      let unpooled = try await failure(
        of: breakage, pooled: false, streaming: breakage == .notHTTP)
      #expect(pooled == unpooled)
      #expect(pooled != "no error")
    }

    @Test func theHeadTimeoutFiresThroughThePool() async throws {
      let server = try makeServer()
      defer { server.stop() }
      server.route(.get, "/silent", .stall())
      let client = makePooledClient(server, timeouts: HTTPTimeouts(connect: 0.2, idle: nil))
      let error = try await #require(throws: HTTPError.self) {
        try await client.send(HTTPRequest(path: "/silent"))
      }
      #expect(error.isTimeout)
      #expect(try await server.waitForExchange(0).outcome == .clientClosed)
    }

    @Test func theIdleTimeoutFiresBetweenChunksThroughThePool() async throws {
      let server = try makeServer()
      defer { server.stop() }
      server.route(.get, "/stalls", .eventStream([.text("data: 1\n\n"), .stall]))
      let client = makePooledClient(server, timeouts: HTTPTimeouts(connect: 5, idle: 0.2))
      let response = try await client.stream(HTTPRequest(path: "/stalls"))
      var chunks: [String] = []
      let error = try await #require(throws: HTTPError.self) {
        for try await chunk in response.body { chunks.append(chunk.text) }
      }
      #expect(chunks == ["data: 1\n\n"])
      #expect(error.isTimeout)
      #expect(try await server.waitForExchange(0).outcome == .clientClosed)
    }

    @Test func aReaderSlowerThanTheIdleLimitDoesNotTimeItsStreamOut() async throws {
      let server = try makeServer()
      defer { server.stop() }
      let total = 16 << 20
      server.route(.get, "/big", .generated(byteCount: total, chunkSize: 16_384))
      let pool = HTTPConnectionPool()
      let client = makePooledClient(
        server, pool: pool, timeouts: HTTPTimeouts(connect: 5, idle: 0.2))
      let response = try await client.stream(HTTPRequest(path: "/big"))
      var iterator = response.body.makeAsyncIterator()
      var received = try #require(try await iterator.next()).count
      try await waitUntil("the transfer pauses") { pool.statistics.paused == 1 }
      // The server is not silent: the reader is slow. Idle time is the server's, so a
      // paused transfer waits for its reader however long that takes.
      try await Task.sleep(for: .milliseconds(600))
      while let chunk = try await iterator.next() { received += chunk.count }
      #expect(received == total)
    }

    @Test func anErrorBodyIsCutAtTheConfiguredLimit() async throws {
      let server = try makeServer()
      defer { server.stop() }
      server.route(.get, "/huge-error", .text(String(repeating: "x", count: 10_000), status: 500))
      let client = URLSessionHTTPClient(
        baseURL: server.baseURL,
        configuration: HTTPClientConfiguration(
          maximumErrorBodySize: 100, connectionPool: HTTPConnectionPool()),
        clock: .fixed(Fixture.referenceDate))
      let error = try await #require(throws: HTTPError.self) {
        try await client.send(HTTPRequest(path: "/huge-error"))
      }
      #expect(error.response?.statusCode == 500)
      #expect(error.response?.data.count == 100)
    }

    /// What the exchange threw, as text that names everything a caller acts on.
    private func failure(
      of breakage: Breakage, pooled: Bool, streaming: Bool
    ) async throws -> String {
      let server = try makeServer()
      defer { server.stop() }
      breakage.script(server)
      var url = server.url("/broken")
      // A port held bound and never listened on: a stopped server's port could be taken by
      // another test's server meanwhile, which would answer instead of refusing.
      let closed = breakage == .refusedConnection ? try ClosedLoopbackPort() : nil
      defer { withExtendedLifetime(closed) {} }
      if let closed {
        url = try #require(URL(string: "http://127.0.0.1:\(closed.number)/broken"))
      }
      let client =
        pooled ? makePooledClient(server) : makeClient(server)
      do {
        if streaming {
          _ = try await client.stream(HTTPRequest(url: url)).body.collect()
        } else {
          _ = try await client.send(HTTPRequest(url: url))
        }
        return "no error"
      } catch let error as HTTPError {
        switch error {
        case .transport(let code, _):
          return "transport \(code)"
        case .status(let response, let retryAfter):
          return "status \(response.statusCode) \(response.text) retry \(retryAfter ?? -1)"
        case .cancelled, .invalidRequest:
          return "\(error)"
        }
      }
    }
  }
#endif
