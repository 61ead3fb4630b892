import Testing

@testable import FeatureChat

/// Actions run one at a time in the order they were asked for.
@MainActor
@Suite struct SerialActionsTests {
  @MainActor private final class Log {
    var entries: [String] = []
  }

  @Test func aLaterActionWaitsForAnEarlierOneThatIsStillRunning() async throws {
    let actions = SerialActions()
    let gate = AsyncGate()
    let order = Log()
    let first = Task {
      await actions.perform {
        await gate.wait()
        order.entries.append("first")
      }
    }
    #expect(await gate.waitForArrivals(1))
    let second = Task { await actions.perform { order.entries.append("second") } }
    await Task.yield()
    #expect(order.entries.isEmpty)
    gate.open()
    await first.value
    await second.value
    #expect(order.entries == ["first", "second"])
  }

  @Test func waitingUntilIdleIncludesActionsAskedForWhileWaiting() async throws {
    let actions = SerialActions()
    let gate = AsyncGate()
    let done = Log()
    let first = Task {
      await actions.perform {
        await gate.wait()
        done.entries.append("1")
      }
    }
    #expect(await gate.waitForArrivals(1))
    let waiter = Task { await actions.waitUntilIdle() }
    let second = Task { await actions.perform { done.entries.append("2") } }
    await Task.yield()
    gate.open()
    await waiter.value
    #expect(done.entries == ["1", "2"])
    await first.value
    await second.value
  }

  @Test func anActionReturnsItsResultAndIgnoresTheCallersCancellation() async {
    let actions = SerialActions()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await actions.perform { Task.isCancelled }
    }
    #expect(await task.value == false)
  }
}
