import Core

/// At most `count` password hashes at once: a caller waits for a slot up to `wait` (on the
/// injected clock), then gives up, so a burst of sign-ins cannot queue without bound.
actor HashingSlots {
  private struct Waiter {
    let id: Int
    let continuation: CheckedContinuation<Bool, Never>
  }

  private var available: Int
  private var waiters: [Waiter] = []
  private var timers: [Int: Task<Void, Never>] = [:]
  private var nextID = 0
  private let wait: Duration
  private let clock: AppClock

  init(count: Int, wait: Duration, clock: AppClock) {
    self.available = max(1, count)
    self.wait = wait
    self.clock = clock
  }

  /// Takes a slot: `true` at once when one is free or as soon as one frees within the wait,
  /// `false` when the wait ran out. A `true` must be paired with `release()`.
  func acquire() async -> Bool {
    if available > 0 {
      available -= 1
      return true
    }
    let id = nextID
    nextID += 1
    let timer = Task { [clock, wait] in
      do {
        try await clock.sleep(wait)
      } catch {
        return  // Cancelled: the waiter got a slot before its wait ran out.
      }
      self.giveUp(id)
    }
    return await withCheckedContinuation { continuation in
      waiters.append(Waiter(id: id, continuation: continuation))
      timers[id] = timer
    }
  }

  /// Frees a slot, handing it to the longest waiter if there is one.
  func release() {
    guard !waiters.isEmpty else {
      available += 1
      return
    }
    let next = waiters.removeFirst()
    timers.removeValue(forKey: next.id)?.cancel()
    next.continuation.resume(returning: true)
  }

  private func giveUp(_ id: Int) {
    guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
    let waiter = waiters.remove(at: index)
    timers[id] = nil
    waiter.continuation.resume(returning: false)
  }
}
