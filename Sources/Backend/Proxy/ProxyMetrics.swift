import Synchronization

/// The proxy's counters, as Prometheus text lines kiln-server appends to `/metrics`:
/// upstream latency (time to the response head) as a histogram, prompt and completion
/// tokens, replies by how they ended, and refusals by reason. Labels are fixed words
/// and error codes; never a user, a model's reply, a message or a token.
public final class ProxyMetrics: Sendable {
  /// The histogram's upper bounds, in seconds.
  public static let latencyBuckets: [Double] = [
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30,
  ]

  private struct State {
    var latencyCounts = [Int](repeating: 0, count: ProxyMetrics.latencyBuckets.count)
    var latencyCount = 0
    var latencySum = 0.0
    var promptTokens = 0
    var completionTokens = 0
    var replies: [String: Int] = [:]
    var refusals: [String: Int] = [:]
    var refunds = 0
  }

  private let state = Mutex(State())

  /// Empty counters.
  public init() {}

  /// Counts one upstream response head that arrived `seconds` after the request was sent.
  public func recordUpstreamLatency(seconds: Double) {
    let value = max(0, seconds)
    state.withLock { state in
      for (index, bound) in Self.latencyBuckets.enumerated() where value <= bound {
        state.latencyCounts[index] += 1
      }
      state.latencyCount += 1
      state.latencySum += value
    }
  }

  /// Counts the tokens the upstream reported for one reply.
  public func recordTokens(prompt: Int?, completion: Int?) {
    state.withLock { state in
      state.promptTokens += prompt ?? 0
      state.completionTokens += completion ?? 0
    }
  }

  /// Counts one reply that ended as `status` (`completed`, `cancelled`, `upstream_error`).
  public func recordReply(status: String) {
    state.withLock { $0.replies[status, default: 0] += 1 }
  }

  /// Counts one refusal with the contract's error `code` (`unauthorized`, …).
  public func recordRefusal(code: String) {
    state.withLock { $0.refusals[code, default: 0] += 1 }
  }

  /// Counts one free message given back after an upstream failure (decision 133).
  public func recordRefund() {
    state.withLock { $0.refunds += 1 }
  }

  /// How many refusals had `code`.
  public func refusals(code: String) -> Int {
    state.withLock { $0.refusals[code] ?? 0 }
  }

  /// The counters as Prometheus text exposition lines, each ending with a line feed.
  public func prometheusText() -> String {
    let snapshot = state.withLock { $0 }
    var lines: [String] = []
    lines.append("# HELP kiln_proxy_upstream_latency_seconds Time to the upstream's response head.")
    lines.append("# TYPE kiln_proxy_upstream_latency_seconds histogram")
    for (index, bound) in Self.latencyBuckets.enumerated() {
      lines.append(
        "kiln_proxy_upstream_latency_seconds_bucket{le=\"\(bound)\"} "
          + "\(snapshot.latencyCounts[index])")
    }
    lines.append("kiln_proxy_upstream_latency_seconds_bucket{le=\"+Inf\"} \(snapshot.latencyCount)")
    lines.append("kiln_proxy_upstream_latency_seconds_sum \(snapshot.latencySum)")
    lines.append("kiln_proxy_upstream_latency_seconds_count \(snapshot.latencyCount)")
    lines.append("# HELP kiln_proxy_tokens_total Tokens the upstream reported.")
    lines.append("# TYPE kiln_proxy_tokens_total counter")
    lines.append("kiln_proxy_tokens_total{kind=\"prompt\"} \(snapshot.promptTokens)")
    lines.append("kiln_proxy_tokens_total{kind=\"completion\"} \(snapshot.completionTokens)")
    lines.append("# HELP kiln_proxy_replies_total Replies by how they ended.")
    lines.append("# TYPE kiln_proxy_replies_total counter")
    for (status, count) in snapshot.replies.sorted(by: { $0.key < $1.key }) {
      lines.append("kiln_proxy_replies_total{status=\"\(status)\"} \(count)")
    }
    lines.append("# HELP kiln_proxy_refusals_total Requests refused, by error code.")
    lines.append("# TYPE kiln_proxy_refusals_total counter")
    for (code, count) in snapshot.refusals.sorted(by: { $0.key < $1.key }) {
      lines.append("kiln_proxy_refusals_total{reason=\"\(code)\"} \(count)")
    }
    lines.append(
      "# HELP kiln_proxy_free_refunds_total Free messages given back after upstream failures.")
    lines.append("# TYPE kiln_proxy_free_refunds_total counter")
    lines.append("kiln_proxy_free_refunds_total \(snapshot.refunds)")
    return lines.joined(separator: "\n") + "\n"
  }
}
