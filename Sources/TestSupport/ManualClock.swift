import Core
import Foundation
import Synchronization

/// A clock that moves only when a test says so.
///
/// `appClock` hands engines an `AppClock` whose `now` reads this clock and whose `sleep`
/// suspends until `advance(by:)` moves time past the deadline. Tests therefore exercise
/// timers ("refresh 60 s before expiry", backoff, cooldowns) without waiting in real time.
public final class ManualClock: Sendable {
  private struct Sleeper {
    let id: Int
    let deadline: Date
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now: Date
    var sleepers: [Sleeper] = []
    var nextID = 0
    var totalSleeps = 0
  }

  private let state: Mutex<State>

  /// A clock reading `start` (default `Fixture.referenceDate`).
  public init(start: Date = Fixture.referenceDate) {
    state = Mutex(State(now: start))
  }

  /// The current time of this clock.
  public var now: Date { state.withLock { $0.now } }

  /// How many tasks are suspended in `sleep` right now.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// How many sleeps have started since the clock was made.
  public var totalSleeps: Int { state.withLock { $0.totalSleeps } }

  /// The deadlines of every suspended sleeper, earliest first.
  public var pendingDeadlines: [Date] {
    state.withLock { $0.sleepers.map(\.deadline).sorted() }
  }

  /// An `AppClock` driven by this clock.
  public var appClock: AppClock {
    AppClock(now: { [self] in now }, sleep: { [self] duration in try await sleep(for: duration) })
  }

  /// Suspends until the clock reaches now + `duration`, or throws when the task is cancelled.
  public func sleep(for duration: Duration) async throws {
    try Task.checkCancellation()
    let id = state.withLock { state -> Int in
      state.totalSleeps += 1
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let resumeNow = state.withLock { state -> Bool in
          let deadline = state.now.addingTimeInterval(duration.timeInterval)
          if deadline <= state.now { return true }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let cancelled = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index)
      }
      cancelled?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward and wakes every sleeper whose deadline has been reached, in order.
  public func advance(by duration: Duration) async {
    await advance(to: now.addingTimeInterval(duration.timeInterval))
  }

  /// Moves time to `date` (never backwards) and wakes the sleepers due by then.
  public func advance(to date: Date) async {
    let due = state.withLock { state -> [Sleeper] in
      if date > state.now { state.now = date }
      let ready = state.sleepers.filter { $0.deadline <= state.now }
        .sorted { $0.deadline < $1.deadline }
      state.sleepers.removeAll { $0.deadline <= state.now }
      return ready
    }
    for sleeper in due { sleeper.continuation.resume() }
    await Task.megaYield()
  }

  /// Waits until at least `count` tasks are suspended in `sleep`: first by yielding for
  /// `maxTurns` scheduler turns, then, when the sleeper is behind real I/O (a socket reply a
  /// loaded machine has not delivered yet), by polling on the real clock for up to
  /// `patience`. Returns `false` only when neither brings the sleepers.
  @discardableResult
  public func waitForSleepers(
    _ count: Int = 1, maxTurns: Int = 10_000, patience: Duration = .seconds(20)
  ) async -> Bool {
    for _ in 0..<maxTurns {
      if sleeperCount >= count { return true }
      await Task.yield()
    }
    let deadline = ContinuousClock.now.advanced(by: patience)
    while sleeperCount < count, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(2))
    }
    return sleeperCount >= count
  }
}

extension Task where Success == Never, Failure == Never {
  /// Yields many times so that tasks woken by a test get to run before it continues.
  public static func megaYield(count: Int = 50) async {
    for _ in 0..<count { await Task.yield() }
  }
}
