import Core
import Foundation
import TestSupport
import Testing

@testable import Auth

@Suite struct SessionKeeperTests {
  struct Rig {
    let clock = ManualClock()
    let api: FakeGoTrue
    let store: MemorySessionStore
    let keeper: SessionKeeper

    init(stored: AuthSession? = nil, _ handlers: FakeGoTrue.Handlers = FakeGoTrue.Handlers()) {
      api = FakeGoTrue(handlers)
      store = MemorySessionStore(stored)
      keeper = SessionKeeper(
        api: api, store: store, clock: clock.appClock, logger: .disabled, policy: .standard)
    }
  }

  @Test func aNewSessionIsStoredPublishedAndItsRefreshSetBeforeExpiry() async throws {
    let rig = Rig()
    let session = Sessions.make("one", now: rig.clock.now)
    try await rig.keeper.establish(session, method: "test")
    #expect(rig.store.stored == session)
    #expect(rig.keeper.broadcaster.current == .authenticated(Sessions.alice))
    #expect(await rig.clock.waitForSleepers(1))
    #expect(rig.clock.pendingDeadlines == [session.expiresAt.addingTimeInterval(-60)])
    #expect(await rig.keeper.generation == 1)
  }

  @Test func aSessionThatCannotBeStoredIsNotMadeCurrent() async {
    let rig = Rig()
    rig.store.fail(save: DiskError())
    await #expect(throws: DiskError.self) {
      try await rig.keeper.establish(Sessions.make("one"), method: "test")
    }
    #expect(await rig.keeper.session == nil)
    #expect(rig.keeper.broadcaster.current == .unauthenticated)
  }

  @Test func theAlarmRenewsSilentlyWhenTheTokenIsDue() async throws {
    let clock = ManualClock()
    let rig = Rig(
      stored: Sessions.make("one", now: clock.now, expiresIn: 120),
      FakeGoTrue.Handlers(refresh: { _ in Sessions.make("two", now: clock.now) }))
    let states = StateRecorder(rig.keeper.broadcaster.subscribe())
    await rig.keeper.start()
    #expect(await rig.clock.waitForSleepers(1))
    await rig.clock.advance(by: .seconds(60))
    #expect(await eventually { rig.store.stored?.refreshToken == "refresh-two-Zr4Kp8w" })
    #expect(rig.api.calls == [.refresh(refreshToken: "refresh-one-Zr4Kp8w")])
    #expect(states.all == [.authenticated(Sessions.alice)])
  }

  @Test func endingASessionOfAnOlderGenerationChangesNothing() async throws {
    let rig = Rig()
    try await rig.keeper.establish(Sessions.make("one"), method: "test")
    let older = await rig.keeper.generation - 1
    let (ended, failure) = await rig.keeper.endSession(because: "test", ifGeneration: older)
    #expect(ended == nil)
    #expect(failure == nil)
    #expect(rig.store.stored != nil)
    let (current, _) = await rig.keeper.endSession(because: "test")
    #expect(current?.refreshToken == "refresh-one-Zr4Kp8w")
    #expect(rig.store.stored == nil)
    #expect(rig.keeper.broadcaster.current == .unauthenticated)
    #expect(await eventually { rig.clock.sleeperCount == 0 })
  }
}
