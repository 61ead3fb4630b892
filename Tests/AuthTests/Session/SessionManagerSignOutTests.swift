import Auth
import Core
import Foundation
import TestSupport
import Testing

@Suite struct SessionManagerSignOutTests {
  @Test func signOutIsLocalFirstAndIgnoresAnUnreachableServer() async throws {
    let harness = Harness(stored: Sessions.make("one"))
    let manager = harness.manager
    let stateAtLogout = Recorded<AuthState>()
    harness.api.update {
      $0.logout = { _, _ in
        stateAtLogout.append(manager.state)
        throw Sessions.offline
      }
    }
    try await manager.signOut()
    #expect(stateAtLogout.all == [.unauthenticated])
    #expect(harness.api.calls == [.logout(accessToken: "access-one-Q9x7Lm2", scope: .local)])
    #expect(manager.state == .unauthenticated)
    #expect(harness.store.record == nil)
  }

  @Test func signOutWithAScopeSendsIt() async throws {
    let harness = Harness(stored: Sessions.make("one"))
    harness.api.update { $0.logout = { _, _ in throw Sessions.server(403, .sessionNotFound) } }
    try await harness.manager.signOut(scope: .global)
    #expect(harness.api.calls == [.logout(accessToken: "access-one-Q9x7Lm2", scope: .global)])
  }

  @Test func signingOutWhenSignedOutCallsNothing() async throws {
    let harness = Harness()
    try await harness.manager.signOut()
    #expect(harness.api.calls.isEmpty)
    #expect(harness.manager.state == .unauthenticated)
  }

  @Test func aStoreThatCannotBeClearedIsReportedButTheSessionIsGone() async {
    let harness = Harness(stored: Sessions.make("one"))
    harness.api.update { $0.logout = { _, _ in } }
    harness.store.fail(clear: DiskError())
    await #expect(throws: DiskError.self) { try await harness.manager.signOut() }
    #expect(harness.manager.state == .unauthenticated)
    #expect(await harness.manager.currentUser() == nil)
  }

  @Test func deletingTheAccountCallsTheFunctionThenSignsOut() async throws {
    let harness = Harness(stored: Sessions.make("one"))
    harness.api.update { $0.deleteAccount = { _ in } }
    try await harness.manager.deleteAccount()
    #expect(harness.api.calls == [.deleteAccount(accessToken: "access-one-Q9x7Lm2")])
    #expect(harness.manager.state == .unauthenticated)
    #expect(harness.store.record == nil)
  }

  @Test func aFailedDeletionKeepsTheUserSignedIn() async {
    let stored = Sessions.make("one")
    let harness = Harness(stored: stored)
    harness.api.update { $0.deleteAccount = { _ in throw Sessions.server(500, nil) } }
    await #expect(throws: AuthError.self) { try await harness.manager.deleteAccount() }
    #expect(harness.manager.state == .authenticated(Sessions.alice))
    #expect(harness.store.stored == stored)
  }

  @Test func deletionWithAnExpiredTokenRenewsItFirst() async throws {
    let harness = Harness(stored: Sessions.make("one", expiresIn: -60))
    let clock = harness.clock
    harness.api.update {
      $0.refresh = { _ in Sessions.make("two", now: clock.now) }
      $0.deleteAccount = { _ in }
    }
    try await harness.manager.deleteAccount()
    #expect(
      harness.api.calls == [
        .refresh(refreshToken: "refresh-one-Zr4Kp8w"),
        .deleteAccount(accessToken: "access-two-Q9x7Lm2"),
      ])
    #expect(harness.manager.state == .unauthenticated)
  }

  @Test func deletionNeedsASignedInUser() async {
    await #expect(throws: AuthError.notSignedIn) { try await Harness().manager.deleteAccount() }
  }
}
