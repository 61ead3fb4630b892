import Foundation

/// The rating rules as pure functions of a state, a configuration and an instant.
///
/// No clock, storage or randomness inside: `RatingClient` supplies `now` from its injected
/// `AppClock` and persists what these functions return.
public enum RatingEngine {
  /// The score at `now`: the stored score halved once per `scoreHalfLife` elapsed since
  /// `lastActivity` (`score × 2^(-elapsed / halfLife)`). A clock that moved backwards counts
  /// as no time elapsed.
  public static func score(of state: RatingState, at now: Date, config: RatingConfig) -> Double {
    guard let lastActivity = state.lastActivity else { return state.score }
    let halfLife = config.scoreHalfLife
    guard halfLife.isFinite, halfLife > 0 else { return state.score }
    let elapsed = max(0, now.timeIntervalSince(lastActivity))
    return state.score * pow(2, -elapsed / halfLife)
  }

  /// The state after `event` at `now`: the score decays to `now`, moves by the event's
  /// delta and is clamped to `scoreRange`.
  public static func recording(
    _ event: RatingEvent, in state: RatingState, at now: Date, config: RatingConfig
  ) -> RatingState {
    var next = touched(state, at: now)
    let decayed = score(of: state, at: now, config: config)
    next.score = clamp(decayed + event.scoreDelta, to: config.scoreRange)
    next.lastActivity = now
    if event.sentiment == .negative {
      next.lastNegativeEvent = now
    }
    return next
  }

  /// The state after a new session starts at `now`.
  public static func startingSession(in state: RatingState, at now: Date) -> RatingState {
    var next = touched(state, at: now)
    next.sessionCount += 1
    return next
  }

  /// The state after the prompt showed at `now`; prompts older than the window are dropped.
  public static func prompting(
    in state: RatingState, at now: Date, config: RatingConfig
  ) -> RatingState {
    var next = touched(state, at: now)
    next.promptDates.append(now)
    next.promptDates = promptsInWindow(next.promptDates, at: now, config: config)
    return next
  }

  /// The state after the user chose "Rate" at `now`.
  public static func rating(in state: RatingState, at now: Date) -> RatingState {
    var next = touched(state, at: now)
    next.ratedAt = now
    return next
  }

  /// The state after the user chose "Not now" at `now`. With `resetsScoreOnDecline` the
  /// score starts again from zero.
  public static func declining(
    in state: RatingState, at now: Date, config: RatingConfig
  ) -> RatingState {
    var next = touched(state, at: now)
    next.lastDeclined = now
    next.declineCount += 1
    if config.resetsScoreOnDecline {
      next.score = 0
      next.lastActivity = now
    }
    return next
  }

  /// Prompt dates still inside the rolling window at `now` (shown less than `promptWindow`
  /// ago), oldest first.
  public static func promptsInWindow(
    _ dates: [Date], at now: Date, config: RatingConfig
  ) -> [Date] {
    dates.filter { now.timeIntervalSince($0) < config.promptWindow }.sorted()
  }

  /// Records the first time the engine sees the app, which starts the grace period.
  static func touched(_ state: RatingState, at now: Date) -> RatingState {
    var next = state
    if next.firstSeen == nil { next.firstSeen = now }
    return next
  }

  static func clamp(_ value: Double, to range: ClosedRange<Double>) -> Double {
    guard value.isFinite else { return 0 }
    return min(max(value, range.lowerBound), range.upperBound)
  }
}
