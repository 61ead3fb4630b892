import Foundation

/// The figures of `kiln-bench proxy`, direct beside proxied, with the targets of issue #17
/// beside them. Each results list is: sequential non-streaming, sequential streams, 50, 64
/// and 1,000 concurrent streams. The throughput target is the issue's, at 50 clients, judged
/// on the median of `throughput`'s rounds; the short runs' ratios are printed beside it.
struct ProxyBenchmarkReport {
  /// One round of the throughput target: 50 clients direct, then through kiln-server.
  /// CPU time per completed stream, in microseconds, of each server in one round.
  struct CPUPerStream {
    /// The upstream serving the direct load.
    var upstreamAlone = Double.nan
    /// kiln-server, and the upstream behind it, during the proxied load.
    var kilnServer = Double.nan
    var upstreamBehindKiln = Double.nan
    /// nginx's workers during the pass-through load.
    var nginx: Double?
  }

  struct ThroughputRound {
    var direct: ProxyBenchmarkLoad.Result
    var proxied: ProxyBenchmarkLoad.Result
    /// nginx passing the same streams through, for scale (when nginx is here).
    var passThrough: ProxyBenchmarkLoad.Result?
    var cost = CPUPerStream()
    var ratio: Double { proxied.perSecond / max(0.001, direct.perSecond) }
    var passThroughRatio: Double? {
      passThrough.map { $0.perSecond / max(0.001, direct.perSecond) }
    }
  }

  let direct: [ProxyBenchmarkLoad.Result]
  let proxied: [ProxyBenchmarkLoad.Result]
  let throughput: [ThroughputRound]
  let residentKiB: Int
  let peakKiB: Int

