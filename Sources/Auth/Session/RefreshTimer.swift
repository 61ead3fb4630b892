import Core
import Foundation
import Synchronization

/// The alarm for the next proactive refresh, on the injected clock: at most one is pending.
/// Setting one replaces the one pending; after `stop()` none is set again.
///
/// Each alarm has a number. When it goes off it hands its number to `fire`, and the owner
/// `take`s it before acting, so an alarm that was replaced after it woke (its task no longer
/// cancellable in time) is recognised as stale and does nothing.
final class RefreshTimer: Sendable {
  private struct State {
    var pending: (id: Int, task: Task<Void, Never>)?
    var lastID = 0
    var stopped = false
  }

  private let state = Mutex(State())
  private let clock: AppClock

  /// A timer sleeping on `clock`.
  init(clock: AppClock) {
    self.clock = clock
  }

  deinit {
    cancel()
  }

  /// `stop()` was called.
  var isStopped: Bool { state.withLock { $0.stopped } }

  /// Whether an alarm is set and has not been taken.
  var isPending: Bool { state.withLock { $0.pending != nil } }

  /// Sets an alarm `delay` seconds from now, replacing (cancelling) the one pending; does
  /// nothing once stopped. When it goes off, `fire` runs with its number.
  func set(after delay: TimeInterval, fire: @escaping @Sendable (Int) async -> Void) {
    let clock = clock
    state.withLock { state in
      state.pending?.task.cancel()
      state.pending = nil
      guard !state.stopped else { return }
      state.lastID += 1
      let id = state.lastID
      let task = Task {
        do {
          try await clock.sleep(.timeInterval(delay))
        } catch {
          // Cancelled: the alarm was replaced or cancelled, or its owner is gone.
          return
        }
        await fire(id)
      }
      state.pending = (id, task)
    }
  }

  /// Claims alarm `id` that went off: `true` when it is still the pending one (it is then no
  /// longer pending, so setting the next alarm does not cancel the task acting on this one),
  /// `false` when it was replaced, cancelled or the timer stopped.
  func take(_ id: Int) -> Bool {
    state.withLock { state in
      guard !state.stopped, let pending = state.pending, pending.id == id else { return false }
      state.pending = nil
      return true
    }
  }

  /// Cancels the pending alarm, if any.
  func cancel() {
    let task = state.withLock { state -> Task<Void, Never>? in
      defer { state.pending = nil }
      return state.pending?.task
    }
    task?.cancel()
  }

  /// Cancels the pending alarm and sets no more.
  func stop() {
    state.withLock { $0.stopped = true }
    cancel()
  }
}
