import Core
import Foundation
import Storage
import Sync
import TestSupport
import Testing

/// The sizes of a round in bytes: pushes split to fit `maximumPushBytes`, and pull pages
/// halved when a reply is larger than the codec reads.
@Suite struct SyncEngineByteBoundTests {
  @Test(arguments: JournalHarness.Kind.allCases)
  func aBatchLargerThanThePushByteBoundGoesAsSeveralPushesAndNothingIsLeft(
    journal kind: JournalHarness.Kind
  ) async throws {
    let harness = try await EngineHarness(kind: kind)
    defer { harness.server.server.stop() }
    let text = String(repeating: "long memory ", count: 100)
    for n in 1...10 { try await harness.writeMemory(n, text: text) }
    harness.answerEveryPush()
    harness.server.enqueuePull(.json(SyncSamples.pull([], next: 0)))
    let report = try await harness.engine(
      configuration: SyncEngineConfiguration(maximumPushBytes: 4_000)
    ).sync()
    let pushes = harness.server.requests(SyncServerHarness.pushPath)
    #expect(pushes.count > 1)
    for push in pushes { #expect(push.body.count <= 4_000) }
    let sent = try pushes.flatMap(SyncServerHarness.changes).compactMap {
      ($0["row"] as? [String: Any])?["id"] as? String
    }
    #expect(sent.count == 10)
    #expect(Set(sent).count == 10)
    #expect(report.pushed == 10)
    #expect(try await harness.pending().isEmpty)
  }

  @Test(arguments: JournalHarness.Kind.allCases)
  func oneChangeLargerThanThePushByteBoundIsStillSentAlone(
    journal kind: JournalHarness.Kind
  ) async throws {
    let harness = try await EngineHarness(kind: kind)
    defer { harness.server.server.stop() }
    for n in 1...2 { try await harness.writeMemory(n, text: String(repeating: "x", count: 3_000)) }
    harness.answerEveryPush()
    harness.server.enqueuePull(.json(SyncSamples.pull([], next: 0)))
    _ = try await harness.engine(
      configuration: SyncEngineConfiguration(maximumPushBytes: 1_000)
    ).sync()
    let pushes = harness.server.requests(SyncServerHarness.pushPath)
    #expect(try pushes.map { try SyncServerHarness.changes($0).count } == [1, 1])
    #expect(try await harness.pending().isEmpty)
  }

  @Test(arguments: JournalHarness.Kind.allCases)
  func aPullReplyLargerThanTheCodecReadsIsAskedAgainForHalfTheRows(
    journal kind: JournalHarness.Kind
  ) async throws {
    let harness = try await EngineHarness(kind: kind)
    defer { harness.server.server.stop() }
    let long = String(repeating: "a long remembered fact ", count: 60)
    harness.server.enqueuePull(
      .json(
        SyncSamples.pull(
          (1...3).map { ("memories", SyncSamples.memoryRow($0, text: long, seq: Int64($0))) },
          next: 3)))
    harness.server.enqueuePull(
      .json(
        SyncSamples.pull([("memories", SyncSamples.memoryRow(1, text: "short", seq: 1))], next: 1)))
    _ = try await harness.engine(codec: SyncCodec(maximumReplyBytes: 2_000)).sync()
    let asked = try harness.server.requests(SyncServerHarness.pullPath).map {
      try SyncServerHarness.body($0)["max_rows"] as? Int
    }
    #expect(asked == [500, 250])
    #expect(
      try await harness.journal.row(Fixture.uuid(1))
        == .memory(SyncSamples.memory(1, text: "short")))
    #expect(try await harness.summary().cursor == 1)
  }
}
