import Synchronization

/// A latch tests use to hold an async operation at a known point: `wait()` suspends until
/// `open()` is called (at once if it already was).
final class AsyncGate: Sendable {
  private struct State {
    var isOpen = false
    var waiters: [CheckedContinuation<Void, Never>] = []
    var arrivals = 0
  }

  private let state = Mutex(State())

  /// How many callers reached `wait()`.
  var arrivals: Int { state.withLock { $0.arrivals } }

  func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let resumeNow = state.withLock { state -> Bool in
        state.arrivals += 1
        if state.isOpen { return true }
        state.waiters.append(continuation)
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }

  func open() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Yields until `count` callers have reached `wait()`; false if that never happens.
  @discardableResult
  func waitForArrivals(_ count: Int = 1, maxTurns: Int = 1_000_000) async -> Bool {
    for _ in 0..<maxTurns {
      if arrivals >= count { return true }
      await Task.yield()
    }
    return arrivals >= count
  }
}
