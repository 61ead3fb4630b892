import Backend
import Core
import Foundation
import JOSE
import Networking
import TestSupport
import Testing

/// `POST /token?grant_type=id_token`: Apple (RS256) and Google (ES256) ID tokens the test
/// signs, judged against a local JWK set file or a loopback JWKS URL.
@Suite struct AuthIDTokenGrantTests {
  static let appleClient = "com.example.kiln"
  static let googleClient = "1234-kiln.apps.googleusercontent.com"
  static let rawNonce = "a raw nonce"
  /// SHA-256 of `rawNonce` in lower-case hex, as Apple puts it in the token.
  static var hashedNonce: String {
    ((try? Digest.sha256(Array(rawNonce.utf8))) ?? []).map { String(format: "%02x", $0) }
      .joined()
  }

  let apple: RSAPrivateKey
  let google: P256PrivateKey
  let stranger: P256PrivateKey
  let keysFile: String

  init() throws {
    apple = try RSAPrivateKey.generate()
    google = try P256PrivateKey.generate()
    stranger = try P256PrivateKey.generate()
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiln-id-token-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    keysFile = directory.appendingPathComponent("jwks.json").path
    let text = JWKSet.jsonText(
      publishing: [apple.publicKey.jwk(keyID: "apple-1"), google.publicKey.jwk(keyID: "google-1")])
    try Data(text.utf8).write(to: URL(fileURLWithPath: keysFile))
  }

  /// A harness whose Apple and Google keys are `keys` (the local file by default).
  func harness(
    keys: JWKSLocation? = nil, google googleEnabled: Bool = true
  ) async throws -> AuthHarness {
    let location = keys ?? .file(path: keysFile)
    let clock = ManualClock(start: Date(timeIntervalSince1970: 1_800_000_000))
    var providers = [IDTokenProvider.apple(clientIDs: [Self.appleClient, "other"], keys: location)]
    if googleEnabled {
      providers.append(.google(clientIDs: [Self.googleClient], keys: location))
    }
    let verifier = try IDTokenVerifier(
      providers: providers,
      loader: JWKSLoader(client: URLSessionHTTPClient(baseURL: nil, clock: clock.appClock)),
      clock: clock.appClock)
    try await verifier.loadKeyFiles()
    return AuthHarness(clock: clock, idTokens: verifier)
  }

  static func appleClaims(
    email: String = "ada@example.com", verified: StrictJSONValue = .string("true")
  ) -> [String: StrictJSONValue] {
    [
      "iss": .string("https://appleid.apple.com"), "aud": .string(appleClient),
      "sub": .string("001234.apple-ada"), "email": .string(email), "email_verified": verified,
      "iat": .number(1_800_000_000), "exp": .number(1_800_000_600),
      "nonce": .string(hashedNonce),
    ]
  }

  func appleToken(
    _ claims: [String: StrictJSONValue] = appleClaims(), kid: String = "apple-1"
  ) throws -> String {
    try JWTSigner(privateKey: apple, keyID: kid).sign(claims: claims)
  }

  func googleToken(_ edit: (inout [String: StrictJSONValue]) -> Void = { _ in }) throws -> String {
    var claims: [String: StrictJSONValue] = [
      "iss": .string("https://accounts.google.com"), "aud": .string(Self.googleClient),
      "sub": .string("10987654321"), "email": .string("grace@example.com"),
      "email_verified": .bool(true), "name": .string("Grace"),
      "iat": .number(1_800_000_000), "exp": .number(1_800_003_600),
    ]
    edit(&claims)
    return try JWTSigner(privateKey: google, keyID: "google-1").sign(claims: claims)
  }

  func signIn(
    _ harness: AuthHarness, provider: String = "apple", token: String,
    nonce: String? = rawNonce
  ) async throws -> AuthHarness.Answer {
    var members = [
      "\"provider\":\(JSONText.quoted(provider))", "\"id_token\":\(JSONText.quoted(token))",
    ]
    if let nonce { members.append("\"nonce\":\(JSONText.quoted(nonce))") }
    return try await harness.send(
      "POST", "/auth/v1/token", query: [("grant_type", "id_token")],
      json: "{" + members.joined(separator: ",") + "}")
  }

