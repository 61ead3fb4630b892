import Foundation

extension RatingEngine {
  /// Whether the prompt may show at `now`, checking in order: already rated, first-run
  /// grace period, minimum sessions, rolling prompt limit, cooldown since the last prompt,
  /// quiet period after a negative event, and finally the decayed score against the
  /// threshold (a score equal to the threshold prompts).
  public static func decision(
    for state: RatingState, at now: Date, config: RatingConfig
  ) -> RatingDecision {
    if config.stopAskingAfterRating, state.hasRated {
      return .blocked(.alreadyRated)
    }
    let firstSeen = state.firstSeen ?? now
    let graceEnd = firstSeen.addingTimeInterval(config.firstRunGracePeriod)
    if now < graceEnd {
      return .blocked(.firstRunGracePeriod(until: graceEnd))
    }
    if state.sessionCount < config.minimumSessions {
      return .blocked(
        .notEnoughSessions(count: state.sessionCount, required: config.minimumSessions))
    }
    let recent = promptsInWindow(state.promptDates, at: now, config: config)
    let limit = config.maximumPromptsPerWindow
    if recent.count >= max(0, limit) {
      // With a limit of n, the prompt frees up when the n-th most recent one leaves the
      // window. A limit of zero or less turns prompting off for good.
      let until =
        limit > 0
        ? recent[recent.count - limit].addingTimeInterval(config.promptWindow) : .distantFuture
      return .blocked(.promptLimitReached(until: until))
    }
    if let lastPrompt = state.lastPrompt {
      let cooldownEnd = lastPrompt.addingTimeInterval(config.cooldown)
      if now < cooldownEnd {
        return .blocked(.cooldown(until: cooldownEnd))
      }
    }
    if let lastNegative = state.lastNegativeEvent {
      let quietEnd = lastNegative.addingTimeInterval(config.quietPeriodAfterNegativeEvent)
      if now < quietEnd {
        return .blocked(.recentNegativeEvent(until: quietEnd))
      }
    }
    let current = score(of: state, at: now, config: config)
    if current < config.threshold {
      return .blocked(.scoreBelowThreshold(score: current, threshold: config.threshold))
    }
    return .prompt
  }
}
