import Auth
import Core
import Foundation
import TestSupport
import Testing

/// `confirmAccount()`: what `kiln whoami` asks the server.
@Suite struct SessionManagerConfirmationTests {
  @Test func aValidTokenIsConfirmedWithTheServersAccount() async {
    let renamed = AuthUser(id: Sessions.alice.id, email: "alice@example.com", name: "Alice B")
    let harness = Harness(
      stored: Sessions.make("one"), FakeGoTrue.Handlers(user: { _ in renamed }))
    #expect(await harness.manager.confirmAccount() == .confirmed(renamed))
    #expect(harness.api.calls == [.user(accessToken: "access-one-Q9x7Lm2")])
  }

  @Test func aDueTokenIsRenewedBeforeAsking() async {
    let harness = Harness(stored: Sessions.make("one", expiresIn: 30))
    let clock = harness.clock
    harness.api.update {
      $0.refresh = { _ in Sessions.make("two", now: clock.now) }
      $0.user = { _ in Sessions.alice }
    }
    #expect(await harness.manager.confirmAccount() == .confirmed(Sessions.alice))
    #expect(
      harness.api.calls == [
        .refresh(refreshToken: "refresh-one-Zr4Kp8w"), .user(accessToken: "access-two-Q9x7Lm2"),
      ])
    #expect(harness.store.stored?.refreshToken == "refresh-two-Zr4Kp8w")
  }

  @Test func aRejectedTokenIsRenewedOnceAndTheQuestionAskedAgain() async {
    let harness = Harness(stored: Sessions.make("one"))
    let clock = harness.clock
    harness.api.update {
      $0.refresh = { _ in Sessions.make("two", now: clock.now) }
      $0.user = { token in
        guard token == "access-two-Q9x7Lm2" else {
          throw Sessions.server(403, .sessionNotFound, "Session does not exist")
        }
        return Sessions.alice
      }
    }
    #expect(await harness.manager.confirmAccount() == .confirmed(Sessions.alice))
    #expect(harness.api.refreshCount == 1)
  }

  @Test func anUnreachableServerLeavesTheStoredAccountUnconfirmed() async {
    let stored = Sessions.make("one")
    let harness = Harness(
      stored: stored, FakeGoTrue.Handlers(user: { _ in throw Sessions.offline }))
    let confirmation = await harness.manager.confirmAccount()
    #expect(confirmation == .unconfirmed(Sessions.alice, reason: Sessions.offline))
    #expect(harness.manager.state == .authenticated(Sessions.alice))
    #expect(harness.store.stored == stored)
  }

  @Test func aSessionTheServerEndedSignsOut() async {
    let harness = Harness(stored: Sessions.make("one", expiresIn: -60))
    harness.api.update {
      $0.refresh = { _ in throw Sessions.server(400, .refreshTokenAlreadyUsed, "Already Used") }
    }
    #expect(await harness.manager.confirmAccount() == .signedOut)
    #expect(harness.manager.state == .unauthenticated)
    #expect(harness.store.stored == nil)
  }

  @Test func nobodySignedInAsksNothing() async {
    let harness = Harness()
    #expect(await harness.manager.confirmAccount() == .signedOut)
    #expect(harness.api.calls == [])
  }
}
