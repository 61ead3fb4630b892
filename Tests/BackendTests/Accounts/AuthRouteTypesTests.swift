import Core
import Foundation
import JOSE
import TestSupport
import Testing

@testable import Backend

/// The auth service's parts, each over its own `AuthComponents` without `AuthService`'s
/// routing: what the split of issue #19 makes testable alone.
@Suite struct AuthRouteTypesTests {
  let clock = ManualClock(start: Date(timeIntervalSince1970: 1_800_000_000))
  let store = InMemoryAuthStore()
  let mailer = RecordingMailer()

  func components(confirmsEmail: Bool = false) -> AuthComponents {
    var configuration = AuthConfiguration(
      issuer: AuthHarness.issuer, scrypt: AuthHarness.cheapScrypt)
    configuration.confirmsEmail = confirmsEmail
    return AuthComponents(
      store: store, configuration: configuration, clock: clock.appClock,
      uuid: .incrementing(from: 1), mailer: mailer, randomBytes: SecureRandom.bytes(count:),
      onAccountDeleted: { _ in })
  }

  static func request(_ path: String, json: String) -> BackendRequest {
    BackendRequest(method: "POST", path: path, query: [], headers: [], body: Array(json.utf8))
  }

  @Test func signUpRoutesAloneMakeAnUnconfirmedAccountAndMailItsLink() async throws {
    let routes = SignUpRoutes(components: components(confirmsEmail: true))
    let answer = try await routes.signUp(
      Self.request(
        "/auth/v1/signup", json: #"{"email":"ada@example.com","password":"correct horse"}"#))
    #expect(answer.status == 200)
    let user = try #require(try await store.user(email: "ada@example.com"))
    #expect(user.confirmedAt == nil)
    #expect(mailer.sent.map(\.kind) == [.signup])
  }

  @Test func theSessionIssuerAloneMintsATokenTheKeyringAccepts() async throws {
    let parts = components()
    let user = AuthUserRecord(
      id: UUID(sequence: 7), email: "ada@example.com", password: nil,
      confirmedAt: clock.appClock.now(), createdAt: clock.appClock.now(),
      updatedAt: clock.appClock.now())
    #expect(try await store.createUser(user))
    let answer = try await SessionIssuer(components: parts).startSession(for: user)
    guard case .bytes(let body) = answer.body else {
      Issue.record("a streamed body")
      return
    }
    let session = try StrictJSONParser().parseObject(body)
    let access = try #require(session["access_token"]?.stringValue)
    let principal = try await parts.keyring.principal(authorization: "Bearer " + access)
    #expect(principal.subject == user.id.uuidString.lowercased())
    #expect(await store.sessionCount == 1)
  }

  @Test func theNonceRuleAlone() throws {
    let raw = "a raw nonce"
    let hashed = try Digest.sha256(Array(raw.utf8)).map { String(format: "%02x", $0) }
      .joined()
    try IDTokenVerifier.checkNonce(nil, claim: nil)
    try IDTokenVerifier.checkNonce(raw, claim: .string(hashed))
    #expect(throws: AuthFailure.nonceMismatch) {
      try IDTokenVerifier.checkNonce(raw, claim: .string(hashed.uppercased()))
    }
    #expect(throws: AuthFailure.nonceMismatch) {
      try IDTokenVerifier.checkNonce(raw, claim: .string(raw))
    }
    for (nonce, claim) in [(raw, nil), (nil, .string(hashed)), (raw, .number(1))]
      as [(String?, StrictJSONValue?)]
    {
      #expect(throws: AuthFailure.nonceMissing) {
        try IDTokenVerifier.checkNonce(nonce, claim: claim)
      }
    }
  }

  @Test func adminPaginationAlone() throws {
    #expect(try AdminRoutes.pagination(nil, default: 50, maximum: 1000) == 50)
    #expect(try AdminRoutes.pagination("5000", default: 50, maximum: 1000) == 1000)
    #expect(throws: AuthFailure.self) {
      try AdminRoutes.pagination("0", default: 50, maximum: 1000)
    }
  }
}
