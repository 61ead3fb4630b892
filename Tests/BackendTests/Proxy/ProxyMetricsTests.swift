import Backend
import Core
import Foundation
import Testing

@Suite struct ProxyMetricsTests {
  @Test func metricsCountRefusalsTokensAndLatencyButNoContentOrTokens() async throws {
    let harness = try ProxyHarness()
    defer { harness.stop() }
    harness.scriptStream(UpstreamScript.reply(["secret", " words"]))
    _ = try await harness.ask(ProxyHarness.body("my private question")).streamedText()
    _ = try await harness.ask(ProxyHarness.body(model: "nope"))
    let token = try harness.token()
    let text = harness.metrics.prometheusText()
    #expect(text.contains(#"kiln_proxy_refusals_total{reason="invalid_model"} 1"#))
    #expect(text.contains(#"kiln_proxy_tokens_total{kind="prompt"} 12"#))
    #expect(text.contains(#"kiln_proxy_tokens_total{kind="completion"} 3"#))
    #expect(text.contains("kiln_proxy_upstream_latency_seconds_count 1"))
    #expect(text.contains(#"kiln_proxy_replies_total{status="completed"} 1"#))
    for secret in ["secret", "private", token, ProxyHarness.upstreamKey, "user-1"] {
      #expect(!text.contains(secret))
    }
    #expect(text.hasSuffix("\n"))
  }

  /// Anchors §0.8: no key, token, message or upstream error body reaches the logs.
  @Test func logsNeverHoldTheKeyTheTokenTheMessagesOrTheUpstreamsErrorBody() async throws {
    let sink = InMemoryLogSink()
    let harness = try ProxyHarness(logger: AppLogger(minimumLevel: .debug, sinks: [sink])) {
      $0.retryBudget = 0
    }
    defer { harness.stop() }
    harness.scriptResponse(.json(#"{"error":{"message":"bad key sk-provider-echo"}}"#, status: 500))
    harness.scriptStream(UpstreamScript.reply(["private", " answer"]))
    let failed = try await harness.ask(ProxyHarness.body("my private question"))
    #expect(failed.status == 502)
    _ = try await harness.ask(ProxyHarness.body("another private question")).streamedText()
    #expect(sink.text.contains("status 500"))
    let token = try harness.token()
    for secret in [ProxyHarness.upstreamKey, token, "private", "sk-provider-echo", "Bearer"] {
      #expect(!sink.text.contains(secret))
    }
  }
}
