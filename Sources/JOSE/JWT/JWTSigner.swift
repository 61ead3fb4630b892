/// Makes compact JWS tokens (RFC 7515 §7.1) that `JWTVerifier` accepts.
public struct JWTSigner: Sendable {
  private enum Key: Sendable {
    case hmac([UInt8])
    case p256(P256PrivateKey, keyID: String)
    case rsa(RSAPrivateKey, keyID: String)
  }

  private let key: Key

  /// A signer for HS256 whose key is the secret's ASCII text, as Supabase uses `JWT_SECRET`.
  /// - Throws: `JWTConfigurationError` for a secret shorter than 32 bytes or beyond ASCII.
  public init(hmacSecret: String) throws(JWTConfigurationError) {
    key = .hmac(try Self.hmacKey(fromSecret: hmacSecret))
  }

  /// A signer for ES256 whose tokens name `keyID` in their `kid`.
  /// - Throws: `JWTConfigurationError.emptyKeyID` for an empty `keyID`.
  public init(privateKey: P256PrivateKey, keyID: String) throws(JWTConfigurationError) {
    guard !keyID.isEmpty else { throw .emptyKeyID }
    key = .p256(privateKey, keyID: keyID)
  }

  /// A signer for RS256 whose tokens name `keyID` in their `kid`.
  /// - Throws: `JWTConfigurationError.emptyKeyID` for an empty `keyID`.
  public init(privateKey: RSAPrivateKey, keyID: String) throws(JWTConfigurationError) {
    guard !keyID.isEmpty else { throw .emptyKeyID }
    key = .rsa(privateKey, keyID: keyID)
  }

  /// The algorithm this signer's tokens name.
  public var algorithm: JWTAlgorithm {
    switch key {
    case .hmac: .hs256
    case .p256: .es256
    case .rsa: .rs256
    }
  }

  /// The header every token of this signer carries: `alg`, `typ` `JWT`, and `kid` for
  /// public-key algorithms.
  public var header: [String: StrictJSONValue] {
    var members: [String: StrictJSONValue] = [
      "alg": .string(algorithm.rawValue), "typ": .string("JWT"),
    ]
    switch key {
    case .hmac: break
    case .p256(_, let keyID), .rsa(_, let keyID): members["kid"] = .string(keyID)
    }
    return members
  }

  /// A token carrying `claims` as its payload.
  /// - Throws: `JOSEError` if the signature cannot be made.
  public func sign(claims: [String: StrictJSONValue]) throws -> String {
    try sign(payload: Array(JSONText.serialize(.object(claims)).utf8))
  }

  /// A token carrying `payload` bytes exactly as given (they should be one JSON object).
  /// - Throws: `JOSEError` if the signature cannot be made.
  public func sign(payload: some Collection<UInt8>) throws -> String {
    let signingInput =
      Base64URL.encode(Array(JSONText.serialize(.object(header)).utf8)) + "."
      + Base64URL.encode(payload)
    return signingInput + "." + Base64URL.encode(try signature(for: Array(signingInput.utf8)))
  }

  /// The signature of a JWS signing input by this signer's key, in JWS form.
  /// - Throws: `JOSEError` if the signature cannot be made.
  public func signature(for signingInput: [UInt8]) throws -> [UInt8] {
    switch key {
    case .hmac(let secret): try Digest.hmacSHA256(key: secret, message: signingInput)
    case .p256(let privateKey, _): try privateKey.signature(for: signingInput)
    case .rsa(let privateKey, _): try privateKey.signature(for: signingInput)
    }
  }

  /// The HMAC key of a secret: its ASCII bytes, never a decoded form (decision 17, K1).
  static func hmacKey(fromSecret secret: String) throws(JWTConfigurationError) -> [UInt8] {
    let bytes = Array(secret.utf8)
    guard bytes.allSatisfy({ $0 < 0x80 }) else { throw .secretNotASCII }
    guard bytes.count >= 32 else { throw .secretTooShort }
    return bytes
  }
}