  /// Prints the figures and returns the targets missed, each with by how much.
  func printAndJudge(sequential: Int) -> [String] {
    guard direct.count == 5, proxied.count == 5 else { return ["a scenario did not run"] }
    typealias Result = ProxyBenchmarkLoad.Result
    var missed: [String] = []
    let scenarios = [
      "sequential, small non-streaming reply (\(sequential) requests, one connection)",
      "sequential streams (\(sequential / 2), one connection)",
      "50 concurrent streaming clients (30 streams each)",
      "64 concurrent streaming clients (30 streams each)",
      "1,000 concurrent streaming clients (3 streams each)",
    ]
    for (index, title) in scenarios.enumerated() {
      print("  \(title):")
      for (name, result) in [("direct", direct[index]), ("kiln-server", proxied[index])] {
        let latency = result.latencies
        var line =
          "    \(name.padding(toLength: 12, withPad: " ", startingAt: 0))"
          + "\(format(result.perSecond, 0))/s  whole p50 \(format(Result.percentile(latency, 0.5)))"
          + " ms  p99 \(format(Result.percentile(latency, 0.99))) ms"
        if index > 0 {
          line +=
            "  first token p50 \(format(Result.percentile(result.firstTokens, 0.5))) ms"
            + "  p99 \(format(Result.percentile(result.firstTokens, 0.99))) ms"
        }
        line += "  errors \(result.errors)" + (result.firstError.map { " (\($0))" } ?? "")
        print(line)
      }
    }
    let plainDirect = direct[0].latencies
    let plainProxied = proxied[0].latencies
    let addedP50 = Result.percentile(plainProxied, 0.5) - Result.percentile(plainDirect, 0.5)
    let addedP99 = Result.percentile(plainProxied, 0.99) - Result.percentile(plainDirect, 0.99)
    let addedFirst =
      Result.percentile(proxied[1].firstTokens, 0.5)
      - Result.percentile(direct[1].firstTokens, 0.5)
    let addedFirst99 =
      Result.percentile(proxied[1].firstTokens, 0.99)
      - Result.percentile(direct[1].firstTokens, 0.99)
    let shortRatio = proxied[2].perSecond / max(0.001, direct[2].perSecond)
    let ratio64 = proxied[3].perSecond / max(0.001, direct[3].perSecond)
    let ratios = throughput.map(\.ratio).sorted()
    let ratio = ratios.isEmpty ? 0 : ratios[ratios.count / 2]
    let roundErrors = throughput.reduce(0) { $0 + $1.direct.errors + $1.proxied.errors }
    print("  50 concurrent streaming clients, 10,000 streams a side, alternating:")
    for (index, round) in throughput.enumerated() {
      let nginx = round.passThrough.map { result in
        "; nginx pass-through \(format(result.perSecond, 0))/s,"
          + " \(format(round.passThroughRatio ?? 0, 2))x, errors \(result.errors)"
      }
      print(
        "    round \(index + 1): direct \(format(round.direct.perSecond, 0))/s,"
          + " kiln-server \(format(round.proxied.perSecond, 0))/s, \(format(round.ratio, 2))x;"
          + " errors \(round.direct.errors + round.proxied.errors)" + (nginx ?? ""))
      let cost = round.cost
      print(
        "      CPU per stream: upstream alone \(format(cost.upstreamAlone, 0)) µs;"
          + " kiln-server \(format(cost.kilnServer, 0)) µs"
          + " (+ upstream \(format(cost.upstreamBehindKiln, 0)) µs)"
          + (cost.nginx.map { "; nginx \(format($0, 0)) µs" } ?? ""))
    }
    print("  added by kiln-server:")
    print(
      "    non-streaming p50 +\(format(addedP50)) ms (target < 0.5 ms) \(verdict(addedP50 < 0.5))")
    print("    non-streaming p99 +\(format(addedP99)) ms (target < 2 ms) \(verdict(addedP99 < 2))")
    print(
      "    time to first token p50 +\(format(addedFirst)) ms  p99 +\(format(addedFirst99)) ms")
    print(
      "    50 concurrent streams: \(format(ratio, 2))x the direct throughput, the rounds' median"
        + " (target >= 0.50x) \(verdict(ratio >= 0.5)); the short runs above:"
        + " \(format(shortRatio, 2))x at 50, \(format(ratio64, 2))x at 64")
    let passThrough = throughput.compactMap(\.passThroughRatio).sorted()
    if !passThrough.isEmpty {
      print(
        "    for scale, nginx passing the same streams through (no token check, no store, no"
          + " re-framing): \(format(passThrough[passThrough.count / 2], 2))x, the rounds' median")
    }
    func median(_ values: [Double]) -> Double {
      let sorted = values.filter { !$0.isNaN }.sorted()
      return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }
    let nginxCosts = throughput.compactMap(\.cost.nginx)
    print(
      "    CPU per stream, the rounds' median: kiln-server"
        + " \(format(median(throughput.map(\.cost.kilnServer)), 0)) µs; the upstream alone"
        + " \(format(median(throughput.map(\.cost.upstreamAlone)), 0)) µs"
        + (nginxCosts.isEmpty ? "" : "; nginx passing through \(format(median(nginxCosts), 0)) µs"))
    let thousandOK = proxied[4].errors == 0 && proxied[4].completed == 3000
    let memoryOK = peakKiB < 150 * 1024
    print(
      "    1,000 concurrent proxied streams: \(proxied[4].completed) complete,"
        + " \(proxied[4].errors) errors (target 0) \(verdict(thousandOK))")
    print(
      "    kiln-server RSS now \(residentKiB / 1024) MiB, peak \(peakKiB / 1024) MiB"
        + " (target < 150 MB) \(verdict(memoryOK))")
    if !(addedP50 < 0.5) {
      missed.append("added p50 \(format(addedP50)) ms (+\(format(addedP50 - 0.5)) over)")
    }
    if !(addedP99 < 2) {
      missed.append("added p99 \(format(addedP99)) ms (+\(format(addedP99 - 2)) over)")
    }
    if !(ratio >= 0.5) { missed.append("50-stream throughput \(format(ratio, 2))x direct") }
    if roundErrors > 0 { missed.append("the throughput rounds had \(roundErrors) errors") }
    if !thousandOK { missed.append("1,000 streams: \(proxied[4].errors) errors") }
    if !memoryOK { missed.append("peak RSS \(peakKiB / 1024) MiB") }
    for (index, result) in direct.enumerated() where result.errors > 0 {
      missed.append("the direct run of scenario \(index + 1) had \(result.errors) errors")
    }
    return missed
  }

  private func verdict(_ ok: Bool) -> String { ok ? "ok" : "MISSED" }
}

/// A number with `digits` decimals.
private func format(_ value: Double, _ digits: Int = 3) -> String {
  String(format: "%.\(digits)f", value)
}
