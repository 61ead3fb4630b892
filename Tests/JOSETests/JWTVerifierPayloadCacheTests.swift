import Core
import Foundation
import Synchronization
import Testing

@testable import JOSE

/// A token used again is not checked again for its form and signature, but every rule that
/// can change between uses still is: the times (C1-C3), the audience and the principal.
/// Tokens that fail are never kept, tokens are matched by their bytes, and what is kept is
/// bounded in count and size.
@Suite struct JWTVerifierPayloadCacheTests {
  /// The time the verifier's clock reads, which the test moves.
  final class Time: Sendable {
    let seconds = Mutex(TokenFixture.now)
  }

  /// A verifier whose clock reads `time`.
  private static func verifier(at time: Time = Time()) throws -> JWTVerifier {
    let clock = AppClock(
      now: { Date(timeIntervalSince1970: time.seconds.withLock { $0 }) }, sleep: { _ in })
    return try JWTVerifier(
      hmacSecret: TokenFixture.secret, keys: try TokenFixture().trustedKeys,
      issuer: TokenFixture.issuer, clock: clock)
  }

  @Test func aTokenUsedAgainIsJudgedByTheClockAgain() throws {
    let time = Time()
    let verifier = try Self.verifier(at: time)
    let token = try TokenFixture.hs256(payload: TokenFixture.payload(["nbf": "1800000100"]))
    // C2 refuses it at first, so it is not kept.
    #expect(verifier.rejection(token) == .notYetValid)
    #expect(verifier.verified.count == 0)
    time.seconds.withLock { $0 += 100 }
    #expect(try verifier.verdict(token).get() == TokenFixture.validUser(nbf: "1800000100"))
    #expect(verifier.verified.count == 1)
    // Kept now, and refused once it expires all the same (C1 judged again, by the clock).
    time.seconds.withLock { $0 = 1_800_003_600 + JWTVerifier.clockLeeway }
    #expect(verifier.rejection(token) == .expired)
  }

  /// A token kept by one reading is judged by the other's rules: an ID token accepted for
  /// another audience is no access token, and an access token no ID token for others.
  @Test func aKeptTokenIsStillJudgedByTheRulesOfEachUse() throws {
    let verifier = try Self.verifier()
    let idToken = try TokenFixture.hs256(payload: TokenFixture.payload(["aud": #""app.ios""#]))
    #expect(try verifier.verifiedClaims(idToken, audiences: ["app.ios"]).subject == "user-1")
    #expect(verifier.verified.count == 1)
    #expect(verifier.rejection(idToken) == .wrongAudience)
    let access = try TokenFixture.hs256()
    #expect(verifier.rejection(access) == nil)
    #expect(verifier.verified.count == 2)
    #expect(throws: JWTRejection.wrongAudience) {
      try verifier.verifiedClaims(access, audiences: ["app.ios"])
    }
    let noRole = try TokenFixture.hs256(payload: TokenFixture.payload(["role": nil]))
    #expect(try verifier.verifiedClaims(noRole, audiences: ["authenticated"]).subject == "user-1")
    #expect(verifier.rejection(noRole) == .roleNotAllowed)
  }

  /// Kept tokens are matched by their bytes: text Swift holds equal to a kept token (a
  /// Kelvin sign for its `K`) is refused by T2, as it is without a kept token.
  @Test func aTokenIsMatchedByItsBytesNotItsText() throws {
    let verifier = try Self.verifier()
    // The first subject whose token holds a `K` (HMAC is deterministic, so always the same).
    let token = try (0..<200).lazy.map { index throws in
      try TokenFixture.hs256(payload: TokenFixture.payload(["sub": "\"user-\(index)\""]))
    }.first { $0.contains("K") }
    let kept = try #require(token)
    #expect(verifier.rejection(kept) == nil)
    let lookalike = kept.replacingOccurrences(of: "K", with: "\u{212A}")
    #expect(lookalike == kept)
    #expect(verifier.rejection(lookalike) == .notCompactJWS)
  }

  @Test func aTokenThatFailsIsNeverKept() throws {
    let verifier = try Self.verifier()
    let good = try TokenFixture.hs256()
    let forged = String(good.dropLast(2)) + (good.hasSuffix("AA") ? "AB" : "AA")
    let wrongKey = try TokenFixture.hs256(key: Array("another-secret-of-at-least-32-bytes!".utf8))
    let expired = try TokenFixture.hs256(payload: TokenFixture.payload(["exp": "1799999000"]))
    for token in [forged, wrongKey, "a.b", good + ".", expired] {
      #expect(verifier.rejection(token) != nil)
      #expect(verifier.rejection(token) != nil)
    }
    #expect(verifier.verified.count == 0)
    #expect(verifier.rejection(good) == nil)
    #expect(verifier.verified.count == 1)
  }

  @Test func aTokenLongerThanTheKeptLimitIsJudgedEveryTime() throws {
    let verifier = try Self.verifier()
    let padding = String(repeating: "x", count: VerifiedPayloads.longestKeptToken)
    let long = try TokenFixture.hs256(payload: TokenFixture.payload(["pad": "\"\(padding)\""]))
    #expect(verifier.rejection(long) == nil)
    #expect(verifier.rejection(long) == nil)
    #expect(verifier.verified.count == 0)
  }

  @Test func atMostTheCapacityIsKept() throws {
    let payloads = VerifiedPayloads(capacity: 3)
    for index in 0..<10 {
      let key = try #require(VerifiedPayloads.key(for: "token-\(index)"))
      payloads.keep(["n": .number(Double(index))], for: key)
    }
    #expect(payloads.count == 3)
    // The newest is always kept; keeping a known token again forgets nothing.
    let newest = try #require(VerifiedPayloads.key(for: "token-9"))
    #expect(payloads.payload(for: newest) == ["n": .number(9)])
    payloads.keep(["n": .number(90)], for: newest)
    #expect(payloads.count == 3)
    #expect(payloads.payload(for: newest) == ["n": .number(90)])
  }
}

extension TokenFixture {
  /// The principal of the valid claims with `nbf` set.
  static func validUser(nbf: String) -> Principal? {
    let text = payload(["nbf": nbf])
    guard let members = try? StrictJSONParser().parseObject(Array(text.utf8)) else { return nil }
    return .user(subject: "user-1", claims: JWTClaims(members: members))
  }
}
