import Core
import Foundation
import Storage
import Sync
import TestSupport
import Testing

@Suite struct SyncEngineTests {
  @Test(arguments: JournalHarness.Kind.allCases)
  func aRoundPushesTheOutboxThenPullsAndReports(journal kind: JournalHarness.Kind) async throws {
    let harness = try await EngineHarness(kind: kind)
    defer { harness.server.server.stop() }
    try await harness.writeConversation(1)
    try await harness.writeMessage(2, in: 1)
    harness.server.enqueuePush(
      .json(
        SyncSamples.push([
          (id: SyncSamples.id(1), status: "applied", row: SyncSamples.conversationRow(1, seq: 1)),
          (id: SyncSamples.id(2), status: "merged", row: SyncSamples.messageRow(2, in: 1, seq: 2)),
        ])))
    // The push answered change numbers 1 and 2, every one after the cursor: the pull starts
    // after them instead of bringing the device's own rows back.
    harness.server.enqueuePull(
      .json(
        SyncSamples.pull(
          [("memories", SyncSamples.memoryRow(3, text: "From the laptop", seq: 3))], next: 3)))
    let engine = harness.engine(clock: .incrementing(from: Fixture.referenceDate, by: 0.25))
    let report = try await engine.sync()
    #expect(
      harness.server.server.requests.map(\.path) == [
        SyncServerHarness.pushPath, SyncServerHarness.pullPath,
      ])
    #expect(report.pushed == 2)
    #expect(report.applied == 1)
    #expect(report.merged == 1)
    #expect(report.stale == 0)
    #expect(report.pulled == 1)
    #expect(report.stored == 3)
    #expect(report.bytesSent == harness.server.server.requests.map(\.body.count).reduce(0, +))
    #expect(report.bytesReceived > 0)
    #expect(report.duration == .milliseconds(250))
    let summary = try await harness.summary()
    #expect(summary.pendingRows == 0)
    #expect(summary.cursor == 3)
    #expect(
      try await harness.journal.row(Fixture.uuid(3))
        == .memory(SyncSamples.memory(3, text: "From the laptop")))
    let pull = try #require(harness.server.requests(SyncServerHarness.pullPath).first)
    #expect(pull.bodyText == #"{"since":2,"max_rows":500}"#)
  }

  @Test(arguments: JournalHarness.Kind.allCases)
  func aPushAnsweredWithAGapInTheChangeNumbersLeavesThePullToBringTheOtherChange(
    journal kind: JournalHarness.Kind
  ) async throws {
    let harness = try await EngineHarness(kind: kind)
    defer { harness.server.server.stop() }
    try await harness.writeConversation(1)
    try await harness.writeConversation(2)
    // Another device's change took number 2 between this device's two rows.
    harness.server.enqueuePush(
      .json(
        SyncSamples.push([
          (id: SyncSamples.id(1), status: "applied", row: SyncSamples.conversationRow(1, seq: 1)),
          (id: SyncSamples.id(2), status: "applied", row: SyncSamples.conversationRow(2, seq: 3)),
        ])))
    harness.server.enqueuePull(
      .json(
        SyncSamples.pull(
          [
            ("conversations", SyncSamples.conversationRow(1, seq: 1)),
            ("memories", SyncSamples.memoryRow(4, text: "From the phone", seq: 2)),
            ("conversations", SyncSamples.conversationRow(2, seq: 3)),
          ], next: 3)))
    _ = try await harness.engine().sync()
    let pull = try #require(harness.server.requests(SyncServerHarness.pullPath).first)
    #expect(pull.bodyText == #"{"since":0,"max_rows":500}"#)
    #expect(
      try await harness.journal.row(Fixture.uuid(4))
        == .memory(SyncSamples.memory(4, text: "From the phone")))
    #expect(try await harness.summary().cursor == 3)
  }

  @Test(arguments: JournalHarness.Kind.allCases)
  func theOutboxGoesInBatchesOfFiveHundredConversationsFirst(
    journal kind: JournalHarness.Kind
  ) async throws {
    let harness = try await EngineHarness(kind: kind)
    defer { harness.server.server.stop() }
    for n in 1...400 { try await harness.writeMessage(1000 + n, in: (n - 1) % 250 + 1) }
    for n in 1...250 { try await harness.writeConversation(n) }
    harness.answerEveryPush()
    harness.server.enqueuePull(.json(SyncSamples.pull([], next: 0)))
    let report = try await harness.engine().sync()
    let pushes = harness.server.requests(SyncServerHarness.pushPath)
    let changes = try pushes.map(SyncServerHarness.changes)
    #expect(changes.map(\.count) == [500, 150])
    let tables = changes.flatMap { $0.map { $0["table"] as? String ?? "" } }
    #expect(
      tables
        == Array(repeating: "conversations", count: 250)
        + Array(repeating: "messages", count: 400))
    #expect(report.pushed == 650)
    #expect(report.applied == 650)
    #expect(try await harness.pending().isEmpty)
  }

  @Test(arguments: JournalHarness.Kind.allCases)
  func pagesArePulledFromTheCursorUntilNoMoreAreLeft(journal kind: JournalHarness.Kind) async throws
  {
    let harness = try await EngineHarness(kind: kind)
    defer { harness.server.server.stop() }
    harness.server.enqueuePull(
      .json(
        SyncSamples.pull(
          [
            ("memories", SyncSamples.memoryRow(1, seq: 1)),
            ("memories", SyncSamples.memoryRow(2, seq: 2)),
          ], next: 2, hasMore: true)),
      .json(
        SyncSamples.pull(
          [
            ("conversations", SyncSamples.conversationRow(3, seq: 3)),
            ("conversations", SyncSamples.conversationTombstone(4, seq: 4)),
          ], next: 4, hasMore: true)),
      .json(SyncSamples.pull([("memories", SyncSamples.memoryRow(5, seq: 5))], next: 5)))
    let report = try await harness.engine(configuration: .init(pullPageSize: 2)).sync()
    let sinces = try harness.server.requests(SyncServerHarness.pullPath).map {
      try SyncServerHarness.body($0)["since"] as? Int
    }
    #expect(sinces == [0, 2, 4])
    #expect(
      try harness.server.requests(SyncServerHarness.pullPath).map {
        try SyncServerHarness.body($0)["max_rows"] as? Int
      } == [2, 2, 2])
    #expect(report.pulled == 5)
    #expect(report.pushed == 0)
    #expect(try await harness.summary().cursor == 5)
  }

  @Test(arguments: JournalHarness.Kind.allCases)
  func aFailedPushLeavesTheOutboxAndCursorAndPullsNothing(
    journal kind: JournalHarness.Kind
  ) async throws {
    let harness = try await EngineHarness(kind: kind)
    defer { harness.server.server.stop() }
    try await harness.writeMemory(1)
    try await harness.writeMemory(2)
    let before = try await harness.pending()
    harness.server.enqueuePush(
      .json(#"{"code":"PGRST000","message":"store unavailable"}"#, status: 503))
    let engine = harness.engine()
    await #expect(
      throws: SyncError.refused(
        PostgRESTError(status: 503, code: "PGRST000", message: "store unavailable"))
    ) { try await engine.sync() }
    #expect(try await harness.pending() == before)
    #expect(try await harness.summary().cursor == 0)
    #expect(harness.server.requests(SyncServerHarness.pullPath).isEmpty)
  }

  @Test(arguments: JournalHarness.Kind.allCases)
  func anAnswerThatBreaksTheContractAcknowledgesNothing(
    journal kind: JournalHarness.Kind
  ) async throws {
    let harness = try await EngineHarness(kind: kind)
    defer { harness.server.server.stop() }
    try await harness.writeMemory(1)
    try await harness.writeMemory(2)
    let before = try await harness.pending()
    harness.server.enqueuePush(
      .json(SyncSamples.push([(id: SyncSamples.id(1), status: "applied", row: nil)])))
    await #expect(throws: SyncError.invalidReply(.resultCountMismatch(sent: 2, received: 1))) {
      try await harness.engine().sync()
    }
    #expect(try await harness.pending() == before)
  }

  @Test(arguments: JournalHarness.Kind.allCases)
  func aFailedPageLeavesTheCursorWhereTheLastGoodPageMovedIt(
    journal kind: JournalHarness.Kind
  ) async throws {
    let harness = try await EngineHarness(kind: kind)
    defer { harness.server.server.stop() }
    harness.server.enqueuePull(
      .json(
        SyncSamples.pull([("memories", SyncSamples.memoryRow(1, seq: 1))], next: 1, hasMore: true)),
      .json(
        SyncSamples.pull(
          [
            ("memories", SyncSamples.memoryRow(2, seq: 2)),
            (
              "memories",
              SyncSamples.memoryRow(3, seq: 3).replacingOccurrences(
                of: #""source":"user""#, with: #""source":1"#)
            ),
          ], next: 3)))
    await #expect(
      throws: SyncError.invalidReply(
        .wrongType("changes[1].row.source", expected: "a string or null"))
    ) { try await harness.engine().sync() }
    #expect(try await harness.summary().cursor == 1)
    #expect(try await harness.journal.row(Fixture.uuid(1)) != nil)
    #expect(try await harness.journal.row(Fixture.uuid(2)) == nil)
  }

  @Test func aJournalThatCannotApplyLeavesTheCursor() async throws {
    let harness = try await EngineHarness()
    defer { harness.server.server.stop() }
    let memory = try #require(harness.journal.journal as? InMemorySyncJournal)
    await memory.fail(.apply)
    harness.server.enqueuePull(
      .json(SyncSamples.pull([("memories", SyncSamples.memoryRow(1, seq: 1))], next: 1)))
    await #expect(throws: SyncError.storage("StorageError.busy")) {
      try await harness.engine().sync()
    }
    #expect(try await harness.summary().cursor == 0)
  }

  @Test(arguments: JournalHarness.Kind.allCases)
  func aServerKilledMidPushLosesNothingAndTheNextRoundSucceeds(
    journal kind: JournalHarness.Kind
  ) async throws {
    let harness = try await EngineHarness(kind: kind)
    defer { harness.server.server.stop() }
    try await harness.writeConversation(1)
    try await harness.writeMessage(2, in: 1)
    try await harness.writeMemory(3)
    let before = try await harness.pending()
    harness.server.enqueuePush(.dropConnection())
    let engine = harness.engine()
    do {
      try await engine.sync()
      Issue.record("expected the round to fail")
    } catch {
      guard case .transport = error else {
        Issue.record("expected a transport error, got \(error)")
        return
      }
    }
    #expect(try await harness.pending() == before)
    #expect(try await harness.summary().cursor == 0)
    harness.answerEveryPush()
    harness.server.enqueuePull(.json(SyncSamples.pull([], next: 0)))
    let report = try await engine.sync()
    #expect(report.pushed == 3)
    #expect(try await harness.pending().isEmpty)
    let pushes = harness.server.requests(SyncServerHarness.pushPath)
    #expect(pushes.count == 2)
    #expect(pushes[0].body == pushes[1].body)
  }

  @Test(arguments: JournalHarness.Kind.allCases)
  func aRequestDuringARoundQueuesOneRoundThatLaterRequestsJoin(
    journal kind: JournalHarness.Kind
  ) async throws {
    let harness = try await EngineHarness(kind: kind)
    defer { harness.server.server.stop() }
    try await harness.writeMemory(1)
    let gate = LoopbackGate("first push")
    harness.server.enqueuePush(
      .json(SyncSamples.push([(id: SyncSamples.id(1), status: "applied", row: nil)]))
        .waiting(for: gate))
    harness.server.enqueuePull(
      .json(SyncSamples.pull([], next: 0)),
      .json(SyncSamples.pull([("memories", SyncSamples.memoryRow(9, seq: 1))], next: 1)))
    let engine = harness.engine()
    let first = Task { try await engine.sync() }
    try await gate.waitUntilReached()
    #expect(try await engine.status().isRunning)
    let second = Task { try await engine.sync() }
    let third = Task { try await engine.sync() }
    await Task.megaYield(count: 200)
    #expect(harness.server.server.requests.count == 1)
    gate.open()
    let firstReport = try await first.value
    let secondReport = try await second.value
    let thirdReport = try await third.value
    #expect(firstReport.pushed == 1)
    #expect(firstReport.pulled == 0)
    #expect(secondReport.pulled == 1)
    #expect(secondReport == thirdReport)
    #expect(
      harness.server.server.requests.map(\.path) == [
        SyncServerHarness.pushPath, SyncServerHarness.pullPath, SyncServerHarness.pullPath,
      ])
    #expect(try await engine.status().isRunning == false)
  }

  @Test(arguments: JournalHarness.Kind.allCases)
  func theLastSuccessAndFailureSurviveARestart(journal kind: JournalHarness.Kind) async throws {
    let harness = try await EngineHarness(kind: kind)
    defer { harness.server.server.stop() }
    try await harness.journal.journal.setAccount(nil)
    try await harness.writeMemory(7)
    try await harness.journal.journal.setAccount(SyncSamples.account)
    try await harness.writeMemory(1)
    harness.server.enqueuePush(.json(#"{"code":"PGRST000","message":"down"}"#, status: 503))
    let failedAt = Fixture.referenceDate.addingTimeInterval(30)
    _ = try? await harness.engine(clock: .fixed(failedAt)).sync()
    let restarted = try await harness.engine().status()
    #expect(restarted.lastSuccess == nil)
    #expect(
      restarted.lastFailure
        == SyncFailure(
          error: .refused(PostgRESTError(status: 503, code: "PGRST000", message: "down")),
          date: failedAt))
    #expect(restarted.pendingRows == 1)
    #expect(restarted.foreignRows == 1)
    #expect(restarted.isRunning == false)
    harness.answerEveryPush()
    harness.server.enqueuePull(.json(SyncSamples.pull([], next: 0)))
    let succeededAt = Fixture.referenceDate.addingTimeInterval(90)
    try await harness.engine(clock: .fixed(succeededAt)).sync()
    let later = try await harness.engine().status()
    #expect(later.lastSuccess == succeededAt)
    #expect(later.lastFailure == nil)
    #expect(later.pendingRows == 0)
    #expect(later.foreignRows == 1)
  }

  @Test(arguments: JournalHarness.Kind.allCases)
  func foreignChangesArePushedOnlyOnceAdopted(journal kind: JournalHarness.Kind) async throws {
    let harness = try await EngineHarness(kind: kind)
    defer { harness.server.server.stop() }
    try await harness.journal.journal.setAccount(nil)
    try await harness.writeMemory(7)
    try await harness.journal.journal.setAccount(SyncSamples.account)
    harness.server.enqueuePull(.json(SyncSamples.pull([], next: 0)))
    let engine = harness.engine()
    #expect(try await engine.sync().pushed == 0)
    #expect(try await engine.adoptForeignChanges() == 1)
    harness.answerEveryPush()
    harness.server.enqueuePull(.json(SyncSamples.pull([], next: 0)))
    #expect(try await engine.sync().pushed == 1)
  }

  @Test(arguments: JournalHarness.Kind.allCases)
  func cancelAndWaitReturnsOnlyOnceTheRoundHasEndedAndKeepsTheOutbox(
    journal kind: JournalHarness.Kind
  ) async throws {
    let harness = try await EngineHarness(kind: kind)
    defer { harness.server.server.stop() }
    try await harness.writeMemory(1)
    let gate = LoopbackGate("push held open")
    harness.server.enqueuePush(
      .json(SyncSamples.push([(id: SyncSamples.id(1), status: "applied", row: nil)]))
        .waiting(for: gate))
    let engine = harness.engine()
    let round = Task { try await engine.sync() }
    try await gate.waitUntilReached()
    #expect(try await engine.status().isRunning)
    await engine.cancelAndWait()
    #expect(try await engine.status().isRunning == false)
    await #expect(throws: SyncError.cancelled) { try await round.value }
    // The push never finished, so its change is still waiting for the next round.
    #expect(try await harness.summary().pendingRows == 1)
    gate.open()
  }
}
