import Core
import Foundation
import TestSupport
import Testing

@testable import Auth

@Suite struct RefreshAttemptsTests {
  struct Rig {
    let clock = ManualClock()
    let api: FakeGoTrue
    let attempts: RefreshAttempts

    init(_ refresh: @escaping @Sendable (String) async throws -> AuthSession) {
      api = FakeGoTrue(FakeGoTrue.Handlers(refresh: refresh))
      attempts = RefreshAttempts(
        api: api, clock: clock.appClock, policy: .standard, logger: .disabled)
    }
  }

  @Test func aTransientFailureIsTriedAgainAfterTheBackoffThenRenews() async throws {
    let failures = Recorded<Int>()
    let clock = ManualClock()
    let rig = Rig { _ in
      failures.append(1)
      if failures.all.count == 1 { throw Sessions.offline }
      return Sessions.make("two", now: clock.now)
    }
    let run = Task { await rig.attempts.run(refreshToken: "refresh-one", isCurrent: { true }) }
    #expect(await rig.clock.waitForSleepers(1))
    #expect(rig.clock.pendingDeadlines == [rig.clock.now.addingTimeInterval(0.5)])
    await rig.clock.advance(by: .milliseconds(500))
    guard case .renewed(let renewed, let attempt) = await run.value else {
      Issue.record("the second try did not renew")
      return
    }
    #expect(renewed.refreshToken == "refresh-two-Zr4Kp8w")
    #expect(attempt == 2)
    #expect(
      rig.api.calls == [
        .refresh(refreshToken: "refresh-one"), .refresh(refreshToken: "refresh-one"),
      ])
  }

  @Test func anAnswerThatEndsTheSessionStopsAtOnce() async {
    let rig = Rig { _ in throw Sessions.server(400, .refreshTokenAlreadyUsed) }
    guard case .ended = await rig.attempts.run(refreshToken: "r", isCurrent: { true }) else {
      Issue.record("a reused refresh token did not end the session")
      return
    }
    #expect(rig.api.refreshCount == 1)
    #expect(rig.clock.totalSleeps == 0)
  }

  @Test func transientFailuresGiveUpAfterThePolicysTriesWithTheLastError() async {
    let rig = Rig { _ in throw Sessions.offline }
    let run = Task { await rig.attempts.run(refreshToken: "r", isCurrent: { true }) }
    #expect(await rig.clock.waitForSleepers(1))
    await rig.clock.advance(by: .milliseconds(500))
    #expect(await rig.clock.waitForSleepers(1))
    await rig.clock.advance(by: .seconds(1))
    guard case .gaveUp(let error) = await run.value else {
      Issue.record("offline tries did not give up")
      return
    }
    #expect(error as? AppError == Sessions.offline)
    #expect(rig.api.refreshCount == RefreshPolicy.standard.maxAttempts)
  }

  @Test func aRetryAfterLongerThanTheLongestWaitEndsTheTriesWithoutWaiting() async {
    let rig = Rig { _ in throw Sessions.server(429, .overRequestRateLimit, retryAfter: 120) }
    guard case .gaveUp = await rig.attempts.run(refreshToken: "r", isCurrent: { true }) else {
      Issue.record("a two-minute Retry-After was waited for")
      return
    }
    #expect(rig.api.refreshCount == 1)
    #expect(rig.clock.totalSleeps == 0)
  }

  @Test func aSessionThatChangedDuringTheBackoffIsNotTriedAgain() async {
    let rig = Rig { _ in throw Sessions.offline }
    let current = Recorded<Bool>()
    let run = Task {
      await rig.attempts.run(refreshToken: "r", isCurrent: { current.all.isEmpty })
    }
    #expect(await rig.clock.waitForSleepers(1))
    current.append(false)
    await rig.clock.advance(by: .milliseconds(500))
    guard case .superseded = await run.value else {
      Issue.record("a superseded refresh went on")
      return
    }
    #expect(rig.api.refreshCount == 1)
  }
}
