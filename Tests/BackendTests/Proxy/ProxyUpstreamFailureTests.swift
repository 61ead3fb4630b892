import Backend
import Foundation
import Networking
import TestSupport
import Testing

/// Upstream failures before the first byte: their statuses, and retries only where they
/// can help, through the injected sleeper.
@Suite struct ProxyUpstreamFailureTests {
  @Test func aRefusedConnectionIs502AfterTheRetryBudget() async throws {
    let closed = try LoopbackHTTPServer()
    let url = closed.url("/api/v1")
    closed.stop()
    let harness = try ProxyHarness(upstreamURL: url)
    let response = try await harness.ask()
    #expect(response.status == 502)
    #expect(response.errorCode == "upstream_error")
    #expect(harness.sleeps.durations == [.milliseconds(250), .milliseconds(500)])
    #expect(try await harness.ledger().map(\.status) == ["upstream_error"])
  }

  @Test func anUpstreamThatNeverAnswersIs504() async throws {
    let harness = try ProxyHarness(
      upstreamTimeouts: HTTPTimeouts(connect: 0.2, idle: 0.2, total: nil))
    defer { harness.stop() }
    harness.scriptResponse(.stall())
    let response = try await harness.ask()
    #expect(response.status == 504)
    #expect(response.errorCode == "upstream_timeout")
    #expect(harness.sleeps.durations.isEmpty)
  }

  @Test(arguments: [(500, 502), (502, 502), (503, 503)])
  func upstreamServerErrorsAreRetriedThenMapped(_ pair: (Int, Int)) async throws {
    let harness = try ProxyHarness { $0.retryBudget = 1 }
    defer { harness.stop() }
    harness.scriptResponse(.json(#"{"error":{"message":"boom secret-detail"}}"#, status: pair.0))
    harness.scriptResponse(.json(#"{"error":{"message":"boom secret-detail"}}"#, status: pair.0))
    let response = try await harness.ask()
    #expect(response.status == pair.1)
    #expect(!response.bodyText.contains("secret-detail"))
    #expect(harness.upstream?.requests.count == 2)
  }

  @Test(arguments: [401, 403])
  func aProviderAuthFailureIs502NeverTheUsersOwn(_ status: Int) async throws {
    let harness = try ProxyHarness()
    defer { harness.stop() }
    harness.scriptResponse(.json(#"{"error":{"message":"Invalid API key"}}"#, status: status))
    let response = try await harness.ask()
    #expect(response.status == 502)
    #expect(!response.bodyText.contains("API key"))
    #expect(harness.upstream?.requests.count == 1)
  }

  @Test func anUpstream429KeepsItsRetryAfter() async throws {
    let harness = try ProxyHarness()
    defer { harness.stop() }
    harness.scriptResponse(.json("{}", status: 429).header("Retry-After", "37"))
    let response = try await harness.ask()
    #expect(response.status == 429)
    #expect(response.header("Retry-After") == "37")
    // Nothing was answered, so the free message came back (decision 133).
    #expect(response.header(ProxyService.freeMessagesHeader) == "10")
    #expect(harness.upstream?.requests.count == 1)
  }

  @Test func aShortRetryAfterIsWaitedOutThenTheReplyStreams() async throws {
    let harness = try ProxyHarness()
    defer { harness.stop() }
    harness.scriptResponse(.json("{}", status: 429).header("Retry-After", "1"))
    harness.scriptStream(UpstreamScript.reply())
    let response = try await harness.ask()
    #expect(response.status == 200)
    #expect(try await response.streamedText().hasSuffix("data: [DONE]\n\n"))
    #expect(harness.sleeps.durations == [.seconds(1)])
  }

  @Test func aFailureAfterTheFirstByteIsNeverRetried() async throws {
    let harness = try ProxyHarness()
    defer { harness.stop() }
    harness.scriptStream([.text(UpstreamScript.chunk("Hi")), .dropConnection])
    let response = try await harness.ask()
    #expect(response.status == 200)
    let text = try await response.streamedText()
    #expect(text.contains(#"{"error":{"code":"upstream_error""#))
    #expect(!text.contains("[DONE]"))
    #expect(harness.upstream?.requests.count == 1)
    #expect(harness.sleeps.durations.isEmpty)
  }
}
