import Core
import Foundation

/// Judges bearer tokens by decision 17's verification contract (T1-T7, K1-K4, S1, P1,
/// C1-C7, H1): HS256 with a secret's text, ES256 and RS256 with trusted keys by `kid`, all
/// at once; each token is judged by its own `alg` and `kid`.
///
/// Headers that point at keys (`jku`, `x5u`, `jwk`, `x5c`, `x5t`) are never read (K4).
public struct JWTVerifier: Sendable {
  /// The leeway, in seconds, that `exp`, `nbf` and `iat` allow for clock skew.
  public static let clockLeeway: Double = 30
  /// The default token length limit (T1), in bytes.
  public static let defaultMaximumTokenBytes = 16 * 1024
  /// The range a token length limit may be configured in (T1).
  public static let tokenLimitRange = (8 * 1024)...(64 * 1024)

  private let hmacKey: [UInt8]?
  /// The trusted public keys by their exact `kid`.
  public let keys: [String: VerificationKey]
  /// The issuer `iss` must equal, when configured.
  public let issuer: String?
  /// The audience `aud` must be or contain.
  public let audience: String
  /// The longest token judged, in bytes; longer ones are refused before any decoding.
  public let maximumTokenBytes: Int
  private let clock: AppClock
  /// Payloads of tokens accepted before, so a token used again is not checked again for
  /// its form and signature (its claims still are).
  let verified = VerifiedPayloads()

  /// A verifier trusting the HS256 secret `hmacSecret` (its ASCII text is the key) and
  /// `keys` by `kid`, with an optional `issuer`, the `audience` (default `authenticated`),
  /// a token limit and the clock that says what "now" is.
  /// - Throws: `JWTConfigurationError` for a short or non-ASCII secret, an empty audience,
  ///   issuer or `kid`, or a limit outside `tokenLimitRange`.
  public init(
    hmacSecret: String? = nil, keys: [String: VerificationKey] = [:], issuer: String? = nil,
    audience: String = "authenticated",
    maximumTokenBytes: Int = JWTVerifier.defaultMaximumTokenBytes, clock: AppClock
  ) throws(JWTConfigurationError) {
    self.hmacKey = try hmacSecret.map { secret throws(JWTConfigurationError) in
      try JWTSigner.hmacKey(fromSecret: secret)
    }
    guard !audience.isEmpty, issuer?.isEmpty != true else { throw .emptyClaimValue }
    guard !keys.keys.contains("") else { throw .emptyKeyID }
    guard Self.tokenLimitRange.contains(maximumTokenBytes) else { throw .tokenLimitOutOfRange }
    self.keys = keys
    self.issuer = issuer
    self.audience = audience
    self.maximumTokenBytes = maximumTokenBytes
    self.clock = clock
  }

  /// Whether an HS256 secret is configured.
  public var acceptsHMAC: Bool { hmacKey != nil }

  /// The principal of the bearer token in an `Authorization` header value (H1 first).
  /// - Throws: `JWTRejection` naming the rule the header or token breaks.
  public func verify(authorization: String?) throws(JWTRejection) -> Principal {
    try verify(try AuthorizationHeader.bearerToken(from: authorization))
  }

  /// The principal `token` speaks for.
  /// - Throws: `JWTRejection` naming the first rule the token breaks.
  public func verify(_ token: String) throws(JWTRejection) -> Principal {
    let (claims, key) = try signedClaims(token)
    try checkClaims(claims, audiences: [audience])
    let principal = try principal(from: claims)
    if let key { verified.keep(claims, for: key) }
    return principal
  }

  /// The claims of `token` when it passes every rule up to C5, with `aud` holding one of
  /// `audiences` (instead of the configured audience) and without C6-C7: for ID tokens of
  /// other issuers (Sign in with Apple, Google), which name a client and carry no `role`.
  /// - Throws: `JWTRejection` naming the first rule the token breaks.
  public func verifiedClaims(
    _ token: String, audiences: Set<String>
  ) throws(JWTRejection) -> JWTClaims {
    let (claims, key) = try signedClaims(token)
    try checkClaims(claims, audiences: audiences)
    if let key { verified.keep(claims, for: key) }
    return JWTClaims(members: claims)
  }

  /// The payload of `token` once its form (T1-T7) and signature (K1-K3, S1) pass: kept
  /// from an earlier use of the same bytes (`VerifiedPayloads`), or checked now, with the
  /// key to keep it under once the caller's rules pass too (`nil` when it is not to be
  /// kept).
  private func signedClaims(
    _ token: String
  ) throws(JWTRejection) -> ([String: StrictJSONValue], VerifiedPayloads.Key?) {
    // T1 before anything else: not even a copy of an overlong token is made.
    guard token.utf8.count <= maximumTokenBytes else { throw .tooLong }
    let key = VerifiedPayloads.key(for: token)
    if let key, let payload = verified.payload(for: key) { return (payload, nil) }
    return (try checkedPayload(key?.bytes ?? Array(token.utf8)), key)
  }

