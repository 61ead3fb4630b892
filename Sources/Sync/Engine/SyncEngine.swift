import Core
import Foundation
import Storage

extension LogCategory {
  /// Sync rounds.
  public static let sync: Self = "sync"
}

/// Syncs one signed-in account's conversations, messages and memories with the server
/// (docs/SYNC.md §5): a round pushes the outbox in batches and pulls every page since the
/// account's cursor.
///
/// Rounds never overlap. A request while a round runs queues one round to follow it, and
/// every request made while that round waits joins it, so each caller gets a round that
/// started after its call (and so sees its changes) and a burst of requests costs at most
/// one extra round. Local writes never wait for sync: the engine only reads the outbox and
/// applies server rows through the journal.
///
/// The last success and the last failure are kept in a `KeyValueStore` for `/sync`. The
/// log gets one line per round with counts only, never row content or tokens.
public actor SyncEngine {
  /// The account rounds run for.
  public nonisolated let account: UUID
  let journal: any SyncJournal
  let round: SyncRound
  let statusStore: SyncStatusStore
  let clock: AppClock
  let logger: AppLogger
  var flights = SyncFlights()

  /// An engine for `account`.
  /// - Parameters:
  ///   - account: the signed-in user's id.
  ///   - journal: the outbox and the place server rows are applied.
  ///   - transport: calls the server.
  ///   - statusStore: keeps the last success and failure across restarts.
  ///   - configuration: batch and page sizes.
  ///   - clock: dates rounds and measures their duration.
  ///   - logger: one line per round under `.sync`.
  public init(
    account: UUID, journal: any SyncJournal, transport: SyncTransport,
    statusStore: any KeyValueStore, configuration: SyncEngineConfiguration = .init(),
    clock: AppClock, logger: AppLogger = .disabled
  ) {
    self.account = account
    self.journal = journal
    self.round = SyncRound(
      journal: journal, transport: transport, account: account, configuration: configuration,
      clock: clock)
    self.statusStore = SyncStatusStore(store: statusStore, account: account)
    self.clock = clock
    self.logger = logger
  }

  /// Runs a round, or joins the one queued behind the running round; see the type's note.
  /// - Throws: `SyncError`; the outbox and cursor of the failed step are unchanged.
  @discardableResult
  public func sync() async throws(SyncError) -> SyncRoundReport {
    try await requestRound().value.get()
  }

  /// Cancels the running and the queued round (sign-out): each ends with
  /// `SyncError.cancelled` at its next step, leaving what it had not finished as it was.
  public func cancel() {
    flights.cancelAll()
  }

  /// Cancels as `cancel()` does and waits until both rounds have ended, so that nothing of
  /// theirs reaches the journal afterwards (before the database closes or the journal's
  /// account changes).
  public func cancelAndWait() async {
    let tasks = [flights.running?.task, flights.queued?.task].compactMap { $0 }
    flights.cancelAll()
    for task in tasks { _ = await task.value }
  }

  /// Where sync stands for `/sync`.
  /// - Throws: `SyncError.storage` when the journal cannot be read.
  public func status() async throws(SyncError) -> SyncStatus {
    let summary: SyncJournalSummary
    do {
      summary = try await journal.summary(account: account)
    } catch {
      throw .storage("\(error)")
    }
    return SyncStatus(
      lastSuccess: statusStore.lastSuccess, lastFailure: statusStore.lastFailure,
      pendingRows: summary.pendingRows, foreignRows: summary.foreignRows,
      isRunning: flights.isRunning)
  }

  /// Pushes every change made while signed out or by another account into this account
  /// from the next round on (`kiln sync --adopt`); returns how many rows that covers.
  /// - Throws: `SyncError.storage`.
  public func adoptForeignChanges() async throws(SyncError) -> Int {
    do {
      return try await journal.adoptForeignChanges(into: account)
    } catch {
      throw .storage("\(error)")
    }
  }

  /// Keeps the changes made while signed out or by another account on this device only
  /// (`kiln sync --keep-local`); returns how many rows that covers.
  /// - Throws: `SyncError.storage`.
  public func keepForeignChangesLocal() async throws(SyncError) -> Int {
    do {
      return try await journal.keepForeignChangesLocal(account: account)
    } catch {
      throw .storage("\(error)")
    }
  }
}

// MARK: - Rounds

extension SyncEngine {
  private func requestRound() -> Task<Result<SyncRoundReport, SyncError>, Never> {
    if let queued = flights.queued { return queued.task }
    let id = flights.nextID()
    if let running = flights.running {
      let previous = running.task
      let task = Task {
        _ = await previous.value; return await self.execute(id)
      }
      flights.queued = SyncFlights.Flight(id: id, task: task)
      return task
    }
    let task = Task { await self.execute(id) }
    flights.running = SyncFlights.Flight(id: id, task: task)
    return task
  }

  private func execute(_ id: Int) async -> Result<SyncRoundReport, SyncError> {
    flights.begin(id)
    let result: Result<SyncRoundReport, SyncError>
    if Task.isCancelled {
      result = .failure(.cancelled)
    } else {
      result = await round.run()
    }
    record(result)
    flights.end(id)
    return result
  }

  private func record(_ result: Result<SyncRoundReport, SyncError>) {
    switch result {
    case .success(let report):
      statusStore.recordSuccess(at: clock.now())
      logger.info("sync round for \(account): \(report)", category: .sync)
    case .failure(let error):
      statusStore.recordFailure(SyncFailure(error: error, date: clock.now()))
      logger.notice("sync round for \(account) failed: \(error)", category: .sync)
    }
  }
}

/// The running round and the one queued behind it, owned by the engine's actor.
struct SyncFlights {
  /// One round's task.
  struct Flight {
    let id: Int
    let task: Task<Result<SyncRoundReport, SyncError>, Never>
  }

  /// The round running now (or about to start).
  var running: Flight?
  /// The round waiting for `running` to end.
  var queued: Flight?
  private var lastID = 0

  /// Whether a round is running.
  var isRunning: Bool { running != nil }

  /// A new flight id.
  mutating func nextID() -> Int {
    lastID += 1
    return lastID
  }

  /// Flight `id` starts: a queued flight becomes the running one.
  mutating func begin(_ id: Int) {
    if let queued, queued.id == id {
      running = queued
      self.queued = nil
    }
  }

  /// Flight `id` ended.
  mutating func end(_ id: Int) {
    if running?.id == id { running = nil }
  }

  /// Cancels both flights; they end at their next step.
  mutating func cancelAll() {
    running?.task.cancel()
    queued?.task.cancel()
  }
}
