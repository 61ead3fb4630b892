import Foundation

/// Wall-clock time and sleeping, injected so engines and view models never read the system
/// clock and tests never wait in real time.
///
/// `now` and `sleep` belong together: code that schedules work ("refresh 60 s before
/// expiry") reads `now` to compute a delay and then sleeps for it. A test clock
/// (`ManualClock` in TestSupport) moves both at once.
public struct AppClock: Sendable {
  /// The current date.
  public var now: @Sendable () -> Date
  /// Suspends for a duration; throws `CancellationError` when the task is cancelled.
  public var sleep: @Sendable (Duration) async throws -> Void

  public init(
    now: @escaping @Sendable () -> Date,
    sleep: @escaping @Sendable (Duration) async throws -> Void
  ) {
    self.now = now
    self.sleep = sleep
  }

  /// The system clock and `Task.sleep`.
  public static let live = AppClock(
    now: { Date() },
    sleep: { duration in try await Task.sleep(for: duration) }
  )

  /// A clock stopped at `date` whose sleeps return at once (after checking cancellation).
  public static func fixed(_ date: Date) -> AppClock {
    AppClock(now: { date }, sleep: { _ in try Task.checkCancellation() })
  }

  /// A clock that starts at `start` and moves forward by `step` every time it is read;
  /// sleeps return at once. Useful when each record needs a distinct, ordered timestamp.
  public static func incrementing(from start: Date, by step: TimeInterval = 1) -> AppClock {
    let counter = Counter()
    return AppClock(
      now: { start.addingTimeInterval(Double(counter.next()) * step) },
      sleep: { _ in try Task.checkCancellation() }
    )
  }

  /// Sleeps until `date` by this clock; returns at once if it has passed.
  public func sleep(until date: Date) async throws {
    let interval = date.timeIntervalSince(now())
    if interval > 0 {
      try await sleep(.milliseconds(Int64((interval * 1000).rounded(.up))))
    } else {
      try Task.checkCancellation()
    }
  }
}

extension Duration {
  /// The duration in seconds as a `Double`.
  public var timeInterval: TimeInterval {
    let parts = components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }

  /// A duration from seconds given as a `TimeInterval`; negative values become zero.
  public static func timeInterval(_ seconds: TimeInterval) -> Duration {
    .nanoseconds(Int64((max(0, seconds) * 1e9).rounded()))
  }
}
