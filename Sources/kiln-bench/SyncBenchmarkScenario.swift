import Foundation
import Storage

/// One store's run of `kiln-bench sync`: device A writes the corpus through Storage's
/// repositories (its journal records every row for the account) and pushes it all in its
/// first round; device B, new and signed in to the same account, pulls it all in its first
/// round; then, `rounds` times, A writes `incremental` messages and runs a round (push, then
/// pull) and B runs the round that pulls them. Every round is checked, so a figure never
/// stands for a round that did less than it should.
struct SyncBenchmarkScenario {
  let server: SyncBenchmarkServer
  let postgres: SyncBenchmarkPostgres?
  let directory: URL
  let bundles: [ConversationBundle]
  let corpus: SyncBenchmarkCorpus
  let rounds: Int
  let incremental: Int

  /// What one store's run measured.
  struct Results {
    var seeding: Duration
    var firstPush: SyncBenchmarkRound
    var firstPull: SyncBenchmarkRound
    var pushReplay: Duration
    var pullReplay: Duration
    var incrementalA: [SyncBenchmarkRound] = []
    var incrementalB: [SyncBenchmarkRound] = []
  }

  var rowCount: Int { bundles.count + bundles.reduce(0) { $0 + $1.messages.count } }

  /// Runs the scenario on two new devices in `directory`.
  /// - Throws: `BenchmarkError` when a round fails or does less than it should;
  ///   `StorageError`.
  func run() async throws -> Results {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let deviceA = try await SyncBenchmarkDevice(
      path: directory.appendingPathComponent("a.sqlite").path, server: server)
    let deviceB: SyncBenchmarkDevice
    do {
      deviceB = try await SyncBenchmarkDevice(
        path: directory.appendingPathComponent("b.sqlite").path, server: server)
    } catch {
      await deviceA.close()
      throw error
    }
    do {
      let results = try await run(deviceA, deviceB)
      await deviceA.close()
      await deviceB.close()
      return results
    } catch {
      await deviceA.close()
      await deviceB.close()
      throw error
    }
  }

  private func run(
    _ deviceA: SyncBenchmarkDevice, _ deviceB: SyncBenchmarkDevice
  ) async throws -> Results {
    // As the app writes an imported archive: a transaction per batch of conversations.
    let seeding = try await StorageBenchmarkClock.time {
      for start in stride(from: 0, to: bundles.count, by: 10) {
        try await deviceA.conversations.insert(
          Array(bundles[start..<min(start + 10, bundles.count)]))
      }
    }
    let pending = try await deviceA.engine.status().pendingRows
    try expect(pending == rowCount, "device A's outbox holds \(pending) rows, not \(rowCount)")

    deviceA.http.keepBodies(true)
    let firstPush = try await measure(deviceA)
    deviceA.http.keepBodies(false)
    try expect(
      firstPush.report.pushed == rowCount && firstPush.report.applied == rowCount,
      "device A's first round pushed \(firstPush.report.pushed) rows"
        + " (\(firstPush.report.applied) applied), not \(rowCount)")

    deviceB.http.keepBodies(true)
    let firstPull = try await measure(deviceB)
    deviceB.http.keepBodies(false)
    let counts = try await deviceB.counts()
    let messageCount = rowCount - bundles.count
    try expect(
      counts.conversations == bundles.count && counts.messages == messageCount,
      "device B holds \(counts.conversations) conversations and \(counts.messages) messages"
        + " after its first round, not \(bundles.count) and \(messageCount)")
    try await expectSameText(on: deviceB)

    var results = Results(
      seeding: seeding, firstPush: firstPush, firstPull: firstPull,
      pushReplay: try await SyncBenchmarkBaseline.replay(firstPush.calls),
      pullReplay: try await SyncBenchmarkBaseline.replay(firstPull.calls))
    for round in 0..<rounds {
      let conversation = bundles[round % bundles.count].conversation.id
      for index in 0..<incremental {
        _ = try await deviceA.messages.append(
          corpus.message(in: conversation, parent: nil, at: Date(), isReply: index % 2 == 1))
      }
      let pushed = try await measure(deviceA)
      try expect(
        pushed.report.pushed >= incremental,
        "device A pushed \(pushed.report.pushed) rows, not \(incremental)")
      let pulled = try await measure(deviceB)
      try expect(
        pulled.report.pulled >= incremental,
        "device B pulled \(pulled.report.pulled) rows, not \(incremental)")
      results.incrementalA.append(pushed)
      results.incrementalB.append(pulled)
    }
    return results
  }

  /// A round of `device`, with the servers' CPU time during it.
  private func measure(_ device: SyncBenchmarkDevice) async throws -> SyncBenchmarkRound {
    let server = ServerBenchmarkTools.cpuSeconds(self.server.pid)
    let database = postgres?.cpuSeconds()
    var round = try await device.sync()
    round.serverCPU = ServerBenchmarkTools.cpuSeconds(self.server.pid) - server
    if let database, let after = postgres?.cpuSeconds() { round.databaseCPU = after - database }
    return round
  }

  /// The last message of every tenth conversation reads the same on device B as written
  /// on device A.
  private func expectSameText(on device: SyncBenchmarkDevice) async throws {
    for bundle in stride(from: 0, to: bundles.count, by: 10).map({ bundles[$0] }) {
      guard let written = bundle.messages.last else { continue }
      let stored = try await device.messages.message(id: written.id)
      try expect(stored?.text == written.text, "a message's text differs on device B")
    }
  }

  private func expect(_ condition: Bool, _ problem: @autoclosure () -> String) throws {
    if !condition { throw BenchmarkError(description: problem()) }
  }
}
