import Core
import Foundation
import Networking
import Storage
import Sync
import Synchronization
import TestSupport
import Testing

/// A round keeps one push in flight and records the one before it meanwhile: batches still
/// reach the server one at a time, each after the one before it was answered, and a failure
/// at any point loses nothing.
@Suite struct SyncEnginePipelineTests {
  /// Pushes seen by the scripted server: how many were in flight at once at most, and the
  /// ids each carried.
  final class PushLog: Sendable {
    private let state = Mutex<(inFlight: Int, most: Int, batches: [[String]])>((0, 0, []))

    var most: Int { state.withLock { $0.most } }
    var batches: [[String]] { state.withLock { $0.batches } }

    /// Answers `request` after a pause long enough for a second push to arrive if the round
    /// sent one early; `answer` decides the reply from the push's number (from 0).
    func answer(
      _ request: LoopbackRequest, _ answer: (Int, [String]) -> LoopbackResponse
    ) -> LoopbackResponse {
      let ids = SyncEnginePipelineTests.ids(in: request)
      let number = state.withLock { state in
        state.inFlight += 1
        state.most = max(state.most, state.inFlight)
        state.batches.append(ids)
        return state.batches.count - 1
      }
      Thread.sleep(forTimeInterval: 0.05)
      state.withLock { $0.inFlight -= 1 }
      return answer(number, ids)
    }
  }

  /// The row ids a push request carries, in order.
  static func ids(in request: LoopbackRequest) -> [String] {
    ((try? SyncServerHarness.changes(request)) ?? []).compactMap {
      ($0["row"] as? [String: Any])?["id"] as? String
    }
  }

  /// Routes `harness`'s pushes through a new log, answered by `answer` from each push's
  /// number (from 0) and ids; by default every change is applied.
  static func logPushes(
    on harness: EngineHarness,
    answering answer: @escaping @Sendable (Int, [String]) -> LoopbackResponse = {
      applied($1)
    }
  ) -> PushLog {
    let log = PushLog()
    harness.server.server.route(.post, SyncServerHarness.pushPath) { request in
      log.answer(request, answer)
    }
    return log
  }

  /// A harness whose outbox holds 25 memories: three pushes of 10, 10 and 5.
  static func harnessWith25Memories(_ kind: JournalHarness.Kind) async throws -> EngineHarness {
    let harness = try await EngineHarness(kind: kind)
    for n in 1...25 { try await harness.writeMemory(n) }
    return harness
  }

  /// The engine over `harness` in batches of 10, with another journal or transport.
  static func engine(
    _ harness: EngineHarness, journal: (any SyncJournal)? = nil,
    transport: SyncTransport? = nil
  ) -> SyncEngine {
    SyncEngine(
      account: SyncSamples.account, journal: journal ?? harness.journal.journal,
      transport: transport ?? harness.server.transport(), statusStore: harness.store,
      configuration: SyncEngineConfiguration(pushBatchSize: 10),
      clock: .fixed(Fixture.referenceDate))
  }

  static func applied(_ ids: [String]) -> LoopbackResponse {
    .json(SyncSamples.push(ids.map { (id: $0, status: "applied", row: String?.none) }))
  }

  @Test(arguments: JournalHarness.Kind.allCases)
  func batchesReachTheServerOneAtATimeAndEachChangeOnce(
    journal kind: JournalHarness.Kind
  ) async throws {
    let harness = try await Self.harnessWith25Memories(kind)
    defer { harness.server.server.stop() }
    let log = Self.logPushes(on: harness)
    harness.server.enqueuePull(.json(SyncSamples.pull([], next: 0)))
    let report = try await Self.engine(harness).sync()
    #expect(log.most == 1)
    #expect(log.batches.map(\.count) == [10, 10, 5])
    let sent = log.batches.flatMap { $0 }
    #expect(Set(sent) == Set((1...25).map { SyncSamples.id($0) }))
    #expect(sent.count == 25)
    #expect(report.pushed == 25)
    #expect(try await harness.pending().isEmpty)
  }

