/// The algorithms a JWS may name: exactly these three, spelled exactly so (decision 17, T4).
public enum JWTAlgorithm: String, Sendable, CaseIterable {
  /// HMAC-SHA256 with the configured secret's text.
  case hs256 = "HS256"
  /// ECDSA on P-256 with SHA-256.
  case es256 = "ES256"
  /// RSASSA-PKCS1-v1_5 with SHA-256.
  case rs256 = "RS256"
}

/// Why a bearer token was refused: one case per rule of decision 17's verification contract.
/// Cases hold no token text, so they are safe to log and to show.
public enum JWTRejection: Error, Equatable, Sendable, CaseIterable {
  /// H1: no `Authorization` header, or not `Bearer <token>`.
  case noAuthorization
  /// T1: the token is longer than the verifier's limit; nothing of it was decoded.
  case tooLong
  /// T2: not three non-empty base64url segments (JWE, padding, other characters).
  case notCompactJWS
  /// T3: the header is not a UTF-8 JSON object and nothing more.
  case headerNotJSONObject
  /// P1: the payload is not a UTF-8 JSON object and nothing more.
  case payloadNotJSONObject
  /// T3/P1: the header or the payload names a member twice.
  case duplicateMember
  /// T4: `alg` is missing or is not exactly `HS256`, `ES256` or `RS256`.
  case algorithmNotAllowed
  /// T5: the header has `crit`.
  case critHeader
  /// T6: `typ` is present and is not `JWT` (in any case).
  case badType
  /// T7: the header has `cty` (a nested token).
  case nestedJWT
  /// K1: an HS256 token, but no HMAC secret is configured.
  case hmacKeyMisuse
  /// K2: an ES256 or RS256 token without a non-empty string `kid`.
  case missingKeyID
  /// K2: the `kid` names no trusted key.
  case unknownKey
  /// K3: the `kid` names a key of another algorithm.
  case keyAlgorithmMismatch
  /// S1: the signature is malformed or does not verify.
  case badSignature
  /// C1: `exp` is missing or not a number.
  case missingExpiry
  /// C1: now is at or after `exp` plus the 30 s leeway.
  case expired
  /// C2: `nbf` is not a number, or is more than 30 s ahead of now.
  case notYetValid
  /// C3: `iat` is not a number, or is more than 30 s ahead of now.
  case issuedInTheFuture
  /// C4: `aud` is missing or neither the audience nor an array holding it.
  case wrongAudience
  /// C5: an issuer is configured and `iss` is missing or differs.
  case wrongIssuer
  /// C6: `sub` is missing, empty or not a string.
  case missingSubject
  /// C7: `role` is missing or is neither `authenticated` nor `service_role`.
  case roleNotAllowed

  /// The contract rule this rejection enforces, e.g. `T1`.
  public var rule: String {
    switch self {
    case .noAuthorization: "H1"
    case .tooLong: "T1"
    case .notCompactJWS: "T2"
    case .headerNotJSONObject: "T3"
    case .payloadNotJSONObject: "P1"
    case .duplicateMember: "T3/P1"
    case .algorithmNotAllowed: "T4"
    case .critHeader: "T5"
    case .badType: "T6"
    case .nestedJWT: "T7"
    case .hmacKeyMisuse: "K1"
    case .missingKeyID, .unknownKey: "K2"
    case .keyAlgorithmMismatch: "K3"
    case .badSignature: "S1"
    case .missingExpiry, .expired: "C1"
    case .notYetValid: "C2"
    case .issuedInTheFuture: "C3"
    case .wrongAudience: "C4"
    case .wrongIssuer: "C5"
    case .missingSubject: "C6"
    case .roleNotAllowed: "C7"
    }
  }

  /// A one-line explanation for operators (`kiln-server token verify`).
  public var explanation: String {
    switch self {
    case .noAuthorization: "no Authorization header of the form \"Bearer <token>\""
    case .tooLong: "the token is longer than the limit"
    case .notCompactJWS: "the token is not three base64url segments (compact JWS)"
    case .headerNotJSONObject: "the header is not a UTF-8 JSON object"
    case .payloadNotJSONObject: "the payload is not a UTF-8 JSON object"
    case .duplicateMember: "the header or payload repeats a member name"
    case .algorithmNotAllowed: "alg is not HS256, ES256 or RS256"
    case .critHeader: "the header has crit"
    case .badType: "typ is not JWT"
    case .nestedJWT: "the header has cty (nested token)"
    case .hmacKeyMisuse: "an HS256 token, but no JWT secret is configured"
    case .missingKeyID: "an ES256 or RS256 token without kid"
    case .unknownKey: "kid names no trusted key"
    case .keyAlgorithmMismatch: "kid names a key of another algorithm"
    case .badSignature: "the signature does not verify"
    case .missingExpiry: "exp is missing or not a number"
    case .expired: "the token has expired"
    case .notYetValid: "the token is not valid yet (nbf)"
    case .issuedInTheFuture: "the token was issued in the future (iat)"
    case .wrongAudience: "aud does not hold the audience"
    case .wrongIssuer: "iss is not the configured issuer"
    case .missingSubject: "sub is missing or empty"
    case .roleNotAllowed: "role is neither authenticated nor service_role"
    }
  }
}
