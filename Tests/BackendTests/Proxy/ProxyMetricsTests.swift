import Backend
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
}