  /// What happened, in order: pushes arriving and being answered at the server, batches
  /// acknowledged in the journal.
  final class Timeline: Sendable {
    private let events = Mutex<[String]>([])
    var all: [String] { events.withLock { $0 } }
    func note(_ event: String) { events.withLock { $0.append(event) } }
  }

  /// `base` with two hooks: what `pending` answers, and what happens around each
  /// acknowledgement.
  final class HookedJournal: SyncJournal {
    let base: any SyncJournal
    let pendingHook: @Sendable ([SyncOutboxItem]) -> [SyncOutboxItem]
    let acknowledgeHook:
      @Sendable (_ count: Int, _ acknowledge: () async throws -> Void)
        async throws -> Void

    init(
      base: any SyncJournal,
      pending: @escaping @Sendable ([SyncOutboxItem]) -> [SyncOutboxItem] = { $0 },
      acknowledge: @escaping @Sendable (Int, () async throws -> Void) async throws -> Void = {
        try await $1()
      }
    ) {
      self.base = base
      pendingHook = pending
      acknowledgeHook = acknowledge
    }

    func startRecording() async throws -> UUID { try await base.startRecording() }
    func setAccount(_ account: UUID?) async throws { try await base.setAccount(account) }
    func summary(account: UUID) async throws -> SyncJournalSummary {
      try await base.summary(account: account)
    }
    func pending(account: UUID, limit: Int) async throws -> [SyncOutboxItem] {
      pendingHook(try await base.pending(account: account, limit: limit))
    }
    func acknowledge(
      _ items: [SyncOutboxItem], stored: [SyncServerRow?], account: UUID
    ) async throws -> SyncApplyReport {
      let result = Mutex<SyncApplyReport?>(nil)
      try await acknowledgeHook(items.count) {
        let report = try await base.acknowledge(items, stored: stored, account: account)
        result.withLock { $0 = report }
      }
      return try #require(result.withLock { $0 })
    }
    func apply(
      _ rows: [SyncServerRow], account: UUID, cursor: Int64
    ) async throws -> SyncApplyReport {
      try await base.apply(rows, account: account, cursor: cursor)
    }
    func adoptForeignChanges(into account: UUID) async throws -> Int {
      try await base.adoptForeignChanges(into: account)
    }
    func keepForeignChangesLocal(account: UUID) async throws -> Int {
      try await base.keepForeignChangesLocal(account: account)
    }
  }

