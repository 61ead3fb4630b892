import Core
import Foundation
import TestSupport
import Testing

@testable import FeatureRating

@Suite struct RatingClientTests {
  @Test func concurrentRecordsLoseNothing() async {
    let storage = SuspendingRatingStorage()
    let clock = ManualClock(start: start)
    let rules = RatingConfig(scoreRange: -100...100)
    let client = RatingClient(config: rules, storage: storage, clock: clock.appClock)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<25 {
        group.addTask { await client.record(.goodReply) }
      }
    }
    #expect(await client.state().score == 25)
    #expect(await storage.state.score == 25)
    #expect(await storage.loads == 1)
  }

  @Test func concurrentPromptRequestsShowOnePrompt() async {
    let storage = SuspendingRatingStorage(eligibleState())
    let client = RatingClient(storage: storage, clock: ManualClock(start: start).appClock)
    let decisions = await withTaskGroup(of: RatingDecision.self) { group in
      for _ in 0..<25 {
        group.addTask { await client.promptIfEligible() }
      }
      return await group.reduce(into: [RatingDecision]()) { $0.append($1) }
    }
    #expect(decisions.filter(\.shouldPrompt).count == 1)
    #expect(await storage.state.promptDates == [start])
  }

  @Test func aFreshInstallFollowsEveryRuleToThePrompt() async {
    let clock = ManualClock(start: start)
    let client = RatingClient(storage: InMemoryRatingStorage(), clock: clock.appClock)
    await client.sessionStarted()
    #expect(
      await client.record(.taskCompleted)
        == .blocked(.firstRunGracePeriod(until: start.plus(days: 3))))
    await clock.advance(to: start.plus(days: 3))
    await client.sessionStarted()
    #expect(
      await client.record(.taskCompleted)
        == .blocked(.notEnoughSessions(count: 2, required: 3)))
    await client.sessionStarted()
    // The first two tasks decayed for three days, so three more good moments are needed.
    #expect(await !client.record(.goodReply).shouldPrompt)
    #expect(await client.record(.taskCompleted) == .prompt)
  }

  @Test func declineStartsCooldownAndNeedsNewGoodMoments() async {
    let clock = ManualClock(start: start)
    let client = RatingClient(
      storage: InMemoryRatingStorage(eligibleState()), clock: clock.appClock)
    #expect(await client.promptIfEligible() == .prompt)
    await client.userDeclined()
    #expect(await client.state().declineCount == 1)
    await clock.advance(to: start.plus(days: 30))
    let afterCooldown = await client.decision()
    #expect(afterCooldown == .blocked(.scoreBelowThreshold(score: 0, threshold: 5)))
    #expect(
      await client.record(.milestoneReached)
        == .blocked(
          .scoreBelowThreshold(score: 3, threshold: 5)))
    #expect(await client.record(.taskCompleted) == .prompt)
  }

  @Test func ratingEndsPrompting() async {
    let clock = ManualClock(start: start)
    let client = RatingClient(
      storage: InMemoryRatingStorage(eligibleState()), clock: clock.appClock)
    await client.didPrompt()
    await client.userRated()
    await clock.advance(to: start.plus(days: 400))
    #expect(await client.record(.milestoneReached) == .blocked(.alreadyRated))
    #expect(await !client.shouldPrompt())
  }

  @Test func stateSurvivesANewClientOverTheSameStore() async {
    let store = InMemoryKeyValueStore()
    let clock = ManualClock(start: start)
    let first = RatingClient(storage: KeyValueRatingStorage(store: store), clock: clock.appClock)
    await first.sessionStarted()
    await first.record(.taskCompleted)
    await first.didPrompt()
    let second = RatingClient(storage: KeyValueRatingStorage(store: store), clock: clock.appClock)
    let state = await second.state()
    #expect(state.sessionCount == 1)
    #expect(state.score == 2)
    #expect(state.promptDates == [start])
    #expect(state.firstSeen == start)
  }

  @Test func storageFailuresAreLoggedAndTheClientKeepsWorking() async {
    let sink = InMemoryLogSink()
    let logger = AppLogger(minimumLevel: .debug, sinks: [sink], now: { start })
    let client = RatingClient(
      storage: FailingRatingStorage(), clock: ManualClock(start: start).appClock, logger: logger)
    await client.record(.taskCompleted)
    await client.record(.goodReply)
    #expect(await client.currentScore() == 3)
    #expect(sink.text.contains("Loading rating state failed"))
    #expect(sink.messages.filter { $0.contains("Saving rating state failed") }.count == 2)
  }

  @Test func readingTheDecisionRecordsTheFirstRun() async {
    let storage = InMemoryRatingStorage()
    let client = RatingClient(storage: storage, clock: ManualClock(start: start).appClock)
    _ = await client.decision()
    #expect(await storage.stored.firstSeen == start)
    _ = await client.decision()
    #expect(await storage.saveCount == 1)
  }

  @Test func scoreDecaysWithTheInjectedClock() async {
    let clock = ManualClock(start: start)
    let client = RatingClient(storage: InMemoryRatingStorage(), clock: clock.appClock)
    await client.record(.milestoneReached)
    await client.record(.milestoneReached)
    await clock.advance(to: start.plus(days: 7))
    #expect(await client.currentScore() == 3)
  }
}
