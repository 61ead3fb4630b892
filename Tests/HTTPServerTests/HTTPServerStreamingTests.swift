import Foundation
import HTTPServer
import Synchronization
import Testing

/// Streamed responses over real sockets: each write is flushed, a slow reader suspends the
/// producer, a client that leaves is noticed at once, and shutdown lets streams finish.
@Suite struct HTTPServerStreamingTests {
  /// A value shared between the producer task and the blocking client thread.
  final class Shared<Value: Sendable>: Sendable {
    let value: Mutex<Value>
    init(_ initial: Value) { value = Mutex(initial) }
    func get() -> Value { value.withLock { $0 } }
    func set(_ new: Value) { value.withLock { $0 = new } }
    func update(_ change: (inout Value) -> Void) { value.withLock { change(&$0) } }
  }

  static func streaming(
    _ produce: @escaping @Sendable (any HTTPBodyWriter) async throws -> Void
  ) -> HTTPResponder {
    { _ in
      HTTPServerResponse(
        fields: HTTPFields([("Content-Type", "text/event-stream")]),
        stream: HTTPResponseStream(produce: produce))
    }
  }

  /// Waits (bounded, 20 s) until `progress` has not moved for 300 ms: on a loaded machine a
  /// shorter pause may only be the producer waiting for a core.
  static func waitUntilStalled(_ progress: () -> Int) {
    var previous = -1
    var unchanged = 0
    for _ in 0..<400 where unchanged < 6 {
      let now = progress()
      unchanged = now == previous ? unchanged + 1 : 0
      previous = now
      usleep(50_000)
    }
  }

  /// Waits (bounded) until `condition` holds; the bound is generous for a loaded machine.
  static func eventually(_ condition: () -> Bool) -> Bool {
    for _ in 0..<1000 {
      if condition() { return true }
      usleep(10_000)
    }
    return condition()
  }

