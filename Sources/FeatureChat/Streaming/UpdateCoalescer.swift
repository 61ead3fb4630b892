import Core
import Foundation

/// Limits how often a fast-changing value reaches observable state.
///
/// Streaming replies can deliver hundreds of tokens a second; publishing each one makes a
/// SwiftUI view (or a terminal) re-render the growing message every time, which is the
/// "UI slows down on long streaming replies" bug of popular clients. The coalescer
/// publishes the first value at once, then at most one value per interval (the newest one
/// submitted), and `finish` always publishes the exact final value. Time comes from the
/// injected `AppClock`, so tests drive it with `ManualClock`.
@MainActor
final class UpdateCoalescer<Value> {
  private let clock: AppClock
  private let interval: Duration
  private let publish: (Value) -> Void
  private var lastPublish: Date?
  private var pending: Value?
  private var timer: Task<Void, Never>?
  /// Identifies the armed timer, so one that woke after being replaced does nothing.
  private var timerGeneration = 0

  /// How many times a value was published.
  private(set) var publishCount = 0

  /// A coalescer that calls `publish` at most `maxPerSecond` times a second, plus once for
  /// the final value.
  init(clock: AppClock, maxPerSecond: Int = 30, publish: @escaping (Value) -> Void) {
    self.clock = clock
    // Rounded up, so `maxPerSecond` intervals never fit in less than a second.
    self.interval = .nanoseconds((1_000_000_000 + Int64(maxPerSecond) - 1) / Int64(maxPerSecond))
    self.publish = publish
  }

  /// Offers the newest value; it is published now or when the interval since the last
  /// publication has passed, unless a newer value replaces it first.
  func submit(_ value: Value) {
    guard let last = lastPublish else { return emit(value) }
    let due = last.addingTimeInterval(interval.timeInterval)
    if clock.now() >= due { return emit(value) }
    pending = value
    guard timer == nil else { return }
    timerGeneration += 1
    let generation = timerGeneration
    timer = Task { [clock] in
      do {
        try await clock.sleep(until: due)
      } catch {
        return  // Cancelled by `finish` or `cancel`: nothing is due any more.
      }
      self.timerFired(generation)
    }
  }

  /// Publishes `value` at once as the final value and stops the timer.
  func finish(_ value: Value) {
    stopTimer()
    emit(value)
  }

  /// Drops any pending value without publishing it.
  func cancel() {
    stopTimer()
  }

  private func timerFired(_ generation: Int) {
    guard generation == timerGeneration, timer != nil else { return }
    timer = nil
    if let value = pending { emit(value) }
  }

  private func stopTimer() {
    timer?.cancel()
    timer = nil
    pending = nil
  }

  private func emit(_ value: Value) {
    // A timer armed for an earlier publication would fire too soon after this one.
    timer?.cancel()
    timer = nil
    pending = nil
    lastPublish = clock.now()
    publishCount += 1
    publish(value)
  }
}
