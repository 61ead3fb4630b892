import Core

/// How long to wait after failed rounds: `initial` doubling with each failure up to
/// `maximum` (1 s to 5 min by default), with "equal jitter": a wait is drawn between half
/// the step and the whole step, so devices that failed together do not retry together.
public struct SyncBackoff: Sendable, Equatable {
  /// The step after the first failure.
  public var initial: Duration
  /// The largest step.
  public var maximum: Duration

  /// A backoff; `maximum` is never below `initial`.
  public init(initial: Duration = .seconds(1), maximum: Duration = .seconds(300)) {
    self.initial = max(initial, .zero)
    self.maximum = max(maximum, self.initial)
  }

  /// The step after `failures` failures in a row (1 or more), before jitter.
  public func step(afterFailures failures: Int) -> Duration {
    let doublings = min(max(failures, 1) - 1, 62)
    let seconds = initial.timeInterval * Double(UInt64(1) << UInt64(doublings))
    return min(.timeInterval(seconds), maximum)
  }

  /// The wait after `failures` failures in a row: between half the step and the step.
  public func delay(afterFailures failures: Int, random: RandomSource) -> Duration {
    let step = step(afterFailures: failures).timeInterval
    return .timeInterval(step / 2 + step / 2 * random.unit())
  }
}
