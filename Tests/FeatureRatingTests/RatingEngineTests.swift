import Foundation
import Testing

@testable import FeatureRating

@Suite struct RatingEngineTests {
  let config = RatingConfig.default

  @Test func scoreAtThresholdPrompts() {
    let decision = RatingEngine.decision(for: eligibleState(score: 5), at: start, config: config)
    #expect(decision == .prompt)
  }

  @Test func scoreJustBelowThresholdIsBlocked() {
    let decision = RatingEngine.decision(
      for: eligibleState(score: 4.99), at: start, config: config)
    #expect(decision == .blocked(.scoreBelowThreshold(score: 4.99, threshold: 5)))
  }

  @Test func eventsAddUpToTheThreshold() {
    var state = eligibleState(score: 0)
    state = RatingEngine.recording(.taskCompleted, in: state, at: start, config: config)
    state = RatingEngine.recording(.taskCompleted, in: state, at: start, config: config)
    #expect(!RatingEngine.decision(for: state, at: start, config: config).shouldPrompt)
    state = RatingEngine.recording(.goodReply, in: state, at: start, config: config)
    #expect(state.score == 5)
    #expect(RatingEngine.decision(for: state, at: start, config: config) == .prompt)
  }

  @Test func scoreHalvesEveryHalfLife() {
    let state = RatingState(score: 8, lastActivity: start)
    #expect(RatingEngine.score(of: state, at: start, config: config) == 8)
    #expect(RatingEngine.score(of: state, at: start.plus(days: 7), config: config) == 4)
    #expect(RatingEngine.score(of: state, at: start.plus(days: 14), config: config) == 2)
  }

  @Test func decayMovesAnEligibleUserBelowTheThreshold() {
    let state = eligibleState(score: 10)
    #expect(RatingEngine.decision(for: state, at: start.plus(days: 7), config: config) == .prompt)
    let later = RatingEngine.decision(
      for: state, at: start.plus(days: 7).plus(seconds: 3600), config: config)
    #expect(
      later.blockReason.map { reason in
        if case .scoreBelowThreshold = reason { return true }
        return false
      } == true)
  }

  @Test func recordingDecaysBeforeAdding() {
    let state = RatingState(score: 8, lastActivity: start, firstSeen: start)
    let next = RatingEngine.recording(
      .goodReply, in: state, at: start.plus(days: 7), config: config)
    #expect(next.score == 5)
    #expect(next.lastActivity == start.plus(days: 7))
  }

  @Test func aClockMovingBackwardsNeverRaisesTheScore() {
    let state = RatingState(score: 6, lastActivity: start)
    #expect(RatingEngine.score(of: state, at: start.plus(days: -3), config: config) == 6)
  }

  @Test func zeroHalfLifeTurnsDecayOff() {
    let noDecay = RatingConfig(scoreHalfLife: 0)
    let state = RatingState(score: 6, lastActivity: start)
    #expect(RatingEngine.score(of: state, at: start.plus(days: 400), config: noDecay) == 6)
  }

  @Test func negativeScoresDecayTowardZero() {
    let state = RatingState(score: -4, lastActivity: start)
    #expect(RatingEngine.score(of: state, at: start.plus(days: 7), config: config) == -2)
  }

  @Test func scoreIsClampedToItsRange() {
    var state = RatingState()
    for _ in 0..<20 {
      state = RatingEngine.recording(.milestoneReached, in: state, at: start, config: config)
    }
    #expect(state.score == 20)
    for _ in 0..<20 {
      state = RatingEngine.recording(.badReply, in: state, at: start, config: config)
    }
    #expect(state.score == -10)
  }

  @Test func negativeEventLowersTheScoreAndStartsAQuietPeriod() {
    var state = eligibleState(score: 9)
    state = RatingEngine.recording(.errorEncountered, in: state, at: start, config: config)
    #expect(state.score == 7.5)
    #expect(state.lastNegativeEvent == start)
    let quietEnd = start.plus(days: 1)
    let justBefore = RatingEngine.decision(
      for: state, at: quietEnd.plus(seconds: -1), config: config)
    #expect(justBefore == .blocked(.recentNegativeEvent(until: quietEnd)))
    #expect(RatingEngine.decision(for: state, at: quietEnd, config: config) == .prompt)
  }

  @Test func firstCallStartsTheGracePeriod() {
    let decision = RatingEngine.decision(for: RatingState(), at: start, config: config)
    #expect(decision == .blocked(.firstRunGracePeriod(until: start.plus(days: 3))))
  }

  @Test func gracePeriodEndsAfterThreeDays() {
    let state = RatingState(score: 10, lastActivity: start, firstSeen: start, sessionCount: 5)
    let noDecay = RatingConfig(scoreHalfLife: 0)
    let graceEnd = start.plus(days: 3)
    let before = RatingEngine.decision(
      for: state, at: graceEnd.plus(seconds: -1), config: noDecay)
    #expect(before == .blocked(.firstRunGracePeriod(until: graceEnd)))
    #expect(RatingEngine.decision(for: state, at: graceEnd, config: noDecay) == .prompt)
  }

  @Test(arguments: [(2, false), (3, true)])
  func minimumSessionsBoundary(sessions: Int, prompts: Bool) {
    var state = eligibleState()
    state.sessionCount = sessions
    let decision = RatingEngine.decision(for: state, at: start, config: config)
    #expect(decision.shouldPrompt == prompts)
    if !prompts {
      #expect(decision == .blocked(.notEnoughSessions(count: 2, required: 3)))
    }
  }

  @Test func startingASessionCountsIt() {
    let state = RatingEngine.startingSession(in: RatingState(), at: start)
    #expect(state.sessionCount == 1)
    #expect(state.firstSeen == start)
    let again = RatingEngine.startingSession(in: state, at: start.plus(days: 1))
    #expect(again.sessionCount == 2)
    #expect(again.firstSeen == start)
  }
}
