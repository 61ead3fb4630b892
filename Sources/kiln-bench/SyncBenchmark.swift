import Foundation
import Storage
import Sync
import TestSupport

extension Benchmark {
  /// `kiln-bench sync [--store sqlite|postgres|both] [--database-url URL]
  /// [--postgres-settings "-c name=value …"] [--conversations N] [--messages N] [--rounds N]
  /// [--incremental N]`.
  static let sync = Benchmark(
    name: "sync",
    summary: "first sync of 10,000 messages and incremental rounds, SQLite and PostgreSQL",
    run: { arguments in try await SyncBenchmark(arguments: arguments).run() })
}

/// Syncs a chat between two devices through the real kiln-server, on its SQLite store and
/// on PostgreSQL (a throwaway server, or `--database-url`'s), and prints each round's time
/// next to its target (first sync under 2 s, an incremental round under 20 ms) and the
/// floors measured in the same run (`SyncBenchmarkBaseline`). Only loopback is used.
struct SyncBenchmark {
  enum Store: String, CaseIterable {
    case sqlite
    case postgres
  }

  var stores = Store.allCases
  var databaseURL: String?
  /// More settings for the throwaway PostgreSQL, to try one (`-c autovacuum_naptime=1`).
  var postgresSettings = ""
  var conversations = 100
  var messagesPerConversation = 100
  var rounds = 20
  var incremental = 10

  init(arguments: [String]) throws {
    var remaining = arguments[...]
    while let option = remaining.popFirst() {
      guard let text = remaining.popFirst() else {
        throw BenchmarkError(description: "\(option) needs a value")
      }
      switch option {
      case "--store":
        if text == "both" {
          stores = Store.allCases
        } else if let store = Store(rawValue: text) {
          stores = [store]
        } else {
          throw BenchmarkError(description: "--store is sqlite, postgres or both")
        }
      case "--database-url":
        databaseURL = text
        stores = [.postgres]
      case "--postgres-settings":
        postgresSettings = text
      case "--conversations", "--messages", "--rounds", "--incremental":
        guard let value = Int(text), value > 0, value <= 100_000 else {
          throw BenchmarkError(description: "\(option) needs a whole number from 1 to 100000")
        }
        switch option {
        case "--conversations": conversations = value
        case "--messages": messagesPerConversation = value
        case "--rounds": rounds = value
        default: incremental = value
        }
      default: throw BenchmarkError(description: "unknown option \(option)")
      }
    }
  }

