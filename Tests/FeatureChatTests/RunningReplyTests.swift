import Core
import Foundation
import Testing

@testable import FeatureChat

/// A chat screen's reply runs in a task of its own that only `stop()` and `close()` cancel.
@MainActor
@Suite struct RunningReplyTests {
  @Test func stopCancelsTheReplyButNotTheScreen() async {
    let reply = RunningReply()
    let gate = AsyncGate()
    let running = Task { await reply.run { await Self.cancellation(after: gate) } }
    #expect(await gate.waitForArrivals(1))
    reply.stop()
    gate.open()
    #expect(await running.value?.error == .cancelled)
    #expect(!reply.isClosed)
  }

  @Test func cancellingTheCallerDoesNotReachTheReply() async {
    let reply = RunningReply()
    let gate = AsyncGate()
    let running = Task { await reply.run { await Self.cancellation(after: gate) } }
    #expect(await gate.waitForArrivals(1))
    running.cancel()
    gate.open()
    #expect(await running.value?.error == nil)
  }

  @Test func closeCancelsTheReplyAndMarksTheScreenClosed() async {
    let reply = RunningReply()
    let gate = AsyncGate()
    let running = Task { await reply.run { await Self.cancellation(after: gate) } }
    #expect(await gate.waitForArrivals(1))
    reply.close()
    gate.open()
    #expect(await running.value?.error == .cancelled)
    #expect(reply.isClosed)
  }

  /// Waits at `gate`, then reports whether the reply's task was cancelled meanwhile.
  private static func cancellation(after gate: AsyncGate) async -> ReplyResult? {
    await gate.wait()
    let id = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1))
    return ReplyResult(conversationID: id, error: Task.isCancelled ? .cancelled : nil)
  }
}
