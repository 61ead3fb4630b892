import Core
import Foundation
import Synchronization

/// A clock whose sleeps return at once but are recorded, and move `now` forward by the time
/// slept. Tests of retry and backoff assert the exact delays without waiting.
public final class RecordingClock: Sendable {
  private struct State {
    var now: Date
    var sleeps: [Duration] = []
  }

  private let state: Mutex<State>

  /// A clock reading `start` (default `Fixture.referenceDate`).
  public init(start: Date = Fixture.referenceDate) {
    state = Mutex(State(now: start))
  }

  /// The current time: the start plus everything slept and advanced.
  public var now: Date { state.withLock { $0.now } }

  /// Every sleep requested so far, in order.
  public var sleeps: [Duration] { state.withLock { $0.sleeps } }

  /// The sleeps in seconds.
  public var sleepSeconds: [Double] { sleeps.map(\.timeInterval) }

  /// Moves `now` forward without a sleep.
  public func advance(by seconds: TimeInterval) {
    state.withLock { $0.now.addTimeInterval(seconds) }
  }

  /// An `AppClock` driven by this clock. Its sleep checks cancellation, records the duration
  /// and moves `now`.
  public var appClock: AppClock {
    AppClock(
      now: { [self] in now },
      sleep: { [self] duration in
        try Task.checkCancellation()
        state.withLock { state in
          state.sleeps.append(duration)
          state.now.addTimeInterval(duration.timeInterval)
        }
      })
  }
}
