import Auth
import Core
import Foundation
import TestSupport
import Testing

/// A refresh whose answer arrives after the session changed must change nothing. The fake
/// server here answers even after the client gave up (it ignores cancellation), so these tests
/// prove the generation guard, not just request cancellation.
@Suite struct SessionManagerRaceTests {
  @Test func aRefreshRacingSignOutDoesNotResurrectTheSession() async throws {
    let harness = Harness(stored: Sessions.make("one", expiresIn: -60))
    let gate = Gate()
    let clock = harness.clock
    harness.api.update {
      $0.refresh = { _ in
        await gate.wait()
        return Sessions.make("two", now: clock.now)
      }
      $0.logout = { _, _ in }
    }
    let manager = harness.manager
    let caller = Task { try await manager.validAccessToken() }
    await gate.waitForArrivals(1)
    try await manager.signOut()
    #expect(manager.state == .unauthenticated)
    gate.open()
    await #expect(throws: AuthError.sessionChanged) { try await caller.value }
    await Task.megaYield()
    #expect(manager.state == .unauthenticated)
    #expect(await manager.currentUser() == nil)
    #expect(harness.store.record == nil)
    #expect(harness.store.saveCount == 0)
    #expect(try await manager.validAccessToken() == nil)
    #expect(clock.sleeperCount == 0)
  }

  @Test func aRefreshRacingAnotherUsersSignInIsDiscarded() async throws {
    let harness = Harness(stored: Sessions.make("alice", expiresIn: -60))
    let gate = Gate()
    let clock = harness.clock
    let bobSession = harness.renewed("bob", user: Sessions.bob)
    harness.api.update {
      $0.refresh = { _ in
        await gate.wait()
        return Sessions.make("alice-two", now: clock.now)
      }
      $0.signIn = { _, _ in bobSession }
    }
    let manager = harness.manager
    let caller = Task { try await manager.validAccessToken() }
    await gate.waitForArrivals(1)
    _ = try await manager.signInWithEmail(email: "bob@example.com", password: "pw")
    gate.open()
    await #expect(throws: AuthError.sessionChanged) { try await caller.value }
    #expect(manager.state == .authenticated(Sessions.bob))
    #expect(harness.store.stored == bobSession)
    #expect(try await manager.validAccessToken() == bobSession.accessToken)
  }

  @Test func aLateTerminalAnswerDoesNotSignOutTheNextUser() async throws {
    let harness = Harness(stored: Sessions.make("alice", expiresIn: -60))
    let gate = Gate()
    let bobSession = harness.renewed("bob", user: Sessions.bob)
    harness.api.update {
      $0.refresh = { _ in
        await gate.wait()
        throw Sessions.server(400, .refreshTokenNotFound)
      }
      $0.signIn = { _, _ in bobSession }
    }
    let manager = harness.manager
    let caller = Task { try await manager.refreshIfNeeded() }
    await gate.waitForArrivals(1)
    _ = try await manager.signInWithEmail(email: "bob@example.com", password: "pw")
    gate.open()
    await #expect(throws: AuthError.sessionChanged) { try await caller.value }
    #expect(manager.state == .authenticated(Sessions.bob))
    #expect(harness.store.stored == bobSession)
  }

  @Test func aScheduledRefreshOfASignedOutSessionNeverRuns() async throws {
    let harness = Harness(stored: Sessions.make("one"))
    harness.api.update { $0.logout = { _, _ in } }
    await harness.manager.start()
    #expect(await harness.clock.waitForSleepers(1))
    try await harness.manager.signOut()
    #expect(await eventually { harness.clock.sleeperCount == 0 })
    await harness.clock.advance(by: .seconds(7200))
    #expect(harness.api.refreshCount == 0)
  }

  @Test func aFailedScheduledRefreshIsTriedAgainLater() async throws {
    let harness = Harness(stored: Sessions.make("one"))
    let clock = harness.clock
    harness.api.update { $0.refresh = { _ in throw Sessions.server(503, nil) } }
    await harness.manager.start()
    #expect(await clock.waitForSleepers(1))
    await clock.advance(by: .seconds(3540))
    for step in [Duration.milliseconds(500), .seconds(1)] {
      #expect(await clock.waitForSleepers(1))
      await clock.advance(by: step)
    }
    #expect(await eventually { clock.pendingDeadlines == [clock.now.addingTimeInterval(60)] })
    #expect(harness.api.refreshCount == 3)
    #expect(harness.manager.state == .authenticated(Sessions.alice))
    harness.api.update { $0.refresh = { _ in Sessions.make("two", now: clock.now) } }
    await clock.advance(by: .seconds(60))
    #expect(await eventually { harness.store.stored?.accessToken == "access-two-Q9x7Lm2" })
    #expect(harness.api.refreshCount == 4)
  }
}
