import Backend
import Foundation
import JOSE
import Testing

/// The proxy's judge when kiln-server serves accounts: the configured judge first, the
/// auth service's own keys for a token whose key only they hold.
@Suite struct AuthKeyringTrustingJudgeTests {
  static let secret = "judge-tests-secret-of-at-least-32-bytes"

  func judge(_ harness: AuthHarness, issuer: String? = nil) throws -> AuthKeyringTrustingJudge {
    let configured = try JWTVerifier(
      hmacSecret: Self.secret, issuer: issuer, clock: harness.clock.appClock)
    return AuthKeyringTrustingJudge(configured: configured, keyring: harness.service.keyring)
  }

  /// A second auth service on the harness's store, as another kiln-server instance is.
  func anotherInstance(_ harness: AuthHarness) -> AuthService {
    AuthService(
      store: harness.store,
      configuration: AuthConfiguration(issuer: AuthHarness.issuer, scrypt: AuthHarness.cheapScrypt),
      clock: harness.clock.appClock, uuid: .incrementing(from: 500), onAccountDeleted: { _ in })
  }

  /// The access token `service` answers a sign-up or sign-in at `path` with.
  func accessToken(
    from service: AuthService, _ path: String, query: [(name: String, value: String)] = [],
    email: String
  ) async throws -> String {
    let answer = await service.handle(
      BackendRequest(
        method: "POST", path: path, query: query,
        headers: [("apikey", try await service.keyring.apiKeys().anonKey)],
        body: Array("{\"email\":\"\(email)\",\"password\":\"correct horse\"}".utf8)))
    guard case .bytes(let body) = answer.body else { throw StreamedAnswer() }
    return try #require(try StrictJSONParser().parseObject(body)["access_token"]?.stringValue)
  }

  @Test func aTokenTheAuthServiceMintedIsAcceptedThoughJWTSecretDoesNotKnowItsKey()
    async throws
  {
    let harness = AuthHarness()
    let token = try #require(try await harness.signUp().string["access_token"])
    let principal = try await judge(harness).principal(authorization: "Bearer " + token)
    let user = try #require(try await harness.user(token).string["id"])
    #expect(principal.subject == user)
  }

  @Test func aKeyAnotherInstanceAddedIsFoundByReadingTheStoreAgain() async throws {
    let harness = AuthHarness()
    let judge = try judge(harness)
    // The keyring reads the (empty) key list before any key exists, so the new key is
    // unknown to it until an unknown `kid` makes it read the store again.
    #expect(try await harness.service.keyring.jwksText().contains("\"keys\":[]"))
    let token = try await accessToken(
      from: anotherInstance(harness), "/auth/v1/signup", email: "eve@example.com")
    let principal = try await judge.principal(authorization: "Bearer " + token)
    #expect(UUID(uuidString: principal.subject) != nil)
  }

  /// Keys the judge has used stay cached (checked without entering the keyring's actor),
  /// and a token of a key another instance rotated to meanwhile still reads the store again.
  @Test func aKeyRotatedToAfterTheKeysWereCachedIsFoundByReadingTheStoreAgain() async throws {
    let harness = AuthHarness()
    let judge = try judge(harness)
    let first = try #require(try await harness.signUp().string["access_token"])
    let firstUser = try await judge.principal(authorization: "Bearer " + first).subject
    await harness.store.retireSigningKeys(at: harness.clock.now)
    let rotated = try await accessToken(
      from: anotherInstance(harness), "/auth/v1/token", query: [("grant_type", "password")],
      email: "ada@example.com")
    #expect(try JWTHeaderKeyID.of(rotated) != JWTHeaderKeyID.of(first))
    #expect(try await judge.principal(authorization: "Bearer " + rotated).subject == firstUser)
    // The retired key still judges the tokens it signed until they expire.
    #expect(try await judge.principal(authorization: "Bearer " + first).subject == firstUser)
  }

  @Test func aRuleTheConfiguredJudgeAppliesIsNotBypassedThroughTheKeyring() async throws {
    let harness = AuthHarness()
    let token = try #require(try await harness.signUp().string["access_token"])
    await harness.clock.advance(by: .seconds(7200))
    await #expect(throws: JWTRejection.expired) {
      try await judge(harness).principal(authorization: "Bearer " + token)
    }
  }

  @Test func theKeyringChecksTheAuthServicesIssuer() async throws {
    let harness = AuthHarness { $0.issuer = "http://elsewhere.example/auth/v1" }
    let token = try #require(try await harness.signUp().string["access_token"])
    let service = AuthService(
      store: harness.store,
      configuration: AuthConfiguration(issuer: AuthHarness.issuer, scrypt: AuthHarness.cheapScrypt),
      clock: harness.clock.appClock, uuid: .incrementing(from: 500), onAccountDeleted: { _ in })
    let judge = AuthKeyringTrustingJudge(
      configured: try JWTVerifier(hmacSecret: Self.secret, clock: harness.clock.appClock),
      keyring: service.keyring)
    await #expect(throws: JWTRejection.wrongIssuer) {
      try await judge.principal(authorization: "Bearer " + token)
    }
  }

  @Test func anHS256TokenSignedWithJWTSecretIsJudgedByTheConfiguredJudge() async throws {
    let harness = AuthHarness()
    let signer = try JWTSigner(hmacSecret: Self.secret)
    let token = try signer.sign(claims: [
      "sub": .string("hs-user"), "aud": .string("authenticated"), "role": .string("authenticated"),
      "exp": .number(1_800_000_600), "iat": .number(1_800_000_000),
    ])
    let principal = try await judge(harness).principal(authorization: "Bearer " + token)
    #expect(principal.subject == "hs-user")
  }
}

/// An auth answer that came as a stream, where one whole JSON body was expected.
struct StreamedAnswer: Error {}

/// The `kid` in a compact JWS's header, for telling signing keys apart.
enum JWTHeaderKeyID {
  static func of(_ token: String) throws -> String? {
    let header = try #require(token.split(separator: ".").first)
    let bytes = try #require(Base64URL.decode(String(header)))
    return try StrictJSONParser().parseObject(bytes)["kid"]?.stringValue
  }
}
