import Core
import Foundation
import Networking
import TestSupport
import Testing

@Suite struct RetryTests {
  let clock = RecordingClock()

  func client(
    _ server: LoopbackHTTPServer, policy: RetryPolicy = RetryPolicy(random: .constant(0.5))
  ) -> URLSessionHTTPClient {
    makeClient(server, interceptors: [RetryInterceptor(policy: policy)], clock: clock.appClock)
  }

  @Test func retriesServerErrorsWithExponentialBackoffUntilSuccess() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.enqueue(.status(503), .status(502), .json(#"{"ok":true}"#), path: "/models")
    let response = try await client(server).send(HTTPRequest(path: "/models"))
    #expect(response.text == #"{"ok":true}"#)
    #expect(clock.sleepSeconds == [0.5, 1.0])
    #expect(server.requests.count == 3)
  }

  @Test func givesUpAfterMaxAttemptsWithTheLastError() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.enqueue(
      .status(500), .status(500), .json(#"{"error":"still down"}"#, status: 503), path: "/x")
    let error = try await #require(throws: HTTPError.self) {
      try await client(server).send(HTTPRequest(path: "/x"))
    }
    #expect(error.statusCode == 503)
    #expect(error.serverError?.message == "still down")
    #expect(server.requests.count == 3)
    #expect(clock.sleepSeconds == [0.5, 1.0])
  }

  @Test func jitterComesFromTheInjectedRandomSource() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.enqueue(.status(500), .status(500), .status(200), path: "/x")
    _ = try await client(server, policy: RetryPolicy(random: .constant(0))).send(
      HTTPRequest(path: "/x"))
    #expect(clock.sleepSeconds.map { ($0 * 1000).rounded() } == [400, 800])
  }

  @Test(arguments: [400, 401, 403, 404, 422])
  func doesNotRetryClientErrors(status: Int) async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.post, "/x", .status(status))
    await #expect(throws: HTTPError.self) {
      try await client(server).send(HTTPRequest(path: "/x", method: .post))
    }
    #expect(server.requests.count == 1)
    #expect(clock.sleeps.isEmpty)
  }

  @Test func honoursRetryAfterInSeconds() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.enqueue(.status(429).header("Retry-After", "3"), .status(200), path: "/x")
    _ = try await client(server).send(HTTPRequest(path: "/x"))
    #expect(clock.sleepSeconds == [3])
  }

  @Test func honoursRetryAfterAsAnHTTPDateOnTheInjectedClock() async throws {
    let server = try makeServer()
    defer { server.stop() }
    // The clock reads 2026-06-01 12:00:00 UTC; the server asks for 12:00:07.
    server.enqueue(
      .status(503).header("Retry-After", "Mon, 01 Jun 2026 12:00:07 GMT"), .status(200), path: "/x")
    _ = try await client(server).send(HTTPRequest(path: "/x"))
    #expect(clock.sleepSeconds == [7])
  }

  @Test func aRetryAfterLongerThanTheCapSurfacesAsRateLimited() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(
      .post, "/chat",
      .json(#"{"error":{"code":"rate_limited"}}"#, status: 429).header("Retry-After", "30"))
    let error = try await #require(throws: HTTPError.self) {
      try await client(server).stream(HTTPRequest(path: "/chat", method: .post))
    }
    #expect(AppError.from(error) == .rateLimited(retryAfter: 30))
    #expect(server.requests.count == 1)
    #expect(clock.sleeps.isEmpty)
  }

  @Test func theRetryAfterCapIsConfigurable() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.enqueue(.status(429).header("Retry-After", "30"), .status(200), path: "/x")
    let patient = RetryPolicy(maxRetryAfter: 60, random: .constant(0.5))
    _ = try await client(server, policy: patient).send(HTTPRequest(path: "/x"))
    #expect(clock.sleepSeconds == [30])
  }

  @Test func aStreamIsRetriedBeforeItsFirstByte() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.enqueue(.status(503), .eventStream([.text("data: ok\n\n")]), path: "/chat")
    let response = try await client(server).stream(HTTPRequest(path: "/chat", method: .post))
    #expect(try await response.body.collect().text == "data: ok\n\n")
    #expect(server.requests.count == 2)
    #expect(clock.sleepSeconds == [0.5])
  }

  @Test func aStreamIsNeverSentAgainOnceItsBodyHasStarted() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.post, "/chat", .eventStream([.text("data: partial\n\n"), .dropConnection]))
    let response = try await client(server).stream(HTTPRequest(path: "/chat", method: .post))
    var received = ""
    await #expect(throws: HTTPError.self) {
      for try await chunk in response.body { received += chunk.text }
    }
    #expect(received == "data: partial\n\n")
    #expect(server.requests.count == 1)
    #expect(clock.sleeps.isEmpty)
  }

  @Test func aBufferedResponseCutShortIsRetried() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.enqueue(
      .chunked([.text("half"), .dropConnection]), .text("whole"), path: "/doc")
    let response = try await client(server).send(HTTPRequest(path: "/doc"))
    #expect(response.text == "whole")
    #expect(server.requests.count == 2)
  }

  @Test func aDroppedConnectionBeforeTheResponseIsRetried() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.enqueue(.dropConnection(), .text("ok"), path: "/x")
    #expect(try await client(server).send(HTTPRequest(path: "/x")).text == "ok")
    #expect(server.requests.count == 2)
  }

  @Test func cancellationDuringTheBackoffStopsWithoutAnotherAttempt() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.get, "/x", .status(503))
    let manual = ManualClock()
    let client = makeClient(
      server, interceptors: [RetryInterceptor(policy: RetryPolicy(random: .constant(0.5)))],
      clock: manual.appClock)
    let task = Task { try await client.send(HTTPRequest(path: "/x")) }
    #expect(await waitForSleeper(manual))
    #expect(manual.pendingDeadlines == [manual.now.addingTimeInterval(0.5)])
    task.cancel()
    await #expect(throws: HTTPError.cancelled) { try await task.value }
    #expect(server.requests.count == 1)
  }

  @Test func eachAttemptWaitsOnTheClockBeforeBeingSent() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.enqueue(.status(500), .status(200), path: "/x")
    let manual = ManualClock()
    let client = makeClient(
      server, interceptors: [RetryInterceptor(policy: RetryPolicy(random: .constant(0.5)))],
      clock: manual.appClock)
    let task = Task { try await client.send(HTTPRequest(path: "/x")) }
    #expect(await waitForSleeper(manual))
    #expect(server.requests.count == 1)
    await manual.advance(by: .milliseconds(500))
    #expect(try await task.value.statusCode == 200)
    #expect(server.requests.count == 2)
  }
}

/// Waits until the client sleeps on `clock`; real network I/O comes first, which
/// `waitForSleepers` covers by polling the real clock once yielding is not enough.
func waitForSleeper(_ clock: ManualClock) async -> Bool {
  await clock.waitForSleepers(1)
}
