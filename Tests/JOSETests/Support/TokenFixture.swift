import Core
import Foundation
import JOSE

/// Keys, a verifier and a token builder for the verification-contract tests: every token
/// starts from one that passes every rule, and each test changes exactly one thing.
struct TokenFixture {
  static let now: Double = 1_800_000_000
  static let secret = "a-test-jwt-secret-that-is-longer-than-32-bytes"
  static let issuer = "https://kiln.test/auth/v1"

  let ecKey: P256PrivateKey
  let rsaKey: RSAPrivateKey?

  init(withRSA: Bool = false) throws {
    ecKey = try P256PrivateKey.generate()
    rsaKey = withRSA ? try RSAPrivateKey.generate() : nil
  }

  var trustedKeys: [String: VerificationKey] {
    var keys: [String: VerificationKey] = ["ec-1": .es256(ecKey.publicKey)]
    if let rsaKey { keys["rsa-1"] = .rs256(rsaKey.publicKey) }
    return keys
  }

  func verifier(
    secret: String? = TokenFixture.secret, issuer: String? = TokenFixture.issuer,
    audience: String = "authenticated", now: Double = TokenFixture.now,
    maximumTokenBytes: Int = JWTVerifier.defaultMaximumTokenBytes
  ) throws -> JWTVerifier {
    try JWTVerifier(
      hmacSecret: secret, keys: trustedKeys, issuer: issuer, audience: audience,
      maximumTokenBytes: maximumTokenBytes,
      clock: .fixed(Date(timeIntervalSince1970: now)))
  }

  /// The claims of a token that passes every rule.
  static var validClaims: [String: String] {
    [
      "sub": #""user-1""#, "aud": #""authenticated""#, "role": #""authenticated""#,
      "iss": #""https://kiln.test/auth/v1""#, "exp": "1800003600", "iat": "1800000000",
      "email": #""someone@example.com""#,
    ]
  }

  /// Payload text from the valid claims with `changes` applied (nil removes a claim); each
  /// value is JSON text.
  static func payload(_ changes: [String: String?] = [:]) -> String {
    var claims = validClaims
    for (name, value) in changes { claims[name] = value }
    return "{"
      + claims.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }
      .joined(separator: ",") + "}"
  }

  /// A token of exactly this header and payload text, MACed with `key`'s bytes.
  static func hs256(
    header: String = #"{"alg":"HS256","typ":"JWT"}"#, payload: String = payload(),
    key: [UInt8] = Array(secret.utf8)
  ) throws -> String {
    let input = signingInput(header: Array(header.utf8), payload: Array(payload.utf8))
    return input + "."
      + Base64URL.encode(try Digest.hmacSHA256(key: key, message: Array(input.utf8)))
  }

  /// A token of exactly this header and payload, signed ES256 by `key` (the fixture's by
  /// default).
  func es256(
    header: String = #"{"alg":"ES256","typ":"JWT","kid":"ec-1"}"#,
    payload: String = TokenFixture.payload(), key: P256PrivateKey? = nil
  ) throws -> String {
    let input = Self.signingInput(header: Array(header.utf8), payload: Array(payload.utf8))
    let signature = try (key ?? ecKey).signature(for: Array(input.utf8))
    return input + "." + Base64URL.encode(signature)
  }

  /// A token of exactly this header and payload, signed RS256 by the fixture's RSA key.
  func rs256(
    header: String = #"{"alg":"RS256","typ":"JWT","kid":"rsa-1"}"#,
    payload: String = TokenFixture.payload()
  ) throws -> String {
    guard let rsaKey else { throw JOSEError.invalidKey("the fixture was made without RSA") }
    let input = Self.signingInput(header: Array(header.utf8), payload: Array(payload.utf8))
    return input + "." + Base64URL.encode(try rsaKey.signature(for: Array(input.utf8)))
  }

  static func signingInput(header: [UInt8], payload: [UInt8]) -> String {
    Base64URL.encode(header) + "." + Base64URL.encode(payload)
  }

  /// The principal of the valid claims.
  static var validUser: Principal? {
    guard let members = try? StrictJSONParser().parseObject(Array(payload().utf8)) else {
      return nil
    }
    return .user(subject: "user-1", claims: JWTClaims(members: members))
  }
}

extension JWTVerifier {
  /// The verdict on `token`: the principal, or the rejection.
  func verdict(_ token: String) -> Result<Principal, JWTRejection> {
    Result { () throws(JWTRejection) in try verify(token) }
  }

  func rejection(_ token: String) -> JWTRejection? {
    if case .failure(let rejection) = verdict(token) { return rejection }
    return nil
  }
}
