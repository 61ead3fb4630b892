import Core
import Foundation
import Networking
import TestSupport
import Testing

@Suite struct LoggingTests {
  @Test func logsMethodPathStatusAndDurationButNoSecrets() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.route(.post, "/v1/chat", .json(#"{"reply":"private answer"}"#))
    let sink = InMemoryLogSink()
    let logger = AppLogger(minimumLevel: .debug, sinks: [sink], now: { Fixture.referenceDate })
    let client = makeClient(
      server, interceptors: [AuthInterceptor(tokenProvider: FixedToken(token: "tok-123456"))],
      logger: logger)
    _ = try await client.send(
      HTTPRequest(path: "/v1/chat", method: .post)
        .withQuery("api_key", "query-secret")
        .withHeader("X-Api-Key", "header-secret")
        .withBody(Data(#"{"message":"private question"}"#.utf8), contentType: "application/json"))
    let text = sink.text
    #expect(text.contains("POST /v1/chat 200 in "))
    #expect(sink.records.allSatisfy { $0.category == .networking })
    for secret in [
      "tok-123456", "query-secret", "header-secret", "private question", "private answer",
    ] {
      #expect(!text.contains(secret))
    }
  }

  @Test func logsFailuresRetriesAndStreamEnds() async throws {
    let server = try makeServer()
    defer { server.stop() }
    server.enqueue(.status(503), .eventStream([.text("data: hi\n\n")]), path: "/s")
    let sink = InMemoryLogSink()
    let logger = AppLogger(minimumLevel: .debug, sinks: [sink], now: { Fixture.referenceDate })
    let client = makeClient(
      server, interceptors: [RetryInterceptor(policy: RetryPolicy(random: .constant(0.5)))],
      logger: logger)
    let response = try await client.stream(HTTPRequest(path: "/s"))
    _ = try await response.body.collect()
    try await waitUntil { sink.text.contains("stream finished") }
    let text = sink.text
    #expect(text.contains("GET /s failed after"))
    #expect(text.contains("HTTPError.status(503"))
    #expect(text.contains("GET /s retrying in 500 ms (attempt 2)"))
    #expect(text.contains("GET /s 200, streaming after"))
    #expect(text.contains("GET /s stream finished: 10 bytes"))
  }
}

/// Yields until `condition` holds (work finishing on another queue), without sleeping.
func waitUntil(_ condition: @Sendable () -> Bool) async throws {
  for _ in 0..<1_000_000 {
    if condition() { return }
    await Task.yield()
  }
  Issue.record("condition never became true")
}
