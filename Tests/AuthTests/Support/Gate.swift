import Synchronization

/// Holds callers until a test opens it, and counts how many arrived: lets a test freeze a
/// fake server call in flight, do something else, then let the call finish.
final class Gate: Sendable {
  private struct State {
    var isOpen = false
    var arrivals = 0
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  /// How many callers reached `wait()`.
  var arrivals: Int { state.withLock { $0.arrivals } }

  /// Suspends until `open()` (returns at once if already open). Ignores cancellation on
  /// purpose: it stands for a server that answers whatever the client does meanwhile.
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

  /// Lets every waiting and future caller through.
  func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters.removeAll() }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Yields until `count` callers arrived; `false` if that does not happen in many turns.
  @discardableResult
  func waitForArrivals(_ count: Int = 1, maxTurns: Int = 10_000) async -> Bool {
    for _ in 0..<maxTurns {
      if arrivals >= count { return true }
      await Task.yield()
    }
    return arrivals >= count
  }
}