  @Test(arguments: JournalHarness.Kind.allCases)
  func eachBatchIsRecordedWhileTheNextIsAtTheServer(
    journal kind: JournalHarness.Kind
  )
    async throws
  {
    let harness = try await Self.harnessWith25Memories(kind)
    defer { harness.server.server.stop() }
    let timeline = Timeline()
    harness.server.server.route(.post, SyncServerHarness.pushPath) { request in
      let ids = Self.ids(in: request)
      timeline.note("push of \(ids.count) arrived")
      Thread.sleep(forTimeInterval: 1)
      timeline.note("push of \(ids.count) answered")
      return Self.applied(ids)
    }
    harness.server.enqueuePull(.json(SyncSamples.pull([], next: 0)))
    let engine = Self.engine(
      harness,
      journal: HookedJournal(
        base: harness.journal.journal,
        acknowledge: { count, acknowledge in
          // Half a second per acknowledgement, like a slow device.
          try await Task.sleep(for: .milliseconds(500))
          try await acknowledge()
          timeline.note("acknowledged \(count)")
        }))
    _ = try await engine.sync()
    #expect(
      timeline.all == [
        "push of 10 arrived", "push of 10 answered",
        "push of 10 arrived", "acknowledged 10", "push of 10 answered",
        "push of 5 arrived", "acknowledged 10", "push of 5 answered",
        "acknowledged 5",
      ])
    #expect(try await harness.pending().isEmpty)
  }

  @Test(arguments: JournalHarness.Kind.allCases)
  func aChangeThatCannotBeSentStillLetsTheBatchAtTheServerBeRecorded(
    journal kind: JournalHarness.Kind
  ) async throws {
    let harness = try await Self.harnessWith25Memories(kind)
    defer { harness.server.server.stop() }
    let log = Self.logPushes(on: harness)
    // Every outbox read after the first starts with an upsert without its row.
    let reads = Mutex(0)
    let poisoned = HookedJournal(
      base: harness.journal.journal,
      pending: { items in
        guard
          reads.withLock({
            $0 += 1; return $0
          }) > 1
        else { return items }
        let poison = SyncOutboxItem(
          table: .memories, id: Fixture.uuid(999), operation: .upsert, record: nil,
          deletedAt: nil, clocks: [:], throughEntry: 0)
        return [poison] + items
      })
    let engine = Self.engine(harness, journal: poisoned)
    await #expect(
      throws: SyncError.invalidChange(.invalidOutboxItem("an upsert without its row"))
    ) { try await engine.sync() }
    // The first batch went and was answered while the next could not be made: it is done.
    #expect(log.batches.map(\.count) == [10])
    #expect(try await harness.pending().count == 15)
  }

  @Test(arguments: JournalHarness.Kind.allCases)
  func aRefusedBatchEndsTheRoundBeforeTheNextIsSent(
    journal kind: JournalHarness.Kind
  ) async throws {
    let harness = try await Self.harnessWith25Memories(kind)
    defer { harness.server.server.stop() }
    let log = Self.logPushes(on: harness) { number, ids in
      number == 1
        ? .json(#"{"code":"PGRST000","message":"store unavailable"}"#, status: 503)
        : Self.applied(ids)
    }
    await #expect(
      throws: SyncError.refused(
        PostgRESTError(status: 503, code: "PGRST000", message: "store unavailable"))
    ) {
      try await Self.engine(harness).sync()
    }
    #expect(log.batches.count == 2)
    let left = try await harness.pending().map { $0.id.uuidString.lowercased() }
    let all = Set((1...25).map { SyncSamples.id($0) })
    #expect(Set(left) == all.subtracting(log.batches.first ?? []))
    #expect(left.count == 15)
  }

  @Test(arguments: JournalHarness.Kind.allCases)
  func anAnswerThatCannotBeReadLosesNothingAndTheNextRoundSendsAll(
    journal kind: JournalHarness.Kind
  ) async throws {
    let harness = try await Self.harnessWith25Memories(kind)
    defer { harness.server.server.stop() }
    let log = Self.logPushes(on: harness) { number, ids in
      number == 0 ? .json("{") : Self.applied(ids)
    }
    let engine = Self.engine(harness)
    await #expect(throws: SyncError.invalidReply(.notJSON)) { try await engine.sync() }
    // The answered batch was not recorded; one sent meanwhile may have been stored, and
    // the server takes it again as stale.
    #expect(try await harness.pending().count == 25)
    #expect(log.batches.count <= 2)
    harness.server.enqueuePull(.json(SyncSamples.pull([], next: 0)))
    let report = try await engine.sync()
    #expect(report.pushed == 25)
    #expect(try await harness.pending().isEmpty)
  }

  @Test(arguments: JournalHarness.Kind.allCases)
  func aPushThatTimesOutLosesNothingAndTheNextRoundSendsAll(
    journal kind: JournalHarness.Kind
  ) async throws {
    let harness = try await Self.harnessWith25Memories(kind)
    defer { harness.server.server.stop() }
    let before = try await harness.pending()
    harness.server.enqueuePush(.stall())
    let engine = Self.engine(
      harness,
      transport: harness.server.transport(
        timeouts: HTTPTimeouts(connect: 0.3, idle: 0.3, total: 1)))
    do throws(SyncError) {
      _ = try await engine.sync()
      Issue.record("expected the silent server to time the round out")
    } catch {
      #expect(error.isTransient)
      guard case .transport = error else {
        Issue.record("expected a transport error, got \(error)")
        return
      }
    }
    #expect(try await harness.pending() == before)
    #expect(harness.server.requests(SyncServerHarness.pushPath).count == 1)
    harness.answerEveryPush()
    harness.server.enqueuePull(.json(SyncSamples.pull([], next: 0)))
    #expect(try await engine.sync().pushed == 25)
    #expect(try await harness.pending().isEmpty)
  }
}
