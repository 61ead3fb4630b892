import Foundation

/// Whether the rating prompt may show now, and if not, why.
public enum RatingDecision: Equatable, Sendable {
  /// Every rule allows the prompt.
  case prompt
  /// A rule blocks the prompt; the reason says which and until when.
  case blocked(RatingBlockReason)

  /// Whether the prompt may show.
  public var shouldPrompt: Bool {
    if case .prompt = self { return true }
    return false
  }

  /// The blocking reason, or `nil` when the prompt may show.
  public var blockReason: RatingBlockReason? {
    if case .blocked(let reason) = self { return reason }
    return nil
  }
}

/// The rule that blocks the rating prompt. The engine checks them in the order listed and
/// reports the first that applies.
public enum RatingBlockReason: Equatable, Sendable {
  /// The user chose "Rate" and `stopAskingAfterRating` is on.
  case alreadyRated
  /// The app is still inside its first-run grace period.
  case firstRunGracePeriod(until: Date)
  /// Fewer sessions than `minimumSessions` have started.
  case notEnoughSessions(count: Int, required: Int)
  /// `maximumPromptsPerWindow` prompts already showed in the rolling window; the oldest of
  /// them leaves the window at `until`.
  case promptLimitReached(until: Date)
  /// The last prompt was less than `cooldown` ago.
  case cooldown(until: Date)
  /// A negative event happened less than `quietPeriodAfterNegativeEvent` ago.
  case recentNegativeEvent(until: Date)
  /// The decayed score is below the threshold.
  case scoreBelowThreshold(score: Double, threshold: Double)
}
