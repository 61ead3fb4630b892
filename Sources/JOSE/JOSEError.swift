/// A failure of the JOSE module's primitives: bad input to a key, encoding or KDF, or
/// OpenSSL refusing an operation. Token rejections are `JWTRejection`, not this.
public enum JOSEError: Error, Equatable, Sendable {
  /// OpenSSL's random generator produced no bytes.
  case randomUnavailable
  /// A key is malformed or unusable; the text says why (it never holds key material).
  case invalidKey(String)
  /// A JWK or JWK set is malformed; the text says why.
  case invalidJWK(String)
  /// A signature could not be made or has the wrong shape for its algorithm.
  case invalidSignature
  /// Key-derivation parameters are out of range; the text names the limit.
  case invalidParameters(String)
  /// A libcrypto call failed; the text names the call.
  case openSSL(String)
}
