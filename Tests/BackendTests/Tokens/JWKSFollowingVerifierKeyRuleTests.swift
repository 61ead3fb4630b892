import Backend
import Core
import Foundation
import JOSE
import Networking
import TestSupport
import Testing

/// Decision 17's key rules (K1-K4) still hold when the keys come from a followed JWKS URL,
/// and none of them can be used to make the judge fetch anything but its own URL.
@Suite struct JWKSFollowingVerifierKeyRuleTests {
  let clock = ManualClock(start: Date(timeIntervalSince1970: TokenMaker.now))
  let key: P256PrivateKey
  let rsa: RSAPrivateKey

  init() throws {
    key = try P256PrivateKey.generate()
    rsa = try RSAPrivateKey.generate()
  }

  /// A judge that has fetched `ec-1` and `rsa-1`; the clock then moves past the refetch
  /// interval, so any refetch a token caused would reach the (strict) server.
  func startedJudge(
    _ server: LoopbackHTTPServer, secret: String? = TokenMaker.secret
  ) async throws -> JWKSFollowingVerifier {
    server.enqueue(
      .json(
        TokenMaker.jwks([key.publicKey.jwk(keyID: "ec-1"), rsa.publicKey.jwk(keyID: "rsa-1")])),
      method: .get, path: "/jwks.json")
    let judge = try JWKSFollowingVerifier(
      settings: .init(hmacSecret: secret), location: .url(server.url("/jwks.json")),
      loader: JWKSLoader(client: URLSessionHTTPClient(baseURL: nil, clock: clock.appClock)),
      clock: clock.appClock)
    try await judge.loadKeys()
    await clock.advance(by: .seconds(120))
    return judge
  }

  func rejection(_ judge: JWKSFollowingVerifier, _ token: String) async -> JWTRejection? {
    do throws(JWTRejection) {
      _ = try await judge.principal(authorization: "Bearer " + token)
      return nil
    } catch {
      return error
    }
  }

  @Test func k1HS256UsesOnlyTheSecretTextWhateverTheKidSays() async throws {
    try await LoopbackHTTPServer.withServer { server async throws in
      let judge = try await startedJudge(server)
      let withKid = try TokenMaker.hs256(header: #"{"alg":"HS256","typ":"JWT","kid":"ec-1"}"#)
      #expect(await rejection(judge, withKid) == nil)
      let publicKeyBytes = key.publicKey.x + key.publicKey.y
      #expect(await rejection(judge, try TokenMaker.hs256(key: publicKeyBytes)) == .badSignature)
      let jwksText = Array(TokenMaker.jwks([key.publicKey.jwk(keyID: "ec-1")]).utf8)
      #expect(await rejection(judge, try TokenMaker.hs256(key: jwksText)) == .badSignature)
      #expect(server.requests.count == 1)
    }
  }

  @Test func k1WithoutASecretHS256IsRefusedAndFetchesNothing() async throws {
    try await LoopbackHTTPServer.withServer { server async throws in
      let judge = try await startedJudge(server, secret: nil)
      let token = try TokenMaker.hs256(header: #"{"alg":"HS256","typ":"JWT","kid":"ec-1"}"#)
      #expect(await rejection(judge, token) == .hmacKeyMisuse)
      #expect(server.requests.count == 1)
    }
  }

  @Test func k2AMissingOrEmptyKidIsRefusedWithoutAFetch() async throws {
    try await LoopbackHTTPServer.withServer { server async throws in
      let judge = try await startedJudge(server)
      #expect(await rejection(judge, try TokenMaker.es256(key, kid: nil)) == .missingKeyID)
      #expect(await rejection(judge, try TokenMaker.es256(key, kid: "")) == .missingKeyID)
      #expect(server.requests.count == 1)
    }
  }

  @Test func k2AKidMatchesOnlyExactlyAndNeverFallsBackToAnotherKey() async throws {
    try await LoopbackHTTPServer.withServer { server async throws in
      let judge = try await startedJudge(server)
      // "EC-1" is unknown: one refetch (the set is unchanged), then still refused.
      server.enqueue(
        .json(TokenMaker.jwks([key.publicKey.jwk(keyID: "ec-1")])), method: .get,
        path: "/jwks.json")
      #expect(await rejection(judge, try TokenMaker.es256(key, kid: "EC-1")) == .unknownKey)
      #expect(await rejection(judge, try TokenMaker.es256(key, kid: "ec-1 ")) == .unknownKey)
      #expect(server.requests.count == 2)
    }
  }

  @Test func k3AKidOfAnotherAlgorithmIsRefusedWithoutAFetch() async throws {
    try await LoopbackHTTPServer.withServer { server async throws in
      let judge = try await startedJudge(server)
      #expect(
        await rejection(judge, try TokenMaker.es256(key, kid: "rsa-1")) == .keyAlgorithmMismatch)
      #expect(
        await rejection(judge, try TokenMaker.rs256(rsa, kid: "ec-1")) == .keyAlgorithmMismatch)
      #expect(server.requests.count == 1)
    }
  }

  @Test func k4KeyHeadersAreNeverFetchedNorUsed() async throws {
    try await LoopbackHTTPServer.withServer { server async throws in
      let judge = try await startedJudge(server)
      let attacker = try P256PrivateKey.generate()
      let pointers =
        #","jku":"\#(server.url("/attacker/jwks.json"))","x5u":"\#(server.url("/attacker/cert"))""#
        + #","x5t":"abc","x5c":["MIIB"],"jwk":"# + attacker.publicKey.jwk(keyID: "evil").jsonText
      let valid = try TokenMaker.es256(key, kid: "ec-1", extraHeader: pointers)
      #expect(await rejection(judge, valid) == nil)
      // Signed by the key the header carries, under a kid only that header knows: the judge
      // refetches its own URL (unchanged) and refuses; the attacker's URLs are never asked.
      server.enqueue(
        .json(TokenMaker.jwks([key.publicKey.jwk(keyID: "ec-1")])), method: .get,
        path: "/jwks.json")
      let forged = try TokenMaker.es256(attacker, kid: "evil", extraHeader: pointers)
      #expect(await rejection(judge, forged) == .unknownKey)
      let forgedKnownKid = try TokenMaker.es256(attacker, kid: "ec-1", extraHeader: pointers)
      #expect(await rejection(judge, forgedKnownKid) == .badSignature)
      #expect(server.requests.map(\.path) == ["/jwks.json", "/jwks.json"])
    }
  }
}
