import Auth
import Core
import Foundation
import TestSupport
import Testing

@Suite struct SessionManagerLaunchTests {
  @Test func withoutAStoredSessionTheStateIsUnauthenticatedAtOnce() async {
    let harness = Harness()
    #expect(harness.manager.state == .unauthenticated)
    await harness.manager.start()
    #expect(harness.api.calls.isEmpty)
    #expect(harness.clock.sleeperCount == 0)
    #expect(await harness.manager.snapshot() == .signedOut)
  }

  @Test func aValidStoredSessionIsAuthenticatedAtOnceAndItsRefreshIsScheduled() async {
    let stored = Sessions.make("one")
    let harness = Harness(stored: stored)
    #expect(harness.manager.state == .authenticated(Sessions.alice))
    await harness.manager.start()
    #expect(await harness.clock.waitForSleepers(1))
    #expect(harness.api.calls.isEmpty)
    #expect(harness.clock.pendingDeadlines == [stored.expiresAt.addingTimeInterval(-60)])
    let snapshot = await harness.manager.snapshot()
    #expect(snapshot.user == Sessions.alice)
    #expect(snapshot.accessTokenExpiresAt == stored.expiresAt)
    #expect(!snapshot.isAccessTokenExpired)
  }

  @Test func theScheduledRefreshIsSilentAndRotatesTheStoredTokens() async throws {
    let harness = Harness(stored: Sessions.make("one"))
    let recorder = StateRecorder(harness.manager.authStates())
    await harness.manager.start()
    let clock = harness.clock
    #expect(await clock.waitForSleepers(1))
    harness.api.update { $0.refresh = { _ in Sessions.make("two", now: clock.now) } }
    await clock.advance(by: .seconds(3540))
    #expect(await eventually { harness.store.stored?.refreshToken == "refresh-two-Zr4Kp8w" })
    #expect(harness.api.calls == [.refresh(refreshToken: "refresh-one-Zr4Kp8w")])
    #expect(try await harness.manager.validAccessToken() == "access-two-Q9x7Lm2")
    #expect(await eventually { clock.sleeperCount == 1 })
    #expect(clock.pendingDeadlines == [clock.now.addingTimeInterval(3540)])
    #expect(recorder.all == [.authenticated(Sessions.alice)])
  }

  @Test func aSessionThatExpiredHoursAgoIsRenewedSilentlyAtLaunch() async throws {
    let stored = Sessions.make("one", expiresIn: -3 * 3600)
    let harness = Harness(stored: stored)
    #expect(harness.manager.state == .refreshing)
    let recorder = StateRecorder(harness.manager.authStates())
    let clock = harness.clock
    harness.api.update { $0.refresh = { _ in Sessions.make("two", now: clock.now) } }
    await harness.manager.start()
    #expect(harness.manager.state == .authenticated(Sessions.alice))
    #expect(harness.store.stored?.accessToken == "access-two-Q9x7Lm2")
    #expect(harness.api.refreshCount == 1)
    #expect(await recorder.waitForCount(2))
    #expect(recorder.all == [.refreshing, .authenticated(Sessions.alice)])
  }

  @Test func aSessionAboutToExpireIsRenewedAtLaunchWithoutShowingProgress() async {
    let harness = Harness(stored: Sessions.make("one", expiresIn: 30))
    #expect(harness.manager.state == .authenticated(Sessions.alice))
    let recorder = StateRecorder(harness.manager.authStates())
    let clock = harness.clock
    harness.api.update { $0.refresh = { _ in Sessions.make("two", now: clock.now) } }
    await harness.manager.start()
    #expect(harness.api.refreshCount == 1)
    #expect(harness.store.stored?.accessToken == "access-two-Q9x7Lm2")
    #expect(recorder.all == [.authenticated(Sessions.alice)])
  }

  @Test func aRefreshTokenThatExpiredAfterFourteenDaysAsksForSignInAgain() async {
    let harness = Harness(stored: Sessions.make("one", expiresIn: -14 * 86_400))
    harness.api.update {
      $0.refresh = { _ in
        throw Sessions.server(
          400, .refreshTokenNotFound, "Invalid Refresh Token: Refresh Token Not Found")
      }
    }
    await harness.manager.start()
    #expect(harness.manager.state == .unauthenticated)
    #expect(harness.store.record == nil)
    #expect(harness.api.refreshCount == 1)
    #expect(await harness.manager.currentUser() == nil)
    #expect(harness.clock.sleeperCount == 0)
  }

  @Test func anExpiredSessionStaysSignedInWhenTheLaunchRefreshCannotReachTheServer() async {
    let stored = Sessions.make("one", expiresIn: -7200)
    let harness = Harness(stored: stored)
    harness.api.update { $0.refresh = { _ in throw Sessions.offline } }
    let clock = harness.clock
    let launch = Task { await harness.manager.start() }
    #expect(await clock.waitForSleepers(1))
    await clock.advance(by: .milliseconds(500))
    #expect(await clock.waitForSleepers(1))
    await clock.advance(by: .seconds(1))
    await launch.value
    #expect(harness.api.refreshCount == 3)
    #expect(harness.manager.state == .authenticated(Sessions.alice))
    #expect(harness.store.stored == stored)
    #expect(clock.pendingDeadlines == [clock.now.addingTimeInterval(60)])
  }

  @Test func aDamagedRecordIsRemovedAndCountsAsSignedOut() {
    let store = MemorySessionStore(record: Data("{\"version\":1,\"access".utf8))
    let harness = Harness(store: store)
    #expect(harness.manager.state == .unauthenticated)
    #expect(store.record == nil)
    #expect(store.clearCount == 1)
  }

  @Test func aStoreThatCannotBeReadKeepsItsRecordAndIsReadAgainAtStart() async {
    let store = MemorySessionStore(Sessions.make("one"))
    store.fail(load: DiskError())
    let harness = Harness(store: store)
    #expect(harness.manager.state == .unauthenticated)
    #expect(store.record != nil)
    store.fail()
    await harness.manager.start()
    #expect(harness.manager.state == .authenticated(Sessions.alice))
    #expect(await harness.manager.currentUser() == Sessions.alice)
  }

  @Test func startRunsOnce() async {
    let harness = Harness(stored: Sessions.make("one"))
    await harness.manager.start()
    await harness.manager.start()
    #expect(await harness.clock.waitForSleepers(1))
    await Task.megaYield()
    #expect(harness.clock.totalSleeps == 1)
  }
}