  /// How many accounts the store holds (through the protocol, as the service reads it).
  func accounts(_ harness: AuthHarness) async throws -> Int {
    let store: any AuthStore = harness.store
    return try await store.users(offset: 0, limit: 100).total
  }

  @Test func aGoodAppleTokenMakesAConfirmedAccountWithItsIdentity() async throws {
    let harness = try await harness()
    let answer = try await signIn(harness, token: try appleToken())
    #expect(answer.status == 200)
    #expect(answer.string["access_token"] != nil)
    #expect(answer.string["refresh_token"] != nil)
    let user = try #require(answer["user"])
    #expect(user["email"] == .string("ada@example.com"))
    #expect(user["email_confirmed_at"]?.stringValue != nil)
    #expect(user["app_metadata"]?["provider"] == .string("apple"))
    #expect(user["app_metadata"]?["providers"] == .array([.string("apple")]))
    let identities = try #require(user["identities"]?.arrayValue)
    #expect(identities.count == 1)
    #expect(identities.first?["provider"] == .string("apple"))
    #expect(identities.first?["id"] == .string("001234.apple-ada"))
    #expect(identities.first?["identity_data"]?["email_verified"] == .bool(true))
    // The access token is one the proxy accepts, with the provider in its app_metadata.
    let access = try #require(answer.string["access_token"])
    let principal = try await harness.proxyVerifier().verify(access)
    guard case .user(_, let claims) = principal else {
      Issue.record("not a user token")
      return
    }
    #expect(claims["app_metadata"]?["provider"] == .string("apple"))
    #expect(try await harness.user(access)["email"] == .string("ada@example.com"))
  }

  @Test func aGoogleES256TokenWithoutANonceSignsInWithItsName() async throws {
    let harness = try await harness()
    let answer = try await signIn(harness, provider: "google", token: try googleToken(), nonce: nil)
    #expect(answer.status == 200)
    #expect(answer["user"]?["user_metadata"]?["name"] == .string("Grace"))
    #expect(answer["user"]?["app_metadata"]?["provider"] == .string("google"))
  }

  @Test func signingInAgainGivesTheSameAccount() async throws {
    let harness = try await harness()
    let first = try await signIn(harness, token: try appleToken())
    await harness.clock.advance(by: .seconds(60))
    // The address changed at the provider: the provider account still decides.
    let second = try await signIn(
      harness, token: try appleToken(Self.appleClaims(email: "ada@privaterelay.example")))
    #expect(second.status == 200)
    #expect(first["user"]?["id"] == second["user"]?["id"])
    #expect(try await accounts(harness) == 1)
  }

  enum Flaw: String, CaseIterable, Sendable {
    case wrongIssuer, wrongAudience, expired, badSignature, unknownKey, issuedInTheFuture
  }

  @Test(arguments: Flaw.allCases)
  func aFlawedTokenIsRefusedAndMakesNoAccount(flaw: Flaw) async throws {
    let harness = try await harness()
    var claims = Self.appleClaims()
    var kid = "apple-1"
    var token: String
    switch flaw {
    case .wrongIssuer: claims["iss"] = .string("https://accounts.google.com")
    case .wrongAudience: claims["aud"] = .string("com.example.someone-else")
    case .expired: claims["exp"] = .number(1_800_000_000 - 31)
    case .issuedInTheFuture: claims["iat"] = .number(1_800_000_100)
    case .unknownKey: kid = "apple-2"
    case .badSignature: break
    }
    token = try appleToken(claims, kid: kid)
    if flaw == .badSignature {
      // Google's key id, Apple's claims, the stranger's ES256 signature.
      token = try JWTSigner(privateKey: stranger, keyID: "google-1").sign(claims: claims)
    }
    let answer = try await signIn(harness, token: token)
    #expect(answer.status == 400)
    #expect(answer.errorCode == "invalid_credentials")
    #expect(answer.string["msg"]?.hasPrefix("Bad ID token") == true)
    #expect(try await accounts(harness) == 0)
  }