  func run() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiln-bench-sync-\(getpid())")
    SyncBenchmarkInterruption.install()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    SyncBenchmarkInterruption.watch(folder: folder.path)
    defer {
      try? FileManager.default.removeItem(at: folder)
      SyncBenchmarkInterruption.forget(folder: folder.path)
    }
    let corpus = SyncBenchmarkCorpus(start: Date().addingTimeInterval(-30 * 86_400))
    let bundles = (0..<conversations).map {
      corpus.conversation($0, messages: messagesPerConversation)
    }
    let messages = conversations * messagesPerConversation
    let characters = bundles.reduce(0) { $0 + $1.messages.reduce(0) { $0 + $1.text.count } }
    print("load average at start: \(StorageBenchmarkClock.loadAverage())")
    print(
      "sync: \(messages) messages in \(conversations) conversations (\(messages + conversations)"
        + " rows), \(SyncBenchmarkCorpus.shortest)-\(SyncBenchmarkCorpus.longest) characters"
        + " each, \(characters) characters in all; every message finished")
    print(
      "  devices: Storage's SQLite (WAL, synchronous=NORMAL), SyncEngine's defaults: pushes of"
        + " \(SyncEngineConfiguration().pushBatchSize) changes, pulls of"
        + " \(SyncEngineConfiguration().pullPageSize) rows; HTTP/1.1 on loopback")
    let raw = try await SyncBenchmarkBaseline.rawInsert(bundles, folder: folder)
    print(
      "  floor, raw SQLite: the same rows in one transaction into a fresh file in"
        + " \(SyncBenchmarkReport.format(raw))"
        + String(
          format: " (%.0f rows/s)",
          Double(messages + conversations) / max(SyncBenchmarkReport.seconds(raw), 1e-9)))
    for store in stores {
      let scenario = Plan(
        folder: folder.appendingPathComponent(store.rawValue), bundles: bundles, corpus: corpus,
        raw: raw, rounds: rounds, incremental: incremental)
      switch store {
      case .sqlite:
        try await scenario.run(
          "kiln-server on SQLite: WAL, synchronous=NORMAL (a commit survives kiln-server"
            + " crashing, not the machine losing power)", postgres: nil)
      case .postgres:
        try await runOnPostgres(scenario)
      }
    }
    print(
      "targets: first sync of \(messages) messages < 2 s on loopback; an incremental round"
        + " < 20 ms. HTTP replay: the round's own requests and replies again, through the same"
        + " client, to a loopback server with no store: the floor for the same bytes.")
    print(
      "columns: in HTTP = waiting for answers (server and transport); client CPU = this"
        + " process (engine, journal, codec, SQLite, HTTP client); server CPU = kiln-server;"
        + " PG CPU = the throwaway PostgreSQL's processes.")
    print("load average at end: \(StorageBenchmarkClock.loadAverage())")
  }

  /// Runs `plan` on `--database-url`'s PostgreSQL, or on a throwaway server; when none can
  /// be started, says so and goes on.
  private func runOnPostgres(_ plan: Plan) async throws {
    let postgres: SyncBenchmarkPostgres
    if let databaseURL {
      postgres = SyncBenchmarkPostgres(url: databaseURL, server: nil)
    } else {
      do {
        postgres = try await SyncBenchmarkPostgres.start(extraSettings: postgresSettings)
      } catch {
        let reason = (error as? PostgresTestServerError)?.reason ?? "\(error)"
        print("\nPostgreSQL could not be started (\(reason)); only SQLite was measured.")
        return
      }
    }
    do {
      try await plan.run("kiln-server on \(await postgres.describe())", postgres: postgres)
    } catch {
      await postgres.stop()
      throw error
    }
    await postgres.stop()
    if postgres.server != nil, !postgresSettings.contains("autovacuum_naptime") {
      print(
        "  a new database, measured before autovacuum has analyzed its tables"
          + " (autovacuum_naptime, 60 s by default; the (id, user_id) indexes keep lookups"
          + " fast meanwhile, decision 173); --postgres-settings \"-c autovacuum_naptime=1\""
          + " measures with the analysis done early.")
    }
  }

  /// One store's run: its server, its devices, its table.
  struct Plan {
    let folder: URL
    let bundles: [ConversationBundle]
    let corpus: SyncBenchmarkCorpus
    let raw: Duration
    let rounds: Int
    let incremental: Int

    func run(_ title: String, postgres: SyncBenchmarkPostgres?) async throws {
      print("\n\(title)")
      let server = try await SyncBenchmarkServer(
        directory: folder.appendingPathComponent("server").path, databaseURL: postgres?.url)
      defer { server.stop() }
      let scenario = SyncBenchmarkScenario(
        server: server, postgres: postgres, directory: folder, bundles: bundles, corpus: corpus,
        rounds: rounds, incremental: incremental)
      let results = try await scenario.run()
      var report = SyncBenchmarkReport()
      let rows = scenario.rowCount
      report.addFirst(
        "first sync, push (A)", results.firstPush, rows: rows, replay: results.pushReplay,
        raw: raw)
      report.addPushPhase(results.firstPush)
      report.addFirst(
        "first sync, pull (B)", results.firstPull, rows: rows, replay: results.pullReplay,
        raw: raw)
      for fraction in [0.5, 0.99] {
        report.addIncremental(
          "A: \(incremental) new, push + pull", results.incrementalA, fraction)
      }
      for fraction in [0.5, 0.99] {
        report.addIncremental("B: pull \(incremental)", results.incrementalB, fraction)
      }
      report.print()
      let push = results.firstPush.report
      print(
        "  A wrote the corpus through Storage in \(SyncBenchmarkReport.format(results.seeding));"
          + " A's first round pushed \(push.pushed) and pulled \(push.pulled)"
          + " (a push answered without a gap in the change numbers moves the cursor past"
          + " A's own rows), stored \(push.stored);"
          + " B pulled \(results.firstPull.report.pulled). \(rounds) incremental rounds each.")
    }
  }
}
