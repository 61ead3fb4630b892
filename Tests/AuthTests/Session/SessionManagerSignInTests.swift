import Auth
import Core
import Foundation
import TestSupport
import Testing

@Suite struct SessionManagerSignInTests {
  @Test func emailSignInStoresPublishesAndSchedulesTheSession() async throws {
    let harness = Harness()
    let session = Sessions.make("one")
    harness.api.update { $0.signIn = { _, _ in session } }
    let recorder = StateRecorder(harness.manager.authStates())
    let user = try await harness.manager.signInWithEmail(
      email: "  alice@example.com\n", password: "correct horse")
    #expect(user == Sessions.alice)
    #expect(harness.api.calls == [.signIn(email: "alice@example.com")])
    #expect(harness.store.stored == session)
    #expect(await harness.manager.currentUser() == Sessions.alice)
    #expect(await recorder.waitForCount(2))
    #expect(recorder.all == [.unauthenticated, .authenticated(Sessions.alice)])
    #expect(await harness.clock.waitForSleepers(1))
    #expect(harness.clock.pendingDeadlines == [session.refreshDate()])
  }

  @Test func rejectedCredentialsLeaveEverythingAsItWas() async {
    let harness = Harness()
    harness.api.update {
      $0.signIn = { _, _ in throw Sessions.server(400, .invalidCredentials) }
    }
    do {
      _ = try await harness.manager.signInWithEmail(email: "a@example.com", password: "wrong")
      Issue.record("sign-in should have failed")
    } catch {
      #expect(AppError.from(error) == .unauthorized)
    }
    #expect(harness.manager.state == .unauthenticated)
    #expect(harness.store.record == nil)
  }

  @Test func aSignInThatCannotBeStoredFails() async {
    let harness = Harness()
    harness.api.update { $0.signIn = { _, _ in Sessions.make("one") } }
    harness.store.fail(save: DiskError())
    await #expect(throws: DiskError.self) {
      try await harness.manager.signInWithEmail(email: "a@example.com", password: "pw")
    }
    #expect(harness.manager.state == .unauthenticated)
    #expect(await harness.manager.currentUser() == nil)
  }

  @Test(arguments: [("", "pw"), ("   ", "pw"), ("no-at-sign", "pw"), ("a@example.com", "")])
  func emptyOrMalformedInputIsRejectedBeforeAnyCall(email: String, password: String) async {
    let harness = Harness()
    do {
      _ = try await harness.manager.signInWithEmail(email: email, password: password)
      Issue.record("sign-in should have failed")
    } catch {
      guard case .validation = AppError.from(error) else {
        Issue.record("expected a validation error, got \(error)")
        return
      }
    }
    #expect(harness.api.calls.isEmpty)
  }

  @Test func signUpWithASessionSignsIn() async throws {
    let harness = Harness()
    let session = Sessions.make("one")
    harness.api.update { $0.signUp = { _, _ in .session(session) } }
    let outcome = try await harness.manager.signUpWithEmail(
      email: "alice@example.com", password: "long enough")
    #expect(outcome == .signedIn(Sessions.alice))
    #expect(harness.store.stored == session)
    #expect(harness.manager.state == .authenticated(Sessions.alice))
  }

  @Test func signUpThatNeedsConfirmationStaysSignedOut() async throws {
    let harness = Harness()
    harness.api.update { $0.signUp = { _, _ in .confirmationRequired(Sessions.alice) } }
    let outcome = try await harness.manager.signUpWithEmail(
      email: "alice@example.com", password: "long enough")
    #expect(outcome == .confirmationRequired(Sessions.alice))
    #expect(!outcome.isSignedIn)
    #expect(harness.manager.state == .unauthenticated)
    #expect(harness.store.record == nil)
  }

  @Test func idTokenSignInSendsTheRawNonce() async throws {
    let harness = Harness()
    harness.api.update { $0.idToken = { _ in Sessions.make("one") } }
    let credential = OpenIDCredential(provider: .google, idToken: "google-id-token", nonce: "raw")
    #expect(try await harness.manager.signIn(with: credential) == Sessions.alice)
    #expect(
      harness.api.calls == [.idToken(provider: .google, idToken: "google-id-token", nonce: "raw")])
  }

  @Test func appleAndGoogleNeedANativeFlow() async {
    let manager = Harness().manager
    do {
      _ = try await manager.signInWithApple()
      Issue.record("Apple sign-in should be unavailable")
    } catch {
      #expect(error as? AuthError == .providerUnavailable(.apple))
      #expect(AppError.from(error) == .notConfigured("Sign in with Apple"))
    }
    await #expect(throws: AuthError.providerUnavailable(.google)) {
      try await manager.signInWithGoogle()
    }
  }

  @Test func appleSignInExchangesTheFlowsTokenAsApple() async throws {
    let flow = FixedIdentityProvider(
      credential: OpenIDCredential(provider: "other", idToken: "apple-id-token", nonce: "n-1"))
    let harness = Harness(identityProviders: [.apple: flow])
    harness.api.update { $0.idToken = { _ in Sessions.make("one") } }
    #expect(try await harness.manager.signInWithApple() == Sessions.alice)
    #expect(
      harness.api.calls == [.idToken(provider: .apple, idToken: "apple-id-token", nonce: "n-1")])
  }

  @Test func resetPasswordAsksForTheEmail() async throws {
    let harness = Harness()
    harness.api.update { $0.recover = { _ in } }
    try await harness.manager.resetPassword(email: " alice@example.com ")
    #expect(harness.api.calls == [.recover(email: "alice@example.com")])
  }

  @Test func signingInAsSomeoneElseReplacesTheSession() async throws {
    let harness = Harness(stored: Sessions.make("alice"))
    let bobSession = Sessions.make("bob", user: Sessions.bob)
    harness.api.update { $0.signIn = { _, _ in bobSession } }
    _ = try await harness.manager.signInWithEmail(email: "bob@example.com", password: "pw")
    #expect(harness.manager.state == .authenticated(Sessions.bob))
    #expect(harness.store.stored == bobSession)
  }
}
