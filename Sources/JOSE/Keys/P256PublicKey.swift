import COpenSSL

/// A NIST P-256 public key, for verifying ES256 signatures.
public struct P256PublicKey: Sendable {
  /// The point's x coordinate, 32 bytes big-endian.
  public let x: [UInt8]
  /// The point's y coordinate, 32 bytes big-endian.
  public let y: [UInt8]
  let key: SharedKey

  /// The key at point (`x`, `y`).
  /// - Throws: `JOSEError.invalidKey` unless both are 32 bytes and the point is on the curve.
  public init(x: [UInt8], y: [UInt8]) throws {
    guard x.count == 32, y.count == 32 else {
      throw JOSEError.invalidKey("a P-256 coordinate must be 32 bytes")
    }
    let built = try OpenSSLKeys.key(algorithm: "EC", selection: kiln_evp_pkey_public_key) {
      parameters in
      try parameters.pushText("group", "P-256")
      try parameters.pushOctets("pub", bytes: [0x04] + x + y)
    }
    self.x = x
    self.y = y
    self.key = SharedKey(built)
  }

  /// Whether `signature`, in JWS's raw 64-byte R‖S form with r and s in 1...n-1, is this
  /// key's ES256 signature of `message`. DER signatures are refused.
  public func isValidSignature(_ signature: [UInt8], for message: some Collection<UInt8>) -> Bool {
    guard let der = ECDSASignature.der(fromRaw: signature) else { return false }
    let input = Array(message)
    return key.withKey { OpenSSLKeys.verifySHA256(der, of: input, with: $0) }
  }

  /// This key as a public JWK (`kty` EC, `crv` P-256), named `keyID` when given.
  public func jwk(keyID: String? = nil) -> JWK {
    JWK(
      keyType: .ellipticCurve, keyID: keyID, curve: "P-256", x: x, y: y, algorithm: "ES256",
      use: "sig")
  }
}

/// A NIST P-256 private key, for ES256 signatures.
public struct P256PrivateKey: Sendable {
  /// The public half.
  public let publicKey: P256PublicKey
  private let d: [UInt8]
  private let key: SharedKey

  /// A new key from OpenSSL's secure generator.
  /// - Throws: `JOSEError.openSSL` if libcrypto fails.
  public static func generate() throws -> P256PrivateKey {
    let generated = try OpenSSLKeys.generate(algorithm: "EC") { context in
      EVP_PKEY_CTX_set_group_name(context, cString("P-256"))
    }
    let x = try OpenSSLKeys.number("qx", of: generated.pointer, length: 32)
    let y = try OpenSSLKeys.number("qy", of: generated.pointer, length: 32)
    let d = try OpenSSLKeys.number("priv", of: generated.pointer, length: 32)
    return try P256PrivateKey(d: d, x: x, y: y, key: generated)
  }

  /// The key with private scalar `d` and public point (`x`, `y`), each 32 bytes big-endian.
  /// - Throws: `JOSEError.invalidKey` when the sizes are wrong, the point is off the curve or
  ///   `d` does not belong to it.
  public init(d: [UInt8], x: [UInt8], y: [UInt8]) throws {
    guard d.count == 32, ECDSASignature.isInRange(d[...]) else {
      throw JOSEError.invalidKey("a P-256 private scalar must be 32 bytes in range")
    }
    let built = try OpenSSLKeys.key(algorithm: "EC", selection: kiln_evp_pkey_keypair) {
      parameters in
      try parameters.pushText("group", "P-256")
      try parameters.pushOctets("pub", bytes: [0x04] + x + y)
      try parameters.pushNumber("priv", bytes: d)
    }
    try self.init(d: d, x: x, y: y, key: built)
  }

  private init(d: [UInt8], x: [UInt8], y: [UInt8], key: OpenSSLKey) throws {
    self.publicKey = try P256PublicKey(x: x, y: y)
    self.d = d
    self.key = SharedKey(key)
  }

  /// The ES256 signature of `message`: 64 bytes, R‖S.
  /// - Throws: `JOSEError.openSSL` if libcrypto fails.
  public func signature(for message: some Collection<UInt8>) throws -> [UInt8] {
    let input = Array(message)
    let der = try key.withKey { try OpenSSLKeys.signSHA256(input, with: $0) }
    return try ECDSASignature.raw(fromDER: der)
  }

  /// This key as a private JWK (with `d`), named `keyID` when given. Keep it secret.
  public func privateJWK(keyID: String? = nil) -> JWK {
    var jwk = publicKey.jwk(keyID: keyID)
    jwk.d = d
    return jwk
  }
}