  @Test func aNonceMustMatchAndBePresentOnBothSidesOrNeither() async throws {
    let harness = try await harness()
    let mismatch = try await signIn(harness, token: try appleToken(), nonce: "another nonce")
    #expect(mismatch.status == 400)
    #expect(mismatch.string["msg"] == "Nonces mismatch")
    let notGiven = try await signIn(harness, token: try appleToken(), nonce: nil)
    #expect(notGiven.status == 400)
    #expect(notGiven.errorCode == "invalid_credentials")
    var claims = Self.appleClaims()
    claims["nonce"] = nil
    let notInToken = try await signIn(harness, token: try appleToken(claims))
    #expect(notInToken.status == 400)
    #expect(notInToken.errorCode == "invalid_credentials")
    #expect(try await accounts(harness) == 0)
  }

  @Test(arguments: [StrictJSONValue.string("false"), .bool(false), .null])
  func anUnverifiedAddressCannotTakeOverAPasswordAccount(verified: StrictJSONValue) async throws {
    let harness = try await harness()
    let password = try await harness.signUp()
    let answer = try await signIn(
      harness, token: try appleToken(Self.appleClaims(verified: verified)))
    #expect(answer.status == 422)
    #expect(answer.errorCode == "email_exists")
    let owner = try #require(password["user"]?["id"]?.stringValue.flatMap(UUID.init(uuidString:)))
    #expect(try await harness.store.identities(ofUser: owner).isEmpty)
    #expect(try await harness.store.identity(provider: "apple", subject: "001234.apple-ada") == nil)
    #expect(try await harness.signIn().status == 200)
  }

  @Test(arguments: [StrictJSONValue.string("true"), .bool(true)])
  func aVerifiedAddressLinksToThePasswordAccount(verified: StrictJSONValue) async throws {
    let harness = try await harness()
    let password = try await harness.signUp()
    let answer = try await signIn(
      harness, token: try appleToken(Self.appleClaims(verified: verified)))
    #expect(answer.status == 200)
    #expect(answer["user"]?["id"] == password["user"]?["id"])
    #expect(
      answer["user"]?["app_metadata"]?["providers"] == .array([.string("email"), .string("apple")]))
    #expect(answer["user"]?["app_metadata"]?["provider"] == .string("email"))
    #expect(answer["user"]?["identities"]?.arrayValue?.count == 2)
    #expect(try await harness.signIn().status == 200)
    let again = try await signIn(harness, token: try appleToken())
    #expect(again["user"]?["id"] == password["user"]?["id"])
  }

  @Test func aProviderWithoutClientIDsIsDisabled() async throws {
    let harness = try await harness(google: false)
    let answer = try await signIn(harness, provider: "google", token: try googleToken(), nonce: nil)
    #expect(answer.status == 400)
    #expect(answer.errorCode == "provider_disabled")
    let settings = try await harness.send("GET", "/auth/v1/settings")
    #expect(settings["external"]?["apple"] == .bool(true))
    #expect(settings["external"]?["google"] == .bool(false))
    let none = AuthHarness()
    let refused = try await signIn(none, token: try appleToken())
    #expect(refused.errorCode == "provider_disabled")
    let missing = try await none.send(
      "POST", "/auth/v1/token", query: [("grant_type", "id_token")], json: #"{"provider":"apple"}"#)
    #expect(missing.errorCode == "validation_failed")
  }

  @Test func keysFromAURLAreFetchedForTheFirstTokenAndCached() async throws {
    try await LoopbackHTTPServer.withServer { server async throws in
      let text = JWKSet.jsonText(publishing: [apple.publicKey.jwk(keyID: "apple-1")])
      server.enqueue(.json(text), method: .get, path: "/auth/keys")
      let harness = try await harness(keys: .url(server.url("/auth/keys")), google: false)
      #expect(try await signIn(harness, token: try appleToken()).status == 200)
      #expect(try await signIn(harness, token: try appleToken()).status == 200)
      // An unknown kid within the minute does not fetch again.
      let unknown = try await signIn(harness, token: try appleToken(kid: "apple-9"))
      #expect(unknown.errorCode == "invalid_credentials")
      #expect(server.requests.count == 1)
    }
  }
}
