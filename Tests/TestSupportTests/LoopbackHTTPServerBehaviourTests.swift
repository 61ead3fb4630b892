import Foundation
import Networking
import TestSupport
import Testing

/// Pauses, gates, drops, stalls, disconnects and shutdown.
@Suite struct LoopbackHTTPServerBehaviourTests {
  func makeServer() throws -> LoopbackHTTPServer {
    try LoopbackHTTPServer(reportIssue: { Issue.record(Comment(rawValue: $0)) })
  }

  @Test func aGateHoldsTheNextChunkUntilOpened() async throws {
    let server = try makeServer()
    defer { server.stop() }
    let gate = LoopbackGate("second chunk")
    server.route(.get, "/g", .chunked([.text("one"), .gate(gate), .text("two")]))
    let connection = try RawConnection(port: server.port)
    try connection.send("GET /g HTTP/1.1\r\nHost: x\r\n\r\n")
    _ = try connection.read(through: "\r\n\r\n")
    #expect(try connection.read(through: "one\r\n") == "3\r\none\r\n")
    try await gate.waitUntilReached()
    #expect(gate.isReached && !gate.isOpen && gate.timesReached == 1)
    gate.open()
    #expect(try connection.read(through: "0\r\n\r\n") == "3\r\ntwo\r\n0\r\n\r\n")
    let exchange = try await server.waitForExchange(0)
    #expect(exchange.outcome == .completed)
    #expect(exchange.bodyBytesSent == 6)
  }

  @Test func aGateBeforeTheHeadDelaysTheWholeResponse() async throws {
    let server = try makeServer()
    defer { server.stop() }
    let gate = LoopbackGate()
    server.route(.get, "/late", .text("late").waiting(for: gate))
    let connection = try RawConnection(port: server.port)
    try connection.send("GET /late HTTP/1.1\r\nHost: x\r\n\r\n")
    try await gate.waitUntilReached()
    #expect(server.exchanges.isEmpty)
    gate.open()
    #expect(try connection.read(through: "\r\n\r\n").hasPrefix("HTTP/1.1 200"))
  }

