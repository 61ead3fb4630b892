import Foundation

/// The table `kiln-bench sync` prints for one store: each round's time against its target,
/// what it moved, where the time went (waiting for HTTP answers, this process's CPU,
/// the server's CPU) and the floors measured in the same run.
struct SyncBenchmarkReport {
  static let firstSyncTarget = Duration.seconds(2)
  static let incrementalTarget = Duration.milliseconds(20)

  private var rows: [[String]] = [
    [
      "measure", "time", "target", "met?", "requests", "sent", "received", "rows/s", "in HTTP",
      "client CPU", "server CPU", "PG CPU", "HTTP replay", "raw SQLite",
    ]
  ]

  /// A first round, with its floors.
  mutating func addFirst(
    _ name: String, _ round: SyncBenchmarkRound, rows moved: Int, replay: Duration,
    raw: Duration
  ) {
    let seconds = Self.seconds(round.wall)
    rows.append([
      name, Self.format(round.wall), "< \(Self.format(Self.firstSyncTarget))",
      round.wall < Self.firstSyncTarget ? "PASS" : "MISS", "\(round.calls.count)",
      Self.bytes(round.report.bytesSent), Self.bytes(round.report.bytesReceived),
      String(format: "%.0f", Double(moved) / max(seconds, 1e-9)), Self.format(round.inHTTP),
      Self.format(round.clientCPU), Self.format(.seconds(round.serverCPU)),
      round.databaseCPU.map { Self.format(.seconds($0)) } ?? "", Self.format(replay),
      Self.format(raw),
    ])
  }

  /// The part of a round before its first pull.
  mutating func addPushPhase(_ round: SyncBenchmarkRound) {
    let pushes = round.calls.filter { !$0.path.hasSuffix("sync_pull") }
    let inHTTP = pushes.reduce(Duration.zero) { $0 + $1.duration }
    rows.append([
      "  of which pushes", Self.format(round.pushPhase), "", "", "\(pushes.count)",
      Self.bytes(pushes.reduce(0) { $0 + $1.sent }),
      Self.bytes(pushes.reduce(0) { $0 + $1.received }),
      String(
        format: "%.0f", Double(round.report.pushed) / max(Self.seconds(round.pushPhase), 1e-9)),
      Self.format(inHTTP), "", "", "", "", "",
    ])
  }

  /// The `fraction` percentile of incremental rounds' time, with the medians of what they
  /// moved and of where their time went (the servers' CPU times are means).
  mutating func addIncremental(_ name: String, _ rounds: [SyncBenchmarkRound], _ fraction: Double) {
    let wall = Self.percentile(rounds.map(\.wall), fraction)
    func median<T: Comparable>(_ values: [T]) -> T? {
      values.isEmpty ? nil : values.sorted()[(values.count - 1) / 2]
    }
    rows.append([
      name + String(format: ", p%.0f", fraction * 100), Self.format(wall),
      "< \(Self.format(Self.incrementalTarget))",
      wall < Self.incrementalTarget ? "PASS" : "MISS",
      "\(median(rounds.map(\.calls.count)) ?? 0)",
      Self.bytes(median(rounds.map(\.report.bytesSent)) ?? 0),
      Self.bytes(median(rounds.map(\.report.bytesReceived)) ?? 0), "",
      Self.format(median(rounds.map(\.inHTTP)) ?? .zero),
      Self.format(median(rounds.map(\.clientCPU)) ?? .zero),
      // Means: /proc counts CPU time in ticks of 10 ms, longer than most rounds.
      Self.format(.seconds(Self.mean(rounds.map(\.serverCPU)))),
      rounds.first?.databaseCPU == nil
        ? "" : Self.format(.seconds(Self.mean(rounds.compactMap(\.databaseCPU)))), "", "",
    ])
  }

  func print() {
    BenchmarkTable.print(rows)
  }

  static func mean(_ values: [Double]) -> Double {
    values.reduce(0, +) / Double(max(values.count, 1))
  }

  /// The nearest-rank percentile.
  static func percentile(_ samples: [Duration], _ fraction: Double) -> Duration {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return .zero }
    let rank = Int((Double(sorted.count) * fraction).rounded(.up))
    return sorted[min(sorted.count - 1, max(0, rank - 1))]
  }

  static func seconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }

  static func format(_ duration: Duration) -> String {
    let value = seconds(duration)
    if value >= 1 { return String(format: "%.2f s", value) }
    if value >= 0.001 { return String(format: "%.1f ms", value * 1000) }
    return String(format: "%.0f us", value * 1e6)
  }

  static func bytes(_ count: Int) -> String {
    if count >= 1_000_000 { return String(format: "%.2f MB", Double(count) / 1e6) }
    if count >= 1000 { return String(format: "%.1f kB", Double(count) / 1e3) }
    return "\(count) B"
  }
}
