import Backend
import Foundation
import JOSE
import Testing

/// The tokens AuthService mints, judged by the verifier the proxy uses, configured from
/// this service's JWKS; and decision 17's attack list against that verifier.
@Suite struct AuthTokenVerificationTests {
  /// A signed-up user's access token, and its header and payload members.
  func minted(
    _ harness: AuthHarness
  ) async throws -> (
    token: String, header: [String: StrictJSONValue], claims: [String: StrictJSONValue]
  ) {
    let token = try #require(try await harness.signUp().string["access_token"])
    let parts = token.split(separator: ".").map(String.init)
    let header = try StrictJSONParser().parseObject(try #require(Base64URL.decode(parts[0])))
    let claims = try StrictJSONParser().parseObject(try #require(Base64URL.decode(parts[1])))
    return (token, header, claims)
  }

  func token(
    header: [String: StrictJSONValue], claims: [String: StrictJSONValue],
    sign: ([UInt8]) throws -> [UInt8]
  ) throws -> String {
    let input =
      Base64URL.encode(Array(JSONText.serialize(.object(header)).utf8)) + "."
      + Base64URL.encode(Array(JSONText.serialize(.object(claims)).utf8))
    return input + "." + Base64URL.encode(try sign(Array(input.utf8)))
  }

  @Test func theProxysVerifierAcceptsAMintedTokenWithSupabasesClaims() async throws {
    let harness = AuthHarness()
    let (token, header, claims) = try await minted(harness)
    #expect(header["alg"] == .string("ES256"))
    let keyID = try #require(header["kid"]?.stringValue)
    #expect(try await harness.publishedKeys().keys.keys.sorted() == [keyID])
    let principal = try await harness.proxyVerifier().verify(token)
    guard case .user(let subject, let verified) = principal else {
      Issue.record("expected a user, got \(principal)")
      return
    }
    #expect(UUID(uuidString: subject) != nil)
    #expect(verified.email == "ada@example.com")
    #expect(claims["iss"] == .string(AuthHarness.issuer))
    #expect(claims["aud"] == .string("authenticated"))
    #expect(claims["role"] == .string("authenticated"))
    #expect(claims["aal"] == .string("aal1"))
    #expect(claims["is_anonymous"] == .bool(false))
    #expect(claims["iat"] == .number(1_800_000_000))
    #expect(claims["exp"] == .number(1_800_003_600))
    #expect(verified.sessionID.flatMap(UUID.init(uuidString:)) != nil)
  }

  @Test func anotherInstanceOnTheSameStoreSignsWithTheSameKey() async throws {
    let harness = AuthHarness()
    let (token, _, _) = try await minted(harness)
    let other = AuthService(
      store: harness.store,
      configuration: AuthConfiguration(issuer: AuthHarness.issuer, scrypt: AuthHarness.cheapScrypt),
      clock: harness.clock.appClock, uuid: .incrementing(from: 500), onAccountDeleted: { _ in })
    let answer = await other.handle(
      BackendRequest(
        method: "GET", path: "/auth/v1/user",
        headers: [("apikey", try await harness.anonKey), ("Authorization", "Bearer " + token)]))
    #expect(answer.status == 200)
    #expect(try await harness.store.signingKeys().count == 1)
  }

  @Test func algorithmNoneIsRefused() async throws {
    let harness = AuthHarness()
    let (_, _, claims) = try await minted(harness)
    let verifier = try await harness.proxyVerifier()
    let forged = try token(header: ["alg": .string("none"), "typ": .string("JWT")], claims: claims)
    { _ in [0] }
    #expect(throws: JWTRejection.algorithmNotAllowed) { try verifier.verify(forged) }
  }

  @Test func hs256SignedWithThePublishedPublicKeyIsRefused() async throws {
    let harness = AuthHarness()
    let (_, header, claims) = try await minted(harness)
    let verifier = try await harness.proxyVerifier()
    let keyID = try #require(header["kid"]?.stringValue)
    let publicKey = try await harness.storedSigningKey().key.publicKey
    let jwkText = Array(publicKey.jwk(keyID: keyID).jsonText.utf8)
    let rawPoint = [0x04] + publicKey.x + publicKey.y
    let secret = try await harness.service.keyring.projectSecret().secret
    for keyBytes in [jwkText, rawPoint] {
      let forged = try token(
        header: ["alg": .string("HS256"), "typ": .string("JWT"), "kid": .string(keyID)],
        claims: claims
      ) { try Digest.hmacSHA256(key: keyBytes, message: $0) }
      #expect(throws: JWTRejection.hmacKeyMisuse) { try verifier.verify(forged) }
      let withSecret = try await harness.proxyVerifier(hmacSecret: secret)
      #expect(throws: JWTRejection.badSignature) { try withSecret.verify(forged) }
      #expect(try await harness.user(forged)["error_code"] == .string("bad_jwt"))
    }
  }

  @Test func anUnknownKidIsRefusedWithoutTryingOtherKeys() async throws {
    let harness = AuthHarness()
    let (_, _, claims) = try await minted(harness)
    let verifier = try await harness.proxyVerifier()
    let real = try await harness.storedSigningKey()
    let forged = try token(
      header: ["alg": .string("ES256"), "typ": .string("JWT"), "kid": .string(real.keyID + "x")],
      claims: claims, sign: real.key.signature(for:))
    #expect(throws: JWTRejection.unknownKey) { try verifier.verify(forged) }
    #expect(try await harness.user(forged)["error_code"] == .string("bad_jwt"))
  }

  @Test func aKeyTheHeaderSuppliesIsNeverUsed() async throws {
    let harness = AuthHarness()
    let (_, header, claims) = try await minted(harness)
    let verifier = try await harness.proxyVerifier()
    let keyID = try #require(header["kid"]?.stringValue)
    let attacker = try P256PrivateKey.generate()
    let attackerJWK = try StrictJSONParser().parse(
      Array(attacker.publicKey.jwk(keyID: keyID).jsonText.utf8))
    for (kid, expected) in [(keyID, JWTRejection.badSignature), ("attacker", .unknownKey)] {
      let forged = try token(
        header: [
          "alg": .string("ES256"), "typ": .string("JWT"), "kid": .string(kid), "jwk": attackerJWK,
          "jku": .string("http://127.0.0.1:1/keys.json"), "x5u": .string("http://127.0.0.1:1/x5u"),
        ],
        claims: claims, sign: attacker.signature(for:))
      #expect(throws: expected) { try verifier.verify(forged) }
    }
  }

  @Test(arguments: [
    ("iss", StrictJSONValue.string("http://evil.example/auth/v1"), JWTRejection.wrongIssuer),
    ("aud", .string("anon"), .wrongAudience),
    ("exp", .number(1_800_000_000 - 31), .expired),
    ("nbf", .number(1_800_000_000 + 31), .notYetValid),
  ])
  func aCorrectlySignedTokenWithAWrongClaimIsRefused(
    claim: String, value: StrictJSONValue, rejection: JWTRejection
  ) async throws {
    let harness = AuthHarness()
    let (_, header, claims) = try await minted(harness)
    let verifier = try await harness.proxyVerifier()
    var changed = claims
    changed[claim] = value
    let real = try await harness.storedSigningKey()
    let forged = try token(header: header, claims: changed, sign: real.key.signature(for:))
    #expect(throws: rejection) { try verifier.verify(forged) }
    #expect(try await harness.user(forged)["error_code"] == .string("bad_jwt"))
    // The same token with the claim as minted passes: only the claim made the difference.
    let unchanged = try token(header: header, claims: claims, sign: real.key.signature(for:))
    #expect(throws: Never.self) { try verifier.verify(unchanged) }
  }

  @Test func withHS256ConfiguredTokensAreSignedWithTheJWTSecret() async throws {
    let secret = "a-configured-jwt-secret-of-at-least-32-bytes"
    let harness = AuthHarness {
      $0.accessTokenAlgorithm = .hs256
      $0.jwtSecret = secret
    }
    let (token, header, _) = try await minted(harness)
    #expect(header["alg"] == .string("HS256"))
    #expect(header["kid"] == nil)
    let verifier = try JWTVerifier(
      hmacSecret: secret, issuer: AuthHarness.issuer, clock: harness.clock.appClock)
    #expect(try verifier.verify(token).subject.isEmpty == false)
    #expect(try await harness.user(token).status == 200)
    #expect(try await harness.publishedKeys().keys.isEmpty)
  }

  @Test func aKeyRetiredElsewhereStopsSigningHereButStaysPublishedWhileItsTokensLive()
    async throws
  {
    let harness = AuthHarness()
    let (oldToken, oldHeader, _) = try await minted(harness)
    let oldKeyID = try #require(oldHeader["kid"]?.stringValue)
    await harness.store.retireSigningKeys(at: harness.clock.now)
    await harness.clock.advance(by: .seconds(61))
    let newToken = try #require(try await harness.signIn().string["access_token"])
    let newHeader = try StrictJSONParser().parseObject(
      try #require(Base64URL.decode(String(newToken.split(separator: ".")[0]))))
    let newKeyID = try #require(newHeader["kid"]?.stringValue)
    #expect(newKeyID != oldKeyID)
    #expect(try await harness.publishedKeys().keys.keys.sorted() == [newKeyID, oldKeyID].sorted())
    #expect(try await harness.user(oldToken).status == 200)
    #expect(try await harness.user(newToken).status == 200)
    // Once every token the old key signed has expired, it is no longer published.
    await harness.clock.advance(by: .seconds(3600))
    #expect(try await harness.publishedKeys().keys.keys.sorted() == [newKeyID])
  }
}
