/// Why a verifier or signer could not be configured.
public enum JWTConfigurationError: Error, Equatable, Sendable {
  /// The HMAC secret is shorter than 32 bytes (RFC 7518 §3.2 asks for at least the hash size).
  case secretTooShort
  /// The HMAC secret holds characters beyond ASCII; Kiln uses the secret's ASCII text as the
  /// key, as Supabase does, so no encoding question may arise.
  case secretNotASCII
  /// The token length limit is outside 8 KiB...64 KiB (decision 17, T1).
  case tokenLimitOutOfRange
  /// The audience or the issuer is configured as empty text.
  case emptyClaimValue
  /// A key is named by an empty `kid`.
  case emptyKeyID
}
