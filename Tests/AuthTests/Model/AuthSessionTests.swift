import Auth
import Foundation
import TestSupport
import Testing

@Suite struct AuthSessionTests {
  private let now = Fixture.referenceDate

  @Test func needsRefreshFromSixtySecondsBeforeExpiry() {
    #expect(!Sessions.make("a", expiresIn: 61).needsRefresh(at: now))
    #expect(Sessions.make("a", expiresIn: 60).needsRefresh(at: now))
    #expect(Sessions.make("a", expiresIn: -3600).needsRefresh(at: now))
  }

  @Test func isExpiredFromTheExpiryInstant() {
    #expect(!Sessions.make("a", expiresIn: 1).isExpired(at: now))
    #expect(Sessions.make("a", expiresIn: 0).isExpired(at: now))
  }

  @Test func theRefreshIsDueAMinuteBeforeExpiry() {
    #expect(Sessions.make("a", expiresIn: 3600).refreshDate() == now.addingTimeInterval(3540))
  }

  @Test(
    arguments: [
      (nil, 60.0), (3600.0, 60.0), (61.0, 60.0), (60.0, 30.0), (30.0, 15.0), (1.0, 0.5),
    ] as [(TimeInterval?, TimeInterval)])
  func tokensThatLiveNoLongerThanTheMarginRenewHalfwayThrough(
    lifetime: TimeInterval?, margin: TimeInterval
  ) {
    var session = Sessions.make("a", expiresIn: lifetime ?? 3600)
    session.lifetime = lifetime
    #expect(session.refreshMargin(60) == margin)
    #expect(session.refreshDate(margin: 60) == session.expiresAt.addingTimeInterval(-margin))
    #expect(!session.needsRefresh(at: session.expiresAt.addingTimeInterval(-margin - 0.25)))
    #expect(session.needsRefresh(at: session.expiresAt.addingTimeInterval(-margin)))
  }

  @Test func aThirtySecondTokenIsNotDueWhenItArrives() {
    let session = AuthSession(
      accessToken: "a", refreshToken: "r", expiresAt: now.addingTimeInterval(30),
      user: Sessions.alice, lifetime: 30)
    #expect(!session.needsRefresh(at: now))
    #expect(!session.needsRefresh(at: now.addingTimeInterval(12)))
    #expect(session.needsRefresh(at: now.addingTimeInterval(15)))
  }

  @Test func descriptionsNeverShowTokens() {
    let session = Sessions.make("secret")
    for text in [
      session.description, session.debugDescription, "\(session)", String(reflecting: session),
    ] {
      #expect(!text.contains(session.accessToken))
      #expect(!text.contains(session.refreshToken))
    }
    let credential = OpenIDCredential(provider: .apple, idToken: "id-token-xyz", nonce: "nonce-abc")
    #expect(!credential.description.contains("id-token-xyz"))
    #expect(!credential.description.contains("nonce-abc"))
    #expect(!AuthState.authenticated(Sessions.alice).description.contains("alice"))
  }

  @Test func displayNamePrefersTheName() {
    #expect(Sessions.alice.displayName == "Alice")
    #expect(Sessions.bob.displayName == "bob@example.com")
    #expect(AuthUser(id: "u1").displayName == "u1")
  }

  @Test func configBuildsTheAuthAndFunctionURLs() throws {
    let config = AuthConfig(
      supabaseURL: try #require(URL(string: "https://abcd.supabase.co")),
      supabaseAnonKey: "anon-key-value")
    #expect(config.authURL.absoluteString == "https://abcd.supabase.co/auth/v1")
    #expect(
      config.deleteAccountURL.absoluteString
        == "https://abcd.supabase.co/functions/v1/delete-account")
    #expect(!config.description.contains("anon-key-value"))
  }
}