  @Test func aClientThatHangsUpDuringAStallIsReported() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.get, "/stall", .chunked([.text("x"), .stall]))
    let connection = try RawConnection(port: server.port)
    try connection.send("GET /stall HTTP/1.1\r\nHost: x\r\n\r\n")
    _ = try connection.read(through: "x\r\n")
    connection.hangUp()
    let exchange = try await server.waitForExchange(0)
    #expect(exchange.outcome == .clientClosed)
    #expect(exchange.bodyBytesSent == 1)
    try await server.waitUntilNoOpenConnections()
  }

  @Test func aClientThatHangsUpBeforeTheHeadIsReported() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.get, "/never", .stall())
    let connection = try RawConnection(port: server.port)
    try connection.send("GET /never HTTP/1.1\r\nHost: x\r\n\r\n")
    try await server.waitForRequests(1)
    connection.hangUp()
    #expect(try await server.waitForExchange(0).outcome == .clientClosed)
  }

  @Test func theScriptCanDropTheConnectionMidBody() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(
      .get, "/cut",
      LoopbackResponse(body: .streamed(contentLength: 10, [.text("four"), .dropConnection])))
    let connection = try RawConnection(port: server.port)
    try connection.send("GET /cut HTTP/1.1\r\nHost: x\r\n\r\n")
    let text = try connection.readToEnd()
    #expect(text.contains("Content-Length: 10\r\n"))
    #expect(text.hasSuffix("\r\n\r\nfour"))
    let exchange = try await server.waitForExchange(0)
    #expect(exchange.outcome == .droppedByScript)
    #expect(exchange.bodyBytesSent == 4)
  }

  @Test func aCloseDelimitedBodyEndsWithTheConnection() throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(
      .get, "/old", LoopbackResponse(body: .streamed(contentLength: nil, [.text("all of it")])))
    let connection = try RawConnection(port: server.port)
    try connection.send("GET /old HTTP/1.1\r\nHost: x\r\n\r\n")
    let text = try connection.readToEnd()
    #expect(!text.contains("Content-Length"))
    #expect(text.hasSuffix("\r\n\r\nall of it"))
  }

  @Test func generatesALargeBodyOfExactLengthAndPattern() async throws {
    let server = try makeServer()
    defer { server.stop() }
    let pattern = Data("data: {\"x\":1}\n\n".utf8)
    let total = 5_000_017
    server.route(
      .get, "/big", .generated(byteCount: total, pattern: pattern, chunkSize: 10_000, chunked: true)
    )
    let client = URLSessionHTTPClient(
      baseURL: server.baseURL, clock: .fixed(Date(timeIntervalSince1970: 0)))
    let body = try await client.send(HTTPRequest(path: "/big")).data
    #expect(body.count == total)
    var expected = Data(capacity: total)
    while expected.count < total { expected.append(pattern) }
    #expect(body == expected.prefix(total))
    let exchange = try await server.waitForExchange(0)
    #expect(exchange.bodyBytesSent == total)
  }

  @Test func servesManyConnectionsAtOnce() async throws {
    let server = try makeServer()
    defer { server.stop() }
    let gate = LoopbackGate()
    server.route(.get, "/wait") { request in .text("\(request.index)").waiting(for: gate) }
    let count = 6
    let connections = try (0..<count).map { _ in try RawConnection(port: server.port) }
    for connection in connections { try connection.send("GET /wait HTTP/1.1\r\nHost: x\r\n\r\n") }
    try await server.waitForRequests(count)
    // Every connection is parked at the gate at the same time, each on its own thread.
    #expect(server.openConnectionCount == count)
    gate.open()
    for connection in connections {
      #expect(try connection.read(through: "\r\n\r\n").hasPrefix("HTTP/1.1 200"))
    }
    #expect(Set(server.requests.map(\.connectionID)).count == count)
  }

  @Test func stoppingEndsStalledExchangesClosesEverythingAndRefusesConnections() async throws {
    let server = try makeServer()
    server.route(.get, "/stall", .stall())
    server.route(.get, "/gated", .chunked([.text("a"), .gate(LoopbackGate())]))
    let stalled = try RawConnection(port: server.port)
    try stalled.send("GET /stall HTTP/1.1\r\nHost: x\r\n\r\n")
    let gated = try RawConnection(port: server.port)
    try gated.send("GET /gated HTTP/1.1\r\nHost: x\r\n\r\n")
    let idle = try RawConnection(port: server.port)
    try await server.waitForRequests(2)
    server.stop()
    #expect(server.isStopped)
    #expect(Set(server.exchanges.map(\.outcome)) == [.serverStopped])
    #expect(server.exchanges.count == 2)
    #expect(server.openConnectionCount == 0)
    #expect(try idle.readToEnd() == "")
    // Refused, unless another test's server has taken the freed port meanwhile: either way
    // this server accepts nothing more.
    let accepted = server.connectionCount
    _ = try? RawConnection(port: server.port)
    #expect(server.connectionCount == accepted)
    server.stop()
  }

  @Test func withServerStopsTheServerAfterTheBody() async throws {
    let server = try await LoopbackHTTPServer.withServer {
      (server) async throws -> LoopbackHTTPServer in
      server.route(.get, "/x", .text("x"))
      let client = URLSessionHTTPClient(
        baseURL: server.baseURL, clock: .fixed(Date(timeIntervalSince1970: 0)))
      #expect(try await client.send(HTTPRequest(path: "/x")).text == "x")
      #expect(!server.isStopped)
      return server
    }
    #expect(server.isStopped)
    #expect(server.openConnectionCount == 0)
    // Its port is free again: a connection is refused, unless a server of another test
    // running meanwhile has taken the port (which is why the port alone cannot be checked);
    // either way this server accepts nothing more.
    let accepted = server.connectionCount
    _ = try? RawConnection(port: server.port)
    #expect(server.connectionCount == accepted)
  }

  @Test func waitingForSomethingThatNeverHappensTimesOut() async throws {
    let server = try makeServer()
    defer { server.stop() }
    await #expect(throws: LoopbackTimeout.self) {
      try await server.waitForRequests(1, timeout: .milliseconds(50))
    }
  }
}
