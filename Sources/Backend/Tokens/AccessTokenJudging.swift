import JOSE

/// Says who an `Authorization` header speaks for, by decision 17's verification contract.
///
/// `JWTVerifier` judges with a fixed set of keys; a judge that follows a JWKS file or URL
/// (refetched when an unknown `kid` appears) conforms too, so handlers never care which.
public protocol AccessTokenJudging: Sendable {
  /// The principal of the bearer token in `authorization` (a raw header value, or `nil`
  /// when the request had none).
  /// - Throws: `JWTRejection` naming the rule the header or token breaks.
  func principal(authorization: String?) async throws(JWTRejection) -> Principal
}

extension JWTVerifier: AccessTokenJudging {
  /// Judges with this verifier's fixed keys.
  public func principal(authorization: String?) async throws(JWTRejection) -> Principal {
    try verify(authorization: authorization)
  }
}