  @Test func flushesEachEventBeforeTheNextIsProduced() async throws {
    let (gate, open) = AsyncStream.makeStream(of: Void.self)
    let responder = Self.streaming { writer in
      try await writer.write(Array("data: one\n\n".utf8))
      for await _ in gate { break }
      try await writer.write(Array("data: two\n\n".utf8))
    }
    try await HTTPServerTests.withServer(responder: responder) { _, port in
      let client = try SocketClient(port: port)
      try client.send("GET /events HTTP/1.1\r\nHost: a\r\n\r\n")
      let head = try client.readResponse(head: true)
      #expect(head.field("Transfer-Encoding") == "chunked")
      #expect(head.field("Content-Type") == "text/event-stream")
      // The second event is held back until the first has been read.
      #expect(try client.readChunk() == Array("data: one\n\n".utf8))
      open.yield()
      #expect(try client.readChunk() == Array("data: two\n\n".utf8))
      #expect(try client.readChunk() == nil)
      try client.send("GET /again HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
      let again = try client.readResponse(head: true)
      #expect(again.field("Connection") == "close")
    }
  }

  /// A head that waits for the body is not sent before the producer's first write; an
  /// empty write sends it alone, while the producer waits.
  @Test(arguments: [false, true])
  func aHeadThatWaitsForTheBodyLeavesWithTheFirstWrite(emptyWriteFirst: Bool) async throws {
    let (gate, open) = AsyncStream.makeStream(of: Void.self)
    let responder: HTTPResponder = { _ in
      HTTPServerResponse(
        stream: HTTPResponseStream(headWaitsForBody: true) { writer in
          if emptyWriteFirst { try await writer.write([]) }
          for await _ in gate { break }
          try await writer.write(Array("data: one\n\n".utf8))
        })
    }
    try await HTTPServerTests.withServer(responder: responder) { _, port in
      let client = try SocketClient(port: port)
      try client.send("GET /events HTTP/1.1\r\nHost: a\r\n\r\n")
      if emptyWriteFirst {
        #expect(try client.readResponse(head: true).status == 200)
      }
      // Nothing (more) arrives while the producer waits.
      #expect(!client.hasBytesWaiting(milliseconds: 300))
      open.yield()
      if !emptyWriteFirst {
        #expect(try client.readResponse(head: true).field("Transfer-Encoding") == "chunked")
      }
      #expect(try client.readChunk() == Array("data: one\n\n".utf8))
      #expect(try client.readChunk() == nil)
    }
  }

  /// A producer that keeps a waiting head longer than its limit (two seconds) without
  /// writing has the head sent alone, so a client never waits on it for ever.
  @Test func aHeadKeptWaitingPastItsLimitIsSentAlone() async throws {
    let (gate, open) = AsyncStream.makeStream(of: Void.self)
    let responder: HTTPResponder = { _ in
      HTTPServerResponse(
        stream: HTTPResponseStream(headWaitsForBody: true) { writer in
          for await _ in gate { break }
          try await writer.write(Array("data: late\n\n".utf8))
        })
    }
    try await HTTPServerTests.withServer(responder: responder) { _, port in
      let client = try SocketClient(port: port)
      let asked = ContinuousClock.now
      try client.send("GET /events HTTP/1.1\r\nHost: a\r\n\r\n")
      #expect(try client.readResponse(head: true).status == 200)
      #expect(ContinuousClock.now - asked >= .milliseconds(1_900))
      open.yield()
      #expect(try client.readChunk() == Array("data: late\n\n".utf8))
      #expect(try client.readChunk() == nil)
    }
  }

  /// A head that waits for a body that never comes leaves when the producer ends: with the
  /// last chunk when it returns, and before the cut when it fails.
  @Test(arguments: [false, true])
  func aHeadThatWaitsLeavesWhenTheProducerEndsWithoutWriting(fails: Bool) async throws {
    struct Broken: Error {}
    let responder: HTTPResponder = { _ in
      HTTPServerResponse(
        stream: HTTPResponseStream(headWaitsForBody: true) { _ in
          if fails { throw Broken() }
        })
    }
    try await HTTPServerTests.withServer(responder: responder) { _, port in
      let client = try SocketClient(port: port)
      try client.send("GET /events HTTP/1.1\r\nHost: a\r\n\r\n")
      #expect(try client.readResponse(head: true).status == 200)
      if fails {
        #expect(try client.readToEnd().isEmpty)
      } else {
        #expect(try client.readChunk() == nil)
      }
    }
  }

  @Test func suspendsTheProducerForASlowReaderWithABoundedBuffer() async throws {
    let chunk = [UInt8](repeating: 0x61, count: 64 * 1024)
    let total = 48 * 1024 * 1024
    let written = Shared(0)
    let responder = Self.streaming { writer in
      while written.get() < total {
        try await writer.write(chunk)
        written.update { $0 += chunk.count }
      }
    }
    let configuration = HTTPServerConfiguration(eventLoopCount: 1)
    try await HTTPServerTests.withServer(configuration, responder: responder) { server, port in
      let client = try SocketClient(port: port, receiveBuffer: 16 * 1024)
      try client.send("GET /big HTTP/1.1\r\nHost: a\r\n\r\n")
      // The client reads nothing until the producer has started and stopped making progress.
      #expect(Self.eventually { written.get() > 0 })
      // The socket buffers fill first; only then does the server hold bytes of its own.
      #expect(Self.eventually { server.largestStreamBuffer > 0 })
      Self.waitUntilStalled { written.get() }
      #expect(written.get() < total, "the producer ran ahead of a reader that read nothing")
      let limit = configuration.streamBufferLimit
      #expect(server.largestStreamBuffer <= limit + chunk.count + 64)
      #expect(server.largestStreamBuffer > 0)
      _ = try client.readResponse(head: true)
      var received = 0
      while let data = try client.readChunk() { received += data.count }
      #expect(received == total)
      #expect(server.largestStreamBuffer <= limit + chunk.count + 64)
    }
  }

  /// Writes return before the loop sends them: what a producer wrote before it failed
  /// still reaches the client, and the body then ends without its last chunk.
  @Test func whatAFailingProducerWroteGoesOutBeforeTheCut() async throws {
    struct Broken: Error {}
    let responder = Self.streaming { writer in
      try await writer.write(Array("data: one\n\n".utf8))
      try await writer.write(Array("data: two\n\n".utf8))
      throw Broken()
    }
    try await HTTPServerTests.withServer(responder: responder) { _, port in
      for _ in 0..<20 {
        let client = try SocketClient(port: port)
        try client.send("GET /events HTTP/1.1\r\nHost: a\r\n\r\n")
        _ = try client.readResponse(head: true)
        let rest = String(decoding: try client.readToEnd(), as: UTF8.self)
        #expect(rest == "b\r\ndata: one\n\n\r\nb\r\ndata: two\n\n\r\n")
      }
    }
  }

  /// Many tiny writes are bounded as surely as a few large ones: each is counted with its
  /// framing and the message that carries it.
  @Test func tinyWritesToAReaderThatReadsNothingStayWithinTheLimit() async throws {
    let written = Shared(0)
    let responder = Self.streaming { writer in
      while written.get() < 4_000_000 {
        try await writer.write([0x61])
        written.update { $0 += 1 }
      }
    }
    let configuration = HTTPServerConfiguration(eventLoopCount: 1)
    try await HTTPServerTests.withServer(configuration, responder: responder) { server, port in
      let client = try SocketClient(port: port, receiveBuffer: 16 * 1024)
      try client.send("GET /tiny HTTP/1.1\r\nHost: a\r\n\r\n")
      #expect(Self.eventually { server.largestStreamBuffer > 0 })
      Self.waitUntilStalled { written.get() }
      #expect(written.get() < 4_000_000, "the producer ran ahead of a reader that read nothing")
      #expect(server.largestStreamBuffer <= configuration.streamBufferLimit + 64)
    }
  }

  @Test func tellsTheProducerWhenTheClientLeaves() async throws {
    let noticed = Shared<Duration?>(nil)
    let closedAt = Shared<ContinuousClock.Instant?>(nil)
    let responder = Self.streaming { writer in
      try await writer.write(Array("data: first\n\n".utf8))
      do {
        // Waiting on other work (an upstream model, say): cancellation ends the wait.
        try await Task.sleep(for: .seconds(60))
      } catch {
        if let start = closedAt.get() { noticed.set(ContinuousClock.now - start) }
        throw error
      }
    }
    try await HTTPServerTests.withServer(responder: responder) { _, port in
      var client: SocketClient? = try SocketClient(port: port)
      try client?.send("GET /events HTTP/1.1\r\nHost: a\r\n\r\n")
      _ = try client?.readResponse(head: true)
      #expect(try client?.readChunk() == Array("data: first\n\n".utf8))
      closedAt.set(ContinuousClock.now)
      client = nil
      // The producer's wait ends by cancellation long before its 60 s sleep would. How soon
      // is a speed figure, not a unit-test assertion: under the whole suite on two cores it
      // has taken 1.6 s; alone it takes well under a millisecond.
      #expect(Self.eventually { noticed.get() != nil })
    }
  }

  @Test func shutdownRefusesNewClientsAndLetsAStreamInFlightFinish() async throws {
    let (gate, open) = AsyncStream.makeStream(of: Void.self)
    let responder = Self.streaming { writer in
      try await writer.write(Array("data: before\n\n".utf8))
      for await _ in gate { break }
      try await writer.write(Array("data: after\n\n".utf8))
    }
    let server = HTTPServer(
      configuration: HTTPServerConfiguration(eventLoopCount: 2), responder: responder)
    let port = try server.start()
    let stopping = Shared<Task<Void, Never>?>(nil)
    try await HTTPServerTests.offThePool {
      let client = try SocketClient(port: port)
      try client.send("GET /events HTTP/1.1\r\nHost: a\r\n\r\n")
      _ = try client.readResponse(head: true)
      #expect(try client.readChunk() == Array("data: before\n\n".utf8))
      stopping.set(Task { await server.shutdown(deadline: .seconds(30)) })
      #expect(Self.eventually { (try? SocketClient(port: port)) == nil })
      open.yield()
      var rest: [[UInt8]] = []
      while let data = try client.readChunk() { rest.append(data) }
      #expect(rest == [Array("data: after\n\n".utf8)])
    }
    await stopping.get()?.value
    #expect(server.openConnections == 0)
  }

  @Test func shutdownClosesAStreamThatOutlivesTheDeadline() async throws {
    let stopped = Shared(false)
    let responder = Self.streaming { writer in
      try await writer.write(Array("data: forever\n\n".utf8))
      do {
        while true { try await Task.sleep(for: .seconds(60)) }
      } catch {
        stopped.set(true)
        throw error
      }
    }
    let server = HTTPServer(
      configuration: HTTPServerConfiguration(eventLoopCount: 1), responder: responder)
    let port = try server.start()
    let stopping = Shared<Task<Void, Never>?>(nil)
    try await HTTPServerTests.offThePool {
      let client = try SocketClient(port: port)
      try client.send("GET /events HTTP/1.1\r\nHost: a\r\n\r\n")
      _ = try client.readResponse(head: true)
      _ = try client.readChunk()
      stopping.set(Task { await server.shutdown(deadline: .milliseconds(200)) })
      // Cut off without the last chunk: the body ends by close, incomplete.
      #expect(try client.readToEnd().isEmpty)
    }
    await stopping.get()?.value
    #expect(server.openConnections == 0)
    #expect(Self.eventually { stopped.get() })
  }
}
