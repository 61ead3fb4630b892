import COpenSSL

/// An RSA public key, for verifying RS256 (RSASSA-PKCS1-v1_5 with SHA-256) signatures.
public struct RSAPublicKey: Sendable {
  /// The smallest modulus accepted, in bits (RFC 7518 §3.3 requires 2048).
  public static let minimumModulusBits = 2048
  /// The largest modulus accepted, in bits, so a key cannot make verification arbitrarily slow.
  public static let maximumModulusBits = 8192

  /// The modulus n, big-endian without leading zeros.
  public let modulus: [UInt8]
  /// The public exponent e, big-endian without leading zeros.
  public let exponent: [UInt8]
  let key: SharedKey

  /// The key (n = `modulus`, e = `exponent`), both big-endian; leading zeros are dropped.
  /// - Throws: `JOSEError.invalidKey` for a modulus outside 2048...8192 bits, or an even
  ///   exponent, or one below 3.
  public init(modulus: [UInt8], exponent: [UInt8]) throws {
    let n = Array(modulus.drop(while: { $0 == 0 }))
    let e = Array(exponent.drop(while: { $0 == 0 }))
    let bits = n.first.map { n.count * 8 - $0.leadingZeroBitCount } ?? 0
    guard (Self.minimumModulusBits...Self.maximumModulusBits).contains(bits) else {
      throw JOSEError.invalidKey("an RSA modulus must have 2048 to 8192 bits")
    }
    guard let last = e.last, last & 1 == 1, e.count <= 8, e != [1] else {
      throw JOSEError.invalidKey("an RSA exponent must be odd and at least 3")
    }
    let built = try OpenSSLKeys.key(algorithm: "RSA", selection: kiln_evp_pkey_public_key) {
      parameters in
      try parameters.pushNumber("n", bytes: n)
      try parameters.pushNumber("e", bytes: e)
    }
    self.modulus = n
    self.exponent = e
    self.key = SharedKey(built)
  }

  /// The modulus length in bytes, which every RS256 signature of this key has.
  public var signatureByteCount: Int { modulus.count }

  /// Whether `signature` is this key's RS256 signature of `message`; a signature whose length
  /// is not the modulus length is refused.
  public func isValidSignature(_ signature: [UInt8], for message: some Collection<UInt8>) -> Bool {
    guard signature.count == signatureByteCount else { return false }
    let input = Array(message)
    return key.withKey { OpenSSLKeys.verifySHA256(signature, of: input, with: $0) }
  }

  /// This key as a public JWK (`kty` RSA), named `keyID` when given.
  public func jwk(keyID: String? = nil) -> JWK {
    JWK(keyType: .rsa, keyID: keyID, n: modulus, e: exponent, algorithm: "RS256", use: "sig")
  }
}

/// An RSA private key, for RS256 signatures (Kiln verifies RS256; signing serves tests and
/// tools).
public struct RSAPrivateKey: Sendable {
  /// The public half.
  public let publicKey: RSAPublicKey
  private let key: SharedKey

  /// A new key of `bits` bits (2048 by default) with exponent 65537.
  /// - Throws: `JOSEError.invalidKey` outside 2048...8192 bits, `JOSEError.openSSL` if
  ///   libcrypto fails.
  public static func generate(bits: Int = 2048) throws -> RSAPrivateKey {
    guard (RSAPublicKey.minimumModulusBits...RSAPublicKey.maximumModulusBits).contains(bits) else {
      throw JOSEError.invalidKey("an RSA key must have 2048 to 8192 bits")
    }
    let generated = try OpenSSLKeys.generate(algorithm: "RSA") { context in
      EVP_PKEY_CTX_set_rsa_keygen_bits(context, Int32(bits))
    }
    let n = try OpenSSLKeys.number("n", of: generated.pointer)
    let e = try OpenSSLKeys.number("e", of: generated.pointer)
    return RSAPrivateKey(
      publicKey: try RSAPublicKey(modulus: n, exponent: e), key: SharedKey(generated))
  }

  private init(publicKey: RSAPublicKey, key: SharedKey) {
    self.publicKey = publicKey
    self.key = key
  }

  /// The RS256 signature of `message`, as long as the modulus.
  /// - Throws: `JOSEError.openSSL` if libcrypto fails.
  public func signature(for message: some Collection<UInt8>) throws -> [UInt8] {
    let input = Array(message)
    return try key.withKey { try OpenSSLKeys.signSHA256(input, with: $0) }
  }
}
