import Foundation
import Testing

@testable import FeatureRating

@Suite struct RatingEngineLimitsTests {
  let config = RatingConfig.default

  /// An eligible state that was prompted at each of `prompts` (days after `start`), with a
  /// score that stays at the threshold (no decay) so only the prompt rules decide.
  func prompted(atDays prompts: [Double]) -> (RatingState, RatingConfig) {
    var noDecay = config
    noDecay.scoreHalfLife = 0
    var state = eligibleState()
    for offset in prompts {
      state = RatingEngine.prompting(in: state, at: start.plus(days: offset), config: noDecay)
    }
    return (state, noDecay)
  }

  @Test func cooldownBlocksOnDay29() {
    let (state, rules) = prompted(atDays: [0])
    let decision = RatingEngine.decision(for: state, at: start.plus(days: 29), config: rules)
    #expect(decision == .blocked(.cooldown(until: start.plus(days: 30))))
  }

  @Test func cooldownEndsOnDay30() {
    let (state, rules) = prompted(atDays: [0])
    #expect(RatingEngine.decision(for: state, at: start.plus(days: 30), config: rules) == .prompt)
    let oneSecondEarly = start.plus(days: 30).plus(seconds: -1)
    #expect(!RatingEngine.decision(for: state, at: oneSecondEarly, config: rules).shouldPrompt)
  }

  @Test func cooldownIsMeasuredFromTheLastPrompt() {
    let (state, rules) = prompted(atDays: [0, 40])
    let decision = RatingEngine.decision(for: state, at: start.plus(days: 60), config: rules)
    #expect(decision == .blocked(.cooldown(until: start.plus(days: 70))))
  }

  @Test func thirdPromptInAYearIsAllowed() {
    let (state, rules) = prompted(atDays: [0, 30])
    #expect(RatingEngine.decision(for: state, at: start.plus(days: 60), config: rules) == .prompt)
  }

  @Test func fourthPromptInAYearIsBlocked() {
    let (state, rules) = prompted(atDays: [0, 30, 60])
    let decision = RatingEngine.decision(for: state, at: start.plus(days: 90), config: rules)
    #expect(decision == .blocked(.promptLimitReached(until: start.plus(days: 365))))
    let lastSecond = start.plus(days: 365).plus(seconds: -1)
    #expect(!RatingEngine.decision(for: state, at: lastSecond, config: rules).shouldPrompt)
  }

  @Test func fourthPromptIsAllowedOnceTheWindowRolls() {
    let (state, rules) = prompted(atDays: [0, 30, 60])
    #expect(RatingEngine.decision(for: state, at: start.plus(days: 365), config: rules) == .prompt)
  }

  @Test func windowIsRollingNotCalendarYear() {
    // Prompts on 1 Dec, 31 Dec and 30 Jan span two calendar years; a fourth prompt in
    // February is still blocked because all three are within the last 365 days.
    let (state, rules) = prompted(atDays: [183, 213, 243])
    let decision = RatingEngine.decision(for: state, at: start.plus(days: 280), config: rules)
    #expect(decision == .blocked(.promptLimitReached(until: start.plus(days: 183 + 365))))
  }

  @Test func promptingForgetsPromptsOutsideTheWindow() {
    let (state, _) = prompted(atDays: [0, 30, 200, 400])
    #expect(state.promptDates == [start.plus(days: 200), start.plus(days: 400)])
  }

  @Test func aLimitOfZeroNeverPrompts() {
    var rules = config
    rules.maximumPromptsPerWindow = 0
    let decision = RatingEngine.decision(for: eligibleState(), at: start, config: rules)
    #expect(decision == .blocked(.promptLimitReached(until: .distantFuture)))
  }

  @Test func ratingStopsPromptsForever() {
    let state = RatingEngine.rating(in: eligibleState(score: 20), at: start)
    #expect(state.ratedAt == start)
    for offset in [0.0, 30, 365, 3650] {
      let decision = RatingEngine.decision(for: state, at: start.plus(days: offset), config: config)
      #expect(decision == .blocked(.alreadyRated))
    }
  }

  @Test func ratingDoesNotStopPromptsWhenTheFlagIsOff() {
    var rules = config
    rules.stopAskingAfterRating = false
    rules.scoreHalfLife = 0
    var state = RatingEngine.prompting(in: eligibleState(), at: start, config: rules)
    state = RatingEngine.rating(in: state, at: start)
    let inCooldown = RatingEngine.decision(for: state, at: start.plus(days: 29), config: rules)
    #expect(inCooldown == .blocked(.cooldown(until: start.plus(days: 30))))
    #expect(RatingEngine.decision(for: state, at: start.plus(days: 30), config: rules) == .prompt)
  }

  @Test func stopAskingAfterRatingDefaultsToTrue() {
    #expect(RatingConfig().stopAskingAfterRating)
  }

  @Test func alreadyRatedIsReportedBeforeEveryOtherRule() {
    let state = RatingEngine.rating(in: RatingState(), at: start)
    #expect(RatingEngine.decision(for: state, at: start, config: config) == .blocked(.alreadyRated))
  }

  @Test func decliningResetsTheScoreAndCounts() {
    let state = RatingEngine.declining(
      in: eligibleState(score: 12), at: start.plus(days: 2), config: config)
    #expect(state.score == 0)
    #expect(state.lastActivity == start.plus(days: 2))
    #expect(state.lastDeclined == start.plus(days: 2))
    #expect(state.declineCount == 1)
    #expect(state.ratedAt == nil)
  }

  @Test func decliningKeepsTheScoreWhenConfigured() {
    var rules = config
    rules.resetsScoreOnDecline = false
    let state = RatingEngine.declining(in: eligibleState(score: 12), at: start, config: rules)
    #expect(state.score == 12)
    #expect(state.declineCount == 1)
  }

  @Test func defaultsMatchTheDocumentedValues() {
    let defaults = RatingConfig.default
    #expect(defaults.threshold == 5)
    #expect(defaults.scoreHalfLife == 7 * day)
    #expect(defaults.scoreRange == -10...20)
    #expect(defaults.cooldown == 30 * day)
    #expect(defaults.maximumPromptsPerWindow == 3)
    #expect(defaults.promptWindow == 365 * day)
    #expect(defaults.firstRunGracePeriod == 3 * day)
    #expect(defaults.minimumSessions == 3)
    #expect(defaults.quietPeriodAfterNegativeEvent == day)
    #expect(defaults.resetsScoreOnDecline)
  }
}
