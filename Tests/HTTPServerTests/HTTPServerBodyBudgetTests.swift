import Core
import Foundation
import Glibc
import HTTPServer
import Synchronization
import Testing

/// The server-wide budget for request bodies (`maxBufferedBodyBytes`), over real sockets:
/// a body that does not fit is refused 503 before it is read, and every way a body's
/// request ends (answered, client gone) gives its share back.
@Suite struct HTTPServerBodyBudgetTests {
  static func budget(
    _ bytes: Int, routeLimit: Int? = nil
  ) -> HTTPServerConfiguration {
    var configuration = HTTPServerConfiguration(eventLoopCount: 2, maxBufferedBodyBytes: bytes)
    if let routeLimit { configuration.routeBodyLimit = { _, _ in routeLimit } }
    return configuration
  }

  /// Opens a connection and sends a head announcing a body, waiting for the server's
  /// `100 Continue`: the head was read, and the body's share reserved.
  static func announce(_ framing: String, port: Int) throws -> SocketClient {
    let client = try SocketClient(port: port)
    try client.send("POST /held HTTP/1.1\r\nHost: a\r\n\(framing)\r\nExpect: 100-continue\r\n\r\n")
    #expect(try client.readResponse(head: true).status == 100)
    return client
  }

  static func post(_ body: String, port: Int) throws -> SocketClient.Response {
    let client = try SocketClient(port: port)
    try client.send(
      "POST /more HTTP/1.1\r\nHost: a\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
    return try client.readResponse()
  }

  @Test func aBodyPastTheBudgetIs503BeforeItIsReadAndAnAnsweredOneGivesItsShareBack()
    async throws
  {
    try await HTTPServerTests.withServer(Self.budget(1_000)) { _, port in
      let held = try Self.announce("Content-Length: 800", port: port)
      let refused = try SocketClient(port: port)
      // The client sends its whole body anyway: it still reads the answer.
      try refused.send(
        "POST /more HTTP/1.1\r\nHost: a\r\nContent-Length: 500\r\n\r\n"
          + String(repeating: "b", count: 500))
      let answer = try refused.readResponse()
      #expect(answer.status == 503)
      #expect(answer.field("Retry-After") == "1")
      #expect(answer.field("Connection") == "close")
      #expect(try refused.isClosedByServer())
      // What fits still goes through beside the held body.
      #expect(try Self.post(String(repeating: "s", count: 200), port: port).status == 200)
      try held.send(String(repeating: "h", count: 800))
      let heldAnswer = try held.readResponse()
      #expect(heldAnswer.status == 200)
      #expect(heldAnswer.text.count == 800)
      #expect(try Self.post(String(repeating: "c", count: 900), port: port).status == 200)
    }
  }

  @Test func aLargeBodySentSlowlyHoldsOnlyWhatArrived() async throws {
    try await HTTPServerTests.withServer(Self.budget(200 * 1024)) { server, port in
      // 10 MiB announced, 10 KiB sent: the server holds that and one step ahead.
      let slow = try Self.announce("Content-Length: 10485760", port: port)
      try slow.send(String(repeating: "s", count: 10 * 1024))
      var held = server.metrics.bodyBytesHeld
      for _ in 0..<500 where held < 10 * 1024 {
        usleep(10_000)
        held = server.metrics.bodyBytesHeld
      }
      #expect(held <= 10 * 1024 + 64 * 1024)
      // So another body of 100 KiB still fits beside it.
      #expect(try Self.post(String(repeating: "b", count: 100 * 1024), port: port).status == 200)
      // A body whose bytes outgrow the room left is refused part-way, 503, and closed.
      let large = try Self.announce("Content-Length: 1048576", port: port)
      try large.send(String(repeating: "l", count: 300 * 1024))
      let answer = try large.readResponse()
      #expect(answer.status == 503)
      #expect(answer.field("Connection") == "close")
    }
  }

  @Test func aClientThatLeavesMidBodyGivesItsShareBack() async throws {
    try await HTTPServerTests.withServer(Self.budget(1_000)) { _, port in
      let held = try Self.announce("Content-Length: 800", port: port)
      try held.send(String(repeating: "h", count: 100))
      #expect(try Self.post(String(repeating: "b", count: 500), port: port).status == 503)
      shutdown(held.descriptor, Int32(SHUT_RDWR))
      // The server sees the close on its own loop; a later request finds the share back.
      var status = 503
      for _ in 0..<200 where status == 503 {
        status = try Self.post(String(repeating: "b", count: 500), port: port).status
        if status == 503 { usleep(10_000) }
      }
      #expect(status == 200)
    }
  }

  @Test func aChunkedBodyHoldsItsRoutesWholeLimitUntilAnswered() async throws {
    try await HTTPServerTests.withServer(Self.budget(1_000, routeLimit: 600)) { _, port in
      let held = try Self.announce("Transfer-Encoding: chunked", port: port)
      #expect(try Self.post(String(repeating: "b", count: 500), port: port).status == 503)
      try held.send("5\r\nhello\r\n0\r\n\r\n")
      let answer = try held.readResponse()
      #expect(answer.status == 200)
      #expect(answer.text == "hello")
      #expect(try Self.post(String(repeating: "b", count: 500), port: port).status == 200)
    }
  }

  @Test func pipelinedBodiesEachHoldTheirShareUntilTheirOwnAnswer() async throws {
    let gate = AsyncGate()
    let responder: HTTPResponder = { request in
      if request.head.path == "/slow" { await gate.wait() }
      return await HTTPServerTests.echo(request)
    }
    try await HTTPServerTests.withServer(Self.budget(1_000), responder: responder) {
      server, port in
      let client = try SocketClient(port: port)
      // Two bodies of 400 queue behind a slow first request: 801 held in all.
      try client.send(
        "POST /slow HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\n\r\nx"
          + "POST /one HTTP/1.1\r\nHost: a\r\nContent-Length: 400\r\n\r\n"
          + String(repeating: "1", count: 400)
          + "POST /two HTTP/1.1\r\nHost: a\r\nContent-Length: 400\r\n\r\n"
          + String(repeating: "2", count: 400))
      // Until the server has read both queued heads another body would take their room.
      var held = server.metrics.bodyBytesHeld
      for _ in 0..<500 where held != 801 {
        usleep(10_000)
        held = server.metrics.bodyBytesHeld
      }
      #expect(held == 801)
      #expect(try Self.post(String(repeating: "b", count: 500), port: port).status == 503)
      gate.open()
      for path in ["/slow", "/one", "/two"] {
        #expect(try client.readResponse().field("X-Path") == path)
      }
      #expect(try Self.post(String(repeating: "c", count: 900), port: port).status == 200)
    }
  }
}

extension HTTPServerBodyBudgetTests {
  /// Every way a request with a body can end gives its share back: answered on a kept-alive
  /// connection, pipelined, chunked, refused mid-body for a bad chunk, refused for the
  /// budget, or cut off by its client. Afterwards the server holds nothing.
  @Test func everyWayARequestEndsLeavesNothingHeld() async throws {
    // Room for every round's cut-off body at once, should the server see the closes late.
    try await HTTPServerTests.withServer(Self.budget(30_000, routeLimit: 1_000)) { server, port in
      for round in 0..<20 {
        let kept = try SocketClient(port: port)
        for _ in 0..<3 {
          try kept.send("POST /k HTTP/1.1\r\nHost: a\r\nContent-Length: 300\r\n\r\n")
          try kept.send(String(repeating: "k", count: 300))
          #expect(try kept.readResponse().status == 200)
        }
        let pipelined = try SocketClient(port: port)
        try pipelined.send(
          String(
            repeating: "POST /p HTTP/1.1\r\nHost: a\r\nContent-Length: 100\r\n\r\n"
              + String(repeating: "p", count: 100), count: 4))
        for _ in 0..<4 { #expect(try pipelined.readResponse().status == 200) }
        let badChunk = try SocketClient(port: port)
        try badChunk.send(
          "POST /c HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhelloXX")
        #expect(try badChunk.readResponse().status == 400)
        let leaving = try SocketClient(port: port)
        try leaving.send(
          "POST /l HTTP/1.1\r\nHost: a\r\nContent-Length: 900\r\n\r\n"
            + String(repeating: "l", count: round * 10))
        shutdown(leaving.descriptor, Int32(SHUT_RDWR))
        let tooLarge = try SocketClient(port: port)
        try tooLarge.send("POST /t HTTP/1.1\r\nHost: a\r\nContent-Length: 5000\r\n\r\n")
        #expect(try tooLarge.readResponse().status == 413)
      }
      var held = server.metrics.bodyBytesHeld
      for _ in 0..<300 where held != 0 {
        usleep(10_000)
        held = server.metrics.bodyBytesHeld
      }
      #expect(held == 0)
    }
  }
}

/// Holds responders until the test opens it.
final class AsyncGate: Sendable {
  private let state = Mutex<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>(
    (false, []))

  func wait() async {
    await withCheckedContinuation { continuation in
      let isOpen = state.withLock { state in
        if !state.isOpen { state.waiters.append(continuation) }
        return state.isOpen
      }
      if isOpen { continuation.resume() }
    }
  }

  func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}
