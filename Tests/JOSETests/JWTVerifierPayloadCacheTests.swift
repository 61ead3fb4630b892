import Core
import Foundation
import Synchronization
import Testing

@testable import JOSE

/// A token used again is not checked again for its form and signature, but every rule that
/// can change between uses still is: the times (C1-C3) and the principal. Tokens that fail
/// are never kept, and the kept ones are bounded.
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
    // C2 refuses it at first; its form and signature passed, so it is kept.
    #expect(verifier.rejection(token) == .notYetValid)
    #expect(verifier.verified.count == 1)
    // Its time comes: judged again by the clock, it passes.
    time.seconds.withLock { $0 += 100 }
    #expect(try verifier.verdict(token).get() == TokenFixture.validUser(nbf: "1800000100"))
    #expect(verifier.verified.count == 1)
    // And it is refused once it expires (C1 judged again).
    time.seconds.withLock { $0 = 1_800_003_600 + JWTVerifier.clockLeeway }
    #expect(verifier.rejection(token) == .expired)
    #expect(verifier.verified.count == 1)
  }

  @Test func aKeptTokenIsStillRefusedForItsClaims() throws {
    let time = Time()
    let verifier = try Self.verifier(at: time)
    let service = try TokenFixture.hs256(
      payload: TokenFixture.payload(["role": #""service_role""#]))
    #expect(try verifier.verdict(service).get() == .serviceRole(subject: "user-1"))
    let noRole = try TokenFixture.hs256(payload: TokenFixture.payload(["role": nil]))
    // The form and signature pass, so it is kept; the role rule refuses it every time.
    #expect(verifier.rejection(noRole) == .roleNotAllowed)
    #expect(verifier.rejection(noRole) == .roleNotAllowed)
    #expect(verifier.verified.count == 2)
  }

  @Test func aTokenThatFailsItsFormOrSignatureIsNeverKept() throws {
    let verifier = try Self.verifier()
    let good = try TokenFixture.hs256()
    let forged = String(good.dropLast(2)) + (good.hasSuffix("AA") ? "AB" : "AA")
    let wrongKey = try TokenFixture.hs256(key: Array("another-secret-of-at-least-32-bytes!".utf8))
    for token in [forged, wrongKey, "a.b", good + "."] {
      #expect(verifier.rejection(token) != nil)
      #expect(verifier.rejection(token) != nil)
    }
    #expect(verifier.verified.count == 0)
    #expect(verifier.rejection(good) == nil)
    #expect(verifier.verified.count == 1)
  }

  @Test func atMostTheCapacityIsKept() {
    let payloads = VerifiedPayloads(capacity: 3)
    for index in 0..<10 { payloads.keep(["n": .number(Double(index))], of: "token-\(index)") }
    #expect(payloads.count == 3)
    // The newest is always kept; keeping a known token again forgets nothing.
    #expect(payloads.payload(of: "token-9") == ["n": .number(9)])
    payloads.keep(["n": .number(90)], of: "token-9")
    #expect(payloads.count == 3)
    #expect(payloads.payload(of: "token-9") == ["n": .number(90)])
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