  /// T2-T7, K1-K3 and S1 for the bytes of a token within T1's limit.
  private func checkedPayload(_ bytes: [UInt8]) throws(JWTRejection) -> [String: StrictJSONValue] {
    let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard parts.count == 3,
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(Base64URL.isAlphabetCharacter) }),
      let headerBytes = Base64URL.decode(utf8: parts[0]),
      let payloadBytes = Base64URL.decode(utf8: parts[1]),
      let signature = Base64URL.decode(utf8: parts[2])
    else { throw .notCompactJWS }

    let header = try Self.object(headerBytes, otherwise: .headerNotJSONObject)
    guard let name = header["alg"]?.stringValue, let algorithm = JWTAlgorithm(rawValue: name)
    else { throw .algorithmNotAllowed }
    guard header["crit"] == nil else { throw .critHeader }
    if let type = header["typ"] {
      guard let text = type.stringValue, Self.isJWTType(text) else { throw .badType }
    }
    guard header["cty"] == nil else { throw .nestedJWT }

    // The signing input is the token's own text up to the second dot (RFC 7515 §5.2).
    let signingInput = bytes[..<(parts[0].count + 1 + parts[1].count)]
    try checkSignature(signature, of: signingInput, algorithm: algorithm, header: header)
    return try Self.object(payloadBytes, otherwise: .payloadNotJSONObject)
  }

  private func checkSignature(
    _ signature: [UInt8], of signingInput: ArraySlice<UInt8>, algorithm: JWTAlgorithm,
    header: [String: StrictJSONValue]
  ) throws(JWTRejection) {
    switch algorithm {
    case .hs256:
      // K1: only the configured secret, whatever `kid` says.
      guard let hmacKey else { throw .hmacKeyMisuse }
      guard signature.count == 32,
        let expected = try? Digest.hmacSHA256(key: hmacKey, message: signingInput),
        ConstantTime.equals(expected, signature)
      else { throw .badSignature }
    case .es256, .rs256:
      guard let keyID = header["kid"]?.stringValue, !keyID.isEmpty else { throw .missingKeyID }
      guard let key = keys[keyID] else { throw .unknownKey }
      guard key.algorithm == algorithm else { throw .keyAlgorithmMismatch }
      guard key.isValidSignature(signature, for: signingInput) else { throw .badSignature }
    }
  }

  /// C1-C5: the times, the audience (any of `audiences`) and the configured issuer.
  private func checkClaims(
    _ members: [String: StrictJSONValue], audiences: Set<String>
  ) throws(JWTRejection) {
    let now = clock.now().timeIntervalSince1970
    guard let expiry = members["exp"]?.numberValue else { throw .missingExpiry }
    guard now < expiry + Self.clockLeeway else { throw .expired }
    if let member = members["nbf"] {
      guard let notBefore = member.numberValue, !(now + Self.clockLeeway < notBefore) else {
        throw .notYetValid
      }
    }
    if let member = members["iat"] {
      guard let issuedAt = member.numberValue, !(issuedAt > now + Self.clockLeeway) else {
        throw .issuedInTheFuture
      }
    }
    guard Self.holdsAudience(members["aud"], audiences) else { throw .wrongAudience }
    if let issuer {
      guard members["iss"]?.stringValue == issuer else { throw .wrongIssuer }
    }
  }

  /// C6-C7: who the token speaks for.
  private func principal(
    from members: [String: StrictJSONValue]
  ) throws(JWTRejection)
    -> Principal
  {
    guard let subject = members["sub"]?.stringValue, !subject.isEmpty else {
      throw .missingSubject
    }
    switch members["role"]?.stringValue {
    case "authenticated": return .user(subject: subject, claims: JWTClaims(members: members))
    case "service_role": return .serviceRole(subject: subject)
    default: throw .roleNotAllowed
    }
  }

  private static func object(
    _ bytes: [UInt8], otherwise rejection: JWTRejection
  )
    throws(JWTRejection) -> [String: StrictJSONValue]
  {
    do {
      return try StrictJSONParser().parseObject(bytes)
    } catch StrictJSONError.duplicateMember {
      throw .duplicateMember
    } catch {
      throw rejection
    }
  }

  /// `JWT` in any ASCII case, and nothing else.
  private static func isJWTType(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    return bytes.count == 3 && zip(bytes, "jwt".utf8).allSatisfy { $0 | 0x20 == $1 }
  }

  private static func holdsAudience(_ value: StrictJSONValue?, _ audiences: Set<String>) -> Bool {
    switch value {
    case .string(let text): return audiences.contains(text)
    case .array(let elements):
      let names = elements.compactMap(\.stringValue)
      return names.count == elements.count && names.contains(where: audiences.contains)
    default: return false
    }
  }
}
