import Core
import Foundation
import Storage
import Sync

/// One device of `kiln-bench sync`: a fresh Storage database whose journal records every
/// change for the signed-in account, and a `SyncEngine` built as the app builds it (default
/// sizes; the transport over `URLSessionHTTPClient`, without retry or auth interceptors).
struct SyncBenchmarkDevice {
  let database: StorageDatabase
  let conversations: SQLiteConversationRepository
  let messages: SQLiteMessageRepository
  let engine: SyncEngine
  let http = SyncBenchmarkHTTP()

  /// A device on a new database at `path`, signed in to `server`'s account.
  /// - Throws: `StorageError` when the database cannot be made.
  init(path: String, server: SyncBenchmarkServer) async throws {
    database = try StorageDatabase(path: path, clock: .live)
    conversations = SQLiteConversationRepository(
      database: database, clock: .live, uuid: .timeOrdered(clock: .live, random: .live))
    messages = SQLiteMessageRepository(database: database)
    let journal = SQLiteSyncJournal(database: database)
    _ = try await journal.startRecording()
    try await journal.setAccount(server.userID)
    let transport = SyncTransport(
      configuration: SyncTransportConfiguration(
        supabaseURL: server.baseURL, anonKey: server.anonKey),
      httpClient: http, tokens: SyncBenchmarkToken(token: server.accessToken))
    engine = SyncEngine(
      account: server.userID, journal: journal, transport: transport,
      statusStore: InMemoryKeyValueStore(), clock: .live)
  }

  /// Runs one round and measures it.
  /// - Throws: `BenchmarkError` with the round's `SyncError` (which names no token or row).
  func sync() async throws -> SyncBenchmarkRound {
    _ = http.takeCalls()
    let cpu = StorageBenchmarkClock.processCPUTime()
    let started = ContinuousClock.now
    let report: SyncRoundReport
    do {
      report = try await engine.sync()
    } catch {
      throw BenchmarkError(description: "sync round failed: \(error)")
    }
    let wall = ContinuousClock.now - started
    return SyncBenchmarkRound(
      report: report, wall: wall, started: started,
      clientCPU: StorageBenchmarkClock.processCPUTime() - cpu, calls: http.takeCalls())
  }

  /// The conversations and messages stored on this device.
  /// - Throws: `StorageError`.
  func counts() async throws -> (conversations: Int, messages: Int) {
    let stored = try await conversations.list(
      limit: 1_000_000, after: nil, includeArchived: true)
    var total = 0
    for conversation in stored {
      total += try await messages.count(conversationID: conversation.id)
    }
    return (stored.count, total)
  }

  func close() async {
    await engine.cancelAndWait()
    await database.close()
  }
}

/// One measured round: the engine's report, the wall and CPU time of this process, and the
/// HTTP calls it made.
struct SyncBenchmarkRound {
  var report: SyncRoundReport
  var wall: Duration
  var started: ContinuousClock.Instant
  var clientCPU: Duration
  var calls: [SyncBenchmarkHTTP.Call]
  /// kiln-server's CPU time during the round, in seconds; set by the caller, which knows the
  /// processes.
  var serverCPU = 0.0
  /// The throwaway PostgreSQL's CPU time during the round, in seconds; `nil` on SQLite (and
  /// on a PostgreSQL kiln-bench did not start).
  var databaseCPU: Double?

  /// Time spent waiting for HTTP answers: the server's work plus the transport.
  var inHTTP: Duration { calls.reduce(.zero) { $0 + $1.duration } }

  /// When the first pull began, counted from the round's start: the push phase's length.
  var pushPhase: Duration {
    guard let pull = calls.first(where: { $0.path.hasSuffix("sync_pull") }) else { return wall }
    return pull.started - started
  }
}
