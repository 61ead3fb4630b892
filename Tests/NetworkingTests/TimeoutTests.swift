import Core
import Foundation
import Networking
import TestSupport
import Testing

/// Timeouts are real time by nature; these use short limits (0.2–0.3 s) and only assert
/// which error fires, never how long anything took.
@Suite struct TimeoutTests {
  @Test func theConnectTimeoutFiresWhenNoResponseHeadArrives() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.get, "/silent", .stall())
    let client = makeClient(server, timeouts: HTTPTimeouts(connect: 0.2, idle: nil))
    let error = try await #require(throws: HTTPError.self) {
      try await client.send(HTTPRequest(path: "/silent"))
    }
    #expect(error.isTimeout)
    #expect(error.appError == .network(code: -1001, message: "Timed out"))
    #expect(try await server.waitForExchange(0).outcome == .clientClosed)
  }

  @Test func theIdleTimeoutFiresBetweenChunksAfterTheHead() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.get, "/stalls", .eventStream([.text("data: 1\n\n"), .stall]))
    let client = makeClient(server, timeouts: HTTPTimeouts(connect: 5, idle: 0.2))
    let response = try await client.stream(HTTPRequest(path: "/stalls"))
    var chunks: [String] = []
    let error = try await #require(throws: HTTPError.self) {
      for try await chunk in response.body { chunks.append(chunk.text) }
    }
    #expect(chunks == ["data: 1\n\n"])
    #expect(error.isTimeout)
    #expect(try await server.waitForExchange(0).outcome == .clientClosed)
  }

  @Test func theConnectTimeoutStopsCountingOnceTheHeadArrives() async throws {
    let server = try makeServer()
    defer { server.stop() }
    // The server pauses longer than the connect limit, but only after the head.
    server.route(
      .get, "/long", .eventStream([.text("a"), .delay(.milliseconds(1200)), .text("b")]))
    let client = makeClient(server, timeouts: HTTPTimeouts(connect: 0.6, idle: 5))
    let response = try await client.stream(HTTPRequest(path: "/long"))
    #expect(try await response.body.collect().text == "ab")
  }

  @Test func aSlowFirstByteWithinTheConnectLimitSucceeds() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.get, "/slow", .json(#"{"ok":1}"#).delayed(by: .milliseconds(150)))
    let client = makeClient(server, timeouts: HTTPTimeouts(connect: 5, idle: 5))
    #expect(try await client.send(HTTPRequest(path: "/slow")).text == #"{"ok":1}"#)
  }

  @Test func aTotalDeadlineEndsAStreamThatKeepsTalking() async throws {
    let server = try makeServer()
    defer { server.stop() }
    let steps: [LoopbackResponse.Step] = (0..<200).flatMap { _ in
      [LoopbackResponse.Step.text(": keep-alive\n"), .delay(.milliseconds(20))]
    }
    server.route(.get, "/chatty", .eventStream(steps))
    let client = makeClient(server, timeouts: HTTPTimeouts(connect: 5, idle: 5, total: 0.3))
    let response = try await client.stream(HTTPRequest(path: "/chatty"))
    let error = try await #require(throws: HTTPError.self) { _ = try await response.body.collect() }
    #expect(error.isTimeout)
  }

  @Test func aRequestTimeoutOverridesTheClientDefault() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.get, "/silent", .stall())
    let client = makeClient(server, timeouts: HTTPTimeouts(connect: 60, idle: 60))
    let error = try await #require(throws: HTTPError.self) {
      try await client.send(HTTPRequest(path: "/silent").withTimeout(0.2))
    }
    #expect(error.isTimeout)
  }

  @Test func aTimedOutAttemptIsRetried() async throws {
    let server = try makeServer()
    defer { server.stop() }
    // The first answer goes silent half way (idle timeout); the second arrives in one piece.
    server.enqueue(.chunked([.text("par"), .stall]), .json(#"{"ok":true}"#), path: "/flaky")
    let clock = RecordingClock()
    let client = makeClient(
      server, interceptors: [RetryInterceptor(policy: RetryPolicy(random: .constant(0.5)))],
      timeouts: HTTPTimeouts(connect: 10, idle: 0.3), clock: clock.appClock)
    let response = try await client.send(HTTPRequest(path: "/flaky"))
    #expect(response.text == #"{"ok":true}"#)
    #expect(clock.sleepSeconds == [0.5])
    #expect(server.requests.count == 2)
    #expect(try await server.waitForExchange(0).outcome == .clientClosed)
  }
}
