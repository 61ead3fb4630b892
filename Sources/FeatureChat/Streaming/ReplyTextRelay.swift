import Core
import Foundation
import Synchronization

/// Carries a growing reply from the task that reads the stream (off the main actor) to the
/// main actor that shows it, at most `maxPerSecond` times a second.
///
/// Streaming replies can deliver hundreds of tokens a second. Showing each one makes a
/// SwiftUI view (or a terminal) re-render the growing message every time, the "UI slows
/// down on long streaming replies" bug of popular clients, and hopping to the main actor
/// per token costs two thread switches each. The reader appends text here under a lock
/// (no hop); the first change is shown at once, later ones at most once per interval (a
/// timer on the injected `AppClock` shows text that arrived just before a pause), and the
/// final text is always shown exactly by the owner. Snapshots carry a sequence number so
/// a slower hop can never replace newer text with older.
final class ReplyTextRelay: Sendable {
  /// The text at one moment.
  struct Snapshot: Sendable, Equatable {
    var content = ""
    var reasoning = ""
    /// Increases with every change.
    var sequence = 0
  }

  /// What the reader should do after a change.
  enum Action: Sendable, Equatable {
    /// Nothing: a publication is already scheduled, or the relay is finished.
    case none
    /// Show this snapshot now.
    case show(Snapshot)
    /// Show the pending text once `deadline` has passed, unless a change shows it first;
    /// pass `generation` back to `timerFired`.
    case armTimer(deadline: Date, generation: Int)
  }

  private struct State {
    var snapshot = Snapshot()
    var lastShown: Date?
    var isPending = false
    var timerArmed = false
    /// Identifies the armed timer, so one disarmed by an earlier showing does nothing.
    var timerGeneration = 0
    var isFinished = false
    var timer: Task<Void, Never>?
  }

  private let state = Mutex(State())
  private let clock: AppClock
  private let interval: TimeInterval

  /// A relay that lets text through at most `maxPerSecond` times a second.
  init(clock: AppClock, maxPerSecond: Int) {
    self.clock = clock
    // Rounded up, so `maxPerSecond` intervals never fit in less than a second.
    let perSecond = Int64(max(1, maxPerSecond))
    self.interval = Duration.nanoseconds((1_000_000_000 + perSecond - 1) / perSecond).timeInterval
  }

  /// Adds streamed text and says whether to show it now.
  func append(content: String = "", reasoning: String = "") -> Action {
    let now = clock.now()
    let (action, disarmed) = state.withLock { state -> (Action, Task<Void, Never>?) in
      guard !state.isFinished else { return (.none, nil) }
      state.snapshot.content += content
      state.snapshot.reasoning += reasoning
      state.snapshot.sequence += 1
      if let last = state.lastShown, now < last.addingTimeInterval(interval) {
        state.isPending = true
        if state.timerArmed { return (.none, nil) }
        state.timerArmed = true
        state.timerGeneration += 1
        let deadline = last.addingTimeInterval(interval)
        return (.armTimer(deadline: deadline, generation: state.timerGeneration), nil)
      }
      state.lastShown = now
      state.isPending = false
      // A timer armed for the text shown now would show later text too soon after it.
      var disarmed: Task<Void, Never>?
      if state.timerArmed {
        state.timerArmed = false
        state.timerGeneration += 1
        disarmed = state.timer
        state.timer = nil
      }
      return (.show(state.snapshot), disarmed)
    }
    disarmed?.cancel()
    return action
  }

  /// Keeps the timer task of `generation` so a later showing or `finish` can stop it.
  func timerStarted(_ task: Task<Void, Never>, generation: Int) {
    let stale = state.withLock { state -> Task<Void, Never>? in
      guard !state.isFinished, state.timerGeneration == generation, state.timerArmed else {
        return task
      }
      state.timer = task
      return nil
    }
    stale?.cancel()
  }

  /// Called by the timer of `generation` at its deadline: the pending text to show, if it
  /// is still the armed timer.
  func timerFired(generation: Int) -> Snapshot? {
    let now = clock.now()
    return state.withLock { state in
      guard !state.isFinished, state.timerArmed, state.timerGeneration == generation else {
        return nil
      }
      state.timerArmed = false
      state.timer = nil
      guard state.isPending else { return nil }
      state.isPending = false
      state.lastShown = now
      return state.snapshot
    }
  }

  /// Stops the relay: later appends and timers show nothing. The owner shows the final
  /// text itself.
  func finish() {
    let timer = state.withLock { state -> Task<Void, Never>? in
      state.isFinished = true
      defer { state.timer = nil }
      return state.timer
    }
    timer?.cancel()
  }

  /// Forgets the text of a refused attempt before asking again.
  func restart() {
    state.withLock { state in
      state.snapshot.content = ""
      state.snapshot.reasoning = ""
      state.snapshot.sequence += 1
    }
  }
}
