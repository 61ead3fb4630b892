import Backend
import Foundation
import Networking
import TestSupport
import Testing

/// The free message charged at admission comes back when the upstream fails before any of
/// the reply reached the client, and only then (decision 133): the next answer's
/// `X-Free-Messages-Remaining` is what it was before the failed request.
@Suite struct ProxyRefundTests {
  /// Ways an upstream fails before the first content byte.
  enum EarlyFailure: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case serverErrorsAfterRetries
    case tooManyRequests
    case timeoutBeforeTheFirstByte
    case silenceAfterTheHead
    case malformedFirstChunk
    case droppedBeforeAnyText

    var testDescription: String { rawValue }

    /// Queues the failing answers (as many as the proxy's attempts use).
    func script(_ harness: ProxyHarness) {
      switch self {
      case .serverErrorsAfterRetries:
        for _ in 0..<2 {
          harness.scriptResponse(.json(#"{"error":{"message":"down"}}"#, status: 500))
        }
      case .tooManyRequests:
        harness.scriptResponse(.json("{}", status: 429).header("Retry-After", "3600"))
      case .timeoutBeforeTheFirstByte:
        harness.scriptResponse(.stall())
      case .silenceAfterTheHead:
        harness.scriptStream([.stall])
      case .malformedFirstChunk:
        harness.scriptStream([.text("data: this is not json\n\n")])
      case .droppedBeforeAnyText:
        // A role-only chunk and a keep-alive show the user nothing.
        let role =
          #"data: {"id":"gen-1","choices":[{"index":0,"delta":{"role":"assistant","content":""}}]}"#
          + "\n\n"
        harness.scriptStream([.text(": keep-alive\n\n"), .text(role), .dropConnection])
      }
    }
  }

  @Test(arguments: EarlyFailure.allCases)
  func aFailureBeforeTheFirstContentGivesTheFreeMessageBack(failure: EarlyFailure) async throws {
    let harness = try ProxyHarness(
      upstreamTimeouts: HTTPTimeouts(connect: 2, idle: 0.3, total: nil)
    ) { $0.retryBudget = 1 }
    defer { harness.stop() }
    failure.script(harness)
    harness.scriptStream(UpstreamScript.reply())
    let failed = try await harness.ask()
    if failed.status == 200 {
      let text = try await failed.streamedText()
      #expect(text.contains(#"{"error":{"code":"upstream_error""#))
      #expect(failed.header(ProxyService.freeMessagesHeader) == "9", "sent before the failure")
    } else {
      #expect(failed.header(ProxyService.freeMessagesHeader) == "10")
    }
    let next = try await harness.ask()
    #expect(next.status == 200)
    #expect(next.header(ProxyService.freeMessagesHeader) == "9")
    _ = try await next.streamedText()
    #expect(try await harness.ledger().map(\.status) == ["upstream_error", "completed"])
    #expect(harness.metrics.prometheusText().contains("kiln_proxy_free_refunds_total 1\n"))
  }

  @Test func aStreamThatFailsAfterItsFirstTextKeepsTheCharge() async throws {
    let harness = try ProxyHarness()
    defer { harness.stop() }
    harness.scriptStream([.text(UpstreamScript.chunk("Hi")), .dropConnection])
    harness.scriptStream(UpstreamScript.reply())
    let failed = try await harness.ask()
    #expect(failed.status == 200)
    #expect(try await failed.streamedText().contains(#"{"error":{"code":"upstream_error""#))
    let next = try await harness.ask()
    #expect(next.header(ProxyService.freeMessagesHeader) == "8")
    _ = try await next.streamedText()
    #expect(harness.metrics.prometheusText().contains("kiln_proxy_free_refunds_total 0\n"))
  }

  @Test func aMalformedWholeCompletionGivesTheFreeMessageBack() async throws {
    let harness = try ProxyHarness()
    defer { harness.stop() }
    harness.scriptResponse(.json("{not json"))
    let failed = await harness.service.handleChatCompletions(
      ProxyHarness.request(ProxyHarness.body(), token: try harness.token()))
    #expect(failed.status == 502)
    #expect(failed.header(ProxyService.freeMessagesHeader) == "10")
    #expect(
      try await harness.store.admit(
        AdmissionRequest(
          userID: "user-1", now: harness.clock.now, rateLimit: nil,
          freeAllowance: FreeAllowance(limit: 10, period: .lifetime), charge: false))
        == .admitted(freeRemaining: 10))
  }

  @Test func aRefusedConnectionIsRefundedEveryTime() async throws {
    let closed = try LoopbackHTTPServer()
    let url = closed.url("/api/v1")
    closed.stop()
    let harness = try ProxyHarness(upstreamURL: url) { $0.retryBudget = 0 }
    for _ in 0..<3 {
      let response = try await harness.ask()
      #expect(response.status == 502)
      #expect(response.header(ProxyService.freeMessagesHeader) == "10")
    }
    #expect(try await harness.ledger().count == 3)
  }
}
