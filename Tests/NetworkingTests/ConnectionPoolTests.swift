#if os(Linux)
  import Core
  import Foundation
  import Networking
  import TestSupport
  import Testing

  /// `HTTPConnectionPool`: one libcurl thread for every transfer, connections kept alive
  /// between requests, slow readers paused instead of buffered, abandoned streams closed.
  @Suite struct ConnectionPoolTests {
    @Test func thePoolRunsOnLibcurl() {
      let pool = HTTPConnectionPool()
      #expect(pool.unavailableReason == nil)
      #expect(pool.description.contains("libcurl"))
    }

    @Test func sequentialRequestsReuseOneConnection() async throws {
      let server = try makeServer()
      defer { server.stop() }
      server.route(.get, "/small", .json(#"{"ok":true}"#))
      server.route(.post, "/events", .eventStream([.text("data: 1\n\n"), .text("data: 2\n\n")]))
      let client = makePooledClient(server)
      for _ in 0..<5 {
        #expect(try await client.send(HTTPRequest(path: "/small")).text == #"{"ok":true}"#)
        let stream = try await client.stream(HTTPRequest(path: "/events", method: .post))
        #expect(try await stream.body.collect().text == "data: 1\n\ndata: 2\n\n")
      }
      #expect(server.requests.count == 10)
      #expect(Set(server.requests.map(\.connectionID)).count == 1)
      #expect(server.connectionCount == 1)
    }

    /// A request to an idle pool wakes its thread through the pipe at once; without the
    /// wake-up it would wait for the thread's idle timeout (a second) before starting.
    @Test func aRequestToAnIdlePoolWakesItsThread() async throws {
      let server = try makeServer()
      defer { server.stop() }
      server.route(.get, "/small", .json(#"{"ok":true}"#))
      let pool = HTTPConnectionPool()
      let client = makePooledClient(server, pool: pool)
      for _ in 0..<3 {
        let before = pool.statistics.wakeUps
        #expect(try await client.send(HTTPRequest(path: "/small")).text == #"{"ok":true}"#)
        #expect(pool.statistics.wakeUps > before)
        #expect(pool.statistics.running == 0)
      }
    }

    @Test func theSameRequestsWithoutAPoolOpenAConnectionEach() async throws {
      // The baseline the test above improves on: each flow-controlled stream has its own
      // libcurl handles, so nothing is kept between requests.
      let server = try makeServer()
      defer { server.stop() }
      server.route(.post, "/events", .eventStream([.text("data: 1\n\n")]))
      let client = makeClient(server)
      for _ in 0..<3 {
        _ = try await client.stream(HTTPRequest(path: "/events", method: .post)).body.collect()
      }
      #expect(server.connectionCount == 3)
    }

    @Test func concurrentStreamsEachGetTheirOwnBytesInOrder() async throws {
      let server = try makeServer()
      defer { server.stop() }
      let streams = 24
      for index in 0..<streams {
        let events = (0..<40).map { LoopbackResponse.Step.text("data: \(index)-\($0)\n\n") }
        server.route(.get, "/stream/\(index)", .eventStream(events))
      }
      let pool = HTTPConnectionPool()
      let client = makePooledClient(server, pool: pool)
      let bodies = try await withThrowingTaskGroup(of: (Int, String).self) { group in
        for index in 0..<streams {
          group.addTask {
            let response = try await client.stream(HTTPRequest(path: "/stream/\(index)"))
            return (index, try await response.body.collect().text)
          }
        }
        var bodies: [Int: String] = [:]
        for try await (index, body) in group { bodies[index] = body }
        return bodies
      }
      for index in 0..<streams {
        let expected = (0..<40).map { "data: \(index)-\($0)\n\n" }.joined()
        #expect(bodies[index] == expected, "stream \(index)")
      }
      #expect(pool.statistics.started == streams)
      #expect(pool.statistics.running == 0)
      #expect(server.connectionCount <= streams)
    }

    @Test func aSlowReaderPausesItsTransferWhileOthersCarryOn() async throws {
      let server = try makeServer()
      defer { server.stop() }
      let pattern = Data((0..<251).map { UInt8($0) })
      let total = 64 << 20
      server.route(.get, "/big", .generated(byteCount: total, pattern: pattern, chunkSize: 16_384))
      server.route(.get, "/small", .json(#"{"ok":true}"#))
      let pool = HTTPConnectionPool()
      let client = makePooledClient(server, pool: pool)
      let response = try await client.stream(HTTPRequest(path: "/big"))
      var iterator = response.body.makeAsyncIterator()
      var received = try #require(try await iterator.next()).count

      // The reader stops: the transfer pauses once the read-ahead is full, and the server,
      // with 64 MiB still to send, waits on the socket.
      try await waitUntil("the big transfer pauses") { pool.statistics.paused == 1 }
      #expect(server.exchanges.isEmpty)
      // The shared thread is not held up by the paused transfer.
      #expect(try await client.send(HTTPRequest(path: "/small")).text == #"{"ok":true}"#)
      #expect(pool.statistics.paused == 1)

      var mismatches = 0
      var offset = received
      while let chunk = try await iterator.next() {
        for (index, byte) in chunk.enumerated() where byte != pattern[(offset + index) % 251] {
          mismatches += 1
        }
        offset += chunk.count
        received += chunk.count
      }
      #expect(received == total)
      #expect(mismatches == 0)
      #expect(pool.statistics.paused == 0)
      #expect(pool.statistics.pauses >= 1)
      #expect(try await server.waitForExchange(0).outcome == .completed)
    }

    @Test func transfersBeyondTheHostCapWaitForAFreeConnection() async throws {
      let server = try makeServer()
      defer { server.stop() }
      let gate = LoopbackGate("let the streams end")
      server.route(.get, "/held", .eventStream([.text("data: 1\n\n"), .gate(gate)]))
      let pool = HTTPConnectionPool(limits: .init(maximumConnectionsPerHost: 2))
      let client = makePooledClient(server, pool: pool)
      let streams = Task {
        try await withThrowingTaskGroup(of: String.self) { group in
          for _ in 0..<4 {
            group.addTask {
              try await client.stream(HTTPRequest(path: "/held")).body.collect().text
            }
          }
          return try await group.reduce(into: []) { $0.append($1) }
        }
      }
      try await waitUntil("four transfers are in the pool") { pool.statistics.started == 4 }
      try await server.waitForRequests(2)
      #expect(server.openConnectionCount == 2)
      gate.open()
      #expect(try await streams.value == Array(repeating: "data: 1\n\n", count: 4))
      #expect(server.requests.count == 4)
      #expect(server.connectionCount == 2)
    }

    @Test(arguments: [Abandonment.cancellingTheTask, .cancellingTheBody, .droppingTheBody])
    func anAbandonedStreamClosesItsUpstreamConnection(_ abandonment: Abandonment) async throws {
      let server = try makeServer()
      defer { server.stop() }
      server.route(.get, "/forever", .eventStream([.text("data: first\n\n"), .stall]))
      server.route(.get, "/next", .json("{}"))
      let pool = HTTPConnectionPool()
      let client = makePooledClient(server, pool: pool)
      let (firstChunk, firstChunkRead) = AsyncStream<Void>.makeStream()
      let reader = Task {
        let response = try await client.stream(HTTPRequest(path: "/forever"))
        var iterator = response.body.makeAsyncIterator()
        _ = try await iterator.next()
        switch abandonment {
        case .cancellingTheTask:
          firstChunkRead.yield()
          _ = try await iterator.next()
        case .cancellingTheBody:
          response.body.cancel()
          _ = try await iterator.next()
        case .droppingTheBody:
          return
        }
      }
      if abandonment == .cancellingTheTask {
        for await _ in firstChunk { break }
        reader.cancel()
      }
      let outcome = await reader.result
      if abandonment != .droppingTheBody {
        #expect(throws: HTTPError.cancelled) { try outcome.get() }
      }
      #expect(try await server.waitForExchange(0).outcome == .clientClosed)
      try await server.waitUntilNoOpenConnections()
      #expect(pool.statistics.running == 0)
      // The pool carries on with a fresh connection.
      _ = try await client.send(HTTPRequest(path: "/next"))
      #expect(server.connectionCount == 2)
    }

    enum Abandonment: Sendable, CustomStringConvertible {
      case cancellingTheTask, cancellingTheBody, droppingTheBody
      var description: String {
        switch self {
        case .cancellingTheTask: "cancelling the task"
        case .cancellingTheBody: "cancelling the body"
        case .droppingTheBody: "dropping the body"
        }
      }
    }
  }

  // MARK: - Helpers

  /// A client for `server` whose requests all go through `pool`.
  func makePooledClient(
    _ server: LoopbackHTTPServer, pool: HTTPConnectionPool = HTTPConnectionPool(),
    timeouts: HTTPTimeouts = .standard
  ) -> URLSessionHTTPClient {
    URLSessionHTTPClient(
      baseURL: server.baseURL,
      configuration: HTTPClientConfiguration(timeouts: timeouts, connectionPool: pool),
      clock: .fixed(Fixture.referenceDate))
  }

  /// Waits until `condition` holds, checking every few milliseconds, for at most ten
  /// seconds (a safety net: a broken test fails instead of hanging).
  func waitUntil(
    _ what: String, _ condition: @Sendable () -> Bool
  ) async throws {
    for _ in 0..<2_000 {
      if condition() { return }
      try await Task.sleep(for: .milliseconds(5))
    }
    Issue.record("timed out waiting until \(what)")
  }
#endif
