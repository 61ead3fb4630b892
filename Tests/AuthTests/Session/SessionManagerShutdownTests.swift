import Auth
import Core
import Foundation
import TestSupport
import Testing

/// What a process does with its session before it exits, and how short-lived tokens are
/// scheduled.
@Suite struct SessionManagerShutdownTests {
  @Test func shutdownWaitsForTheRefreshInFlightAndItsSave() async throws {
    let harness = Harness(stored: Sessions.make("one", expiresIn: -600))
    let gate = Gate()
    let clock = harness.clock
    harness.api.update {
      $0.refresh = { _ in
        await gate.wait()
        return Sessions.make("two", now: clock.now)
      }
    }
    let manager = harness.manager
    let caller = Task { try await manager.validAccessToken() }
    #expect(await gate.waitForArrivals(1))
    let finished = Recorded<Bool>()
    let shutdown = Task {
      await manager.shutdown()
      finished.append(true)
    }
    await Task.megaYield(count: 200)
    #expect(finished.all.isEmpty, "shutdown returned while the refresh was in flight")
    gate.open()
    await shutdown.value
    #expect(harness.store.stored?.refreshToken == "refresh-two-Zr4Kp8w")
    #expect(try await caller.value == "access-two-Q9x7Lm2")
  }

  @Test func afterShutdownNoScheduledRefreshStarts() async throws {
    let harness = Harness(
      FakeGoTrue.Handlers(signIn: { _, _ in Sessions.make("one", now: Fixture.referenceDate) }))
    _ = try await harness.manager.signInWithEmail(email: "alice@example.com", password: "pw")
    #expect(await harness.clock.waitForSleepers(1))
    #expect(harness.clock.pendingDeadlines == [Fixture.referenceDate.addingTimeInterval(3540)])
    await harness.manager.shutdown()
    await harness.clock.advance(by: .seconds(2 * 3600))
    #expect(harness.api.refreshCount == 0)
    #expect(harness.clock.sleeperCount == 0)
    #expect(harness.store.stored?.refreshToken == "refresh-one-Zr4Kp8w")
  }

  @Test func aThirtySecondTokenIsRenewedHalfwayNotTheMomentItArrives() async throws {
    let signedIn = AuthSession(
      accessToken: "access-one-Q9x7Lm2", refreshToken: "refresh-one-Zr4Kp8w",
      expiresAt: Fixture.referenceDate.addingTimeInterval(30), user: Sessions.alice, lifetime: 30)
    let harness = Harness(FakeGoTrue.Handlers(signIn: { _, _ in signedIn }))
    _ = try await harness.manager.signInWithEmail(email: "alice@example.com", password: "pw")
    #expect(await harness.clock.waitForSleepers(1))
    #expect(harness.clock.pendingDeadlines == [Fixture.referenceDate.addingTimeInterval(15)])
    #expect(harness.api.refreshCount == 0)
    #expect(try await harness.manager.validAccessToken() == "access-one-Q9x7Lm2")
    #expect(harness.api.refreshCount == 0)
  }
}
