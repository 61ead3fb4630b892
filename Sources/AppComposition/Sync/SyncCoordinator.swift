import Core
import Foundation
import Storage
import Sync

/// Sync as the app runs it (docs/SYNC.md §5): on when `CHAT_SYNC_ENABLED` is `true` and an
/// account is signed in, for that account.
///
/// It owns the engine and, while the chat runs, the scheduler. `accountMayHaveChanged()`
/// follows Auth: the first call with sync enabled turns the journal's recording on; a
/// sign-in builds an engine for the account, an account switch replaces it, and a sign-out
/// stops the scheduler and cancels the running round, keeping every local row. Local
/// writes never wait for any of this: the journal's triggers record them, and a round only
/// reads the outbox.
@MainActor
public final class SyncCoordinator {
  /// Whether `CHAT_SYNC_ENABLED` asks for sync.
  public let isEnabled: Bool
  /// Whether sync runs now, and for whom.
  public private(set) var availability: SyncAvailability
  /// Called after a round that stored or deleted rows on this device, so lists and the open
  /// conversation can read them again.
  public var onRowsChanged: @MainActor () -> Void = {}

  private let journal: (any SyncJournal)?
  private let transport: SyncTransport?
  private let statusStore: any KeyValueStore
  private let clock: AppClock
  private let random: RandomSource
  private let logger: AppLogger
  private let currentAccount: @MainActor () async -> UUID?
  private var isRecording = false
  private var engine: SyncEngine?
  private var scheduler: SyncScheduler?
  private var schedulesRounds = false

  /// A coordinator.
  /// - Parameters:
  ///   - isEnabled: `CHAT_SYNC_ENABLED`.
  ///   - journal: the device's journal; `nil` when the app runs without its database.
  ///   - transport: calls the server; `nil` when the Supabase settings are missing.
  ///   - statusStore: keeps each account's last success and failure.
  ///   - clock: the engine's and the scheduler's time.
  ///   - random: the backoff's jitter.
  ///   - logger: counts only, never rows or tokens.
  ///   - currentAccount: the signed-in account's id, from Auth's session.
  ///   - usesMockAccounts: whether accounts are a development build's mocks, which the
  ///     server never sees (sync then stays off and says why).
  public init(
    isEnabled: Bool, journal: (any SyncJournal)?, transport: SyncTransport?,
    statusStore: any KeyValueStore, clock: AppClock, random: RandomSource, logger: AppLogger,
    currentAccount: @escaping @MainActor () async -> UUID?, usesMockAccounts: Bool = false
  ) {
    self.isEnabled = isEnabled && !usesMockAccounts
    self.journal = journal
    self.transport = transport
    self.statusStore = statusStore
    self.clock = clock
    self.random = random
    self.logger = logger
    self.currentAccount = currentAccount
    availability = Self.availability(
      isEnabled: isEnabled, usesMockAccounts: usesMockAccounts, hasJournal: journal != nil,
      hasTransport: transport != nil)
  }

  private static func availability(
    isEnabled: Bool, usesMockAccounts: Bool, hasJournal: Bool, hasTransport: Bool
  ) -> SyncAvailability {
    if !isEnabled { return .disabled }
    if usesMockAccounts { return .mockAccounts }
    if !hasTransport { return .notConfigured }
    if !hasJournal { return .noJournal }
    return .signedOut
  }

  /// Follows Auth's session: call at launch and after every sign-in or sign-out. Starts
  /// recording the first time; builds, replaces or stops the engine as the account changed.
  public func accountMayHaveChanged() async {
    guard isEnabled, let journal, let transport else { return }
    let account = await currentAccount()
    if let engine, engine.account == account { return }
    // The old account's rounds end before the journal's account changes under them.
    await stopEngine()
    do {
      if !isRecording {
        _ = try await journal.startRecording()
        isRecording = true
      }
      try await journal.setAccount(account)
    } catch {
      logger.error("follow the signed-in account", error, category: .sync)
      availability = .signedOut
      return
    }
    guard let account else {
      availability = .signedOut
      return
    }
    let engine = SyncEngine(
      account: account, journal: journal, transport: transport, statusStore: statusStore,
      clock: clock, logger: logger)
    self.engine = engine
    availability = .on(account: account)
    if schedulesRounds { await startScheduler(for: engine) }
  }

  /// Runs rounds as the chat needs them: one now, one after local changes, the fallback
  /// refresh. Follows account changes until `stopScheduling()`.
  public func startScheduling() async {
    schedulesRounds = true
    if let engine, scheduler == nil { await startScheduler(for: engine) }
  }

  /// Stops scheduling rounds (the chat ends).
  public func stopScheduling() async {
    schedulesRounds = false
    await scheduler?.stop()
    scheduler = nil
  }

  /// A local change was written: the scheduler runs a round shortly. Never waits.
  public func localChangeHappened() {
    guard let scheduler else { return }
    Task { await scheduler.localChangeHappened() }
  }

  /// Runs one round now (`kiln sync`, `/sync now`).
  /// - Throws: `SyncError.notSignedIn` when sync is not on; the round's `SyncError`.
  public func runRound() async throws(SyncError) -> SyncRoundReport {
    guard let engine else { throw .notSignedIn }
    let report = try await engine.sync()
    roundFinished(report)
    return report
  }

  /// Where sync stands for the account, or `nil` when sync is not on.
  /// - Throws: `SyncError.storage` when the journal cannot be read.
  public func status() async throws(SyncError) -> SyncStatus? {
    try await engine?.status()
  }

  /// When the scheduler's next round is due; `nil` when none is scheduled.
  public func nextRoundDate() async -> Date? {
    await scheduler?.nextRoundDate
  }

  /// Pushes the changes made while signed out or by another account into this account
  /// from the next round on; returns how many rows.
  /// - Throws: `SyncError.notSignedIn` when sync is not on; `SyncError.storage`.
  public func adoptForeignChanges() async throws(SyncError) -> Int {
    guard let engine else { throw .notSignedIn }
    return try await engine.adoptForeignChanges()
  }

  /// Keeps the changes made while signed out or by another account on this device only;
  /// returns how many rows.
  /// - Throws: `SyncError.notSignedIn` when sync is not on; `SyncError.storage`.
  public func keepForeignChangesLocal() async throws(SyncError) -> Int {
    guard let engine else { throw .notSignedIn }
    return try await engine.keepForeignChangesLocal()
  }

  /// Stops scheduling, cancels the running round and waits for it to end (before the
  /// database closes).
  public func shutdown() async {
    await stopScheduling()
    await engine?.cancelAndWait()
  }

  private func stopEngine() async {
    await scheduler?.stop()
    scheduler = nil
    await engine?.cancelAndWait()
    engine = nil
  }

  private func startScheduler(for engine: SyncEngine) async {
    let runner = NotifyingRoundRunner(engine: engine) { [weak self] report in
      await self?.roundFinished(report)
    }
    let scheduler = SyncScheduler(runner: runner, clock: clock, random: random)
    self.scheduler = scheduler
    await scheduler.start(interactive: true)
  }

  private func roundFinished(_ report: SyncRoundReport) {
    if report.stored > 0 || report.deleted > 0 { onRowsChanged() }
  }
}

/// The engine's rounds, each followed by a report to the coordinator.
private struct NotifyingRoundRunner: SyncRoundRunning {
  let engine: SyncEngine
  let finished: @Sendable (SyncRoundReport) async -> Void

  func sync() async throws(SyncError) -> SyncRoundReport {
    let report = try await engine.sync()
    await finished(report)
    return report
  }
}
