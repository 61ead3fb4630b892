/// A public key Kiln trusts for exactly one algorithm (decision 17, K3).
public enum VerificationKey: Sendable {
  /// An EC P-256 key, which verifies ES256 only.
  case es256(P256PublicKey)
  /// An RSA key, which verifies RS256 only.
  case rs256(RSAPublicKey)

  /// The one algorithm this key serves.
  public var algorithm: JWTAlgorithm {
    switch self {
    case .es256: .es256
    case .rs256: .rs256
    }
  }

  /// Whether `signature` is this key's signature of `message` in its algorithm.
  public func isValidSignature(_ signature: [UInt8], for message: some Collection<UInt8>) -> Bool {
    switch self {
    case .es256(let key): key.isValidSignature(signature, for: message)
    case .rs256(let key): key.isValidSignature(signature, for: message)
    }
  }

  /// The key a JWK describes, or `nil` when it serves no algorithm Kiln verifies with: a kind
  /// other than EC P-256 or RSA (symmetric keys included), `use` other than `sig`, `key_ops`
  /// without `verify`, or an `alg` other than the kind's one algorithm.
  /// - Throws: `JOSEError.invalidKey` or `.invalidJWK` when an EC P-256 or RSA key is malformed.
  public init?(jwk: JWK) throws {
    if let use = jwk.use, use != "sig" { return nil }
    if let operations = jwk.operations, !operations.contains("verify") { return nil }
    switch jwk.keyType {
    case .ellipticCurve where jwk.curve == "P-256":
      guard jwk.algorithm == nil || jwk.algorithm == JWTAlgorithm.es256.rawValue else { return nil }
      guard let x = jwk.x, let y = jwk.y else {
        throw JOSEError.invalidJWK("an EC key needs x and y")
      }
      self = .es256(try P256PublicKey(x: x, y: y))
    case .rsa:
      guard jwk.algorithm == nil || jwk.algorithm == JWTAlgorithm.rs256.rawValue else { return nil }
      guard let n = jwk.n, let e = jwk.e else {
        throw JOSEError.invalidJWK("an RSA key needs n and e")
      }
      self = .rs256(try RSAPublicKey(modulus: n, exponent: e))
    default:
      return nil
    }
  }
}

/// A JWK set (RFC 7517 §5) reduced to the keys Kiln can verify with, by `kid`.
public struct JWKSet: Sendable {
  /// The usable keys by their exact, case-sensitive `kid`.
  public let keys: [String: VerificationKey]
  /// Why each key that was left out was left out (its position and kid, never key material),
  /// for operators' diagnostics.
  public let skipped: [String]

  /// The usable keys of a JWK set's JSON text.
  ///
  /// Keys without a `kid`, of other kinds, for encryption, or stating another algorithm are
  /// skipped, and so is an EC or RSA key that is malformed (a provider's set still works
  /// when one of its keys is bad). Two usable keys with one `kid` make the set unusable.
  /// - Throws: `StrictJSONError` for text that is not one JSON object, `JOSEError.invalidJWK`
  ///   when `keys` is not an array or a `kid` repeats.
  public init(json: some Collection<UInt8>) throws {
    let members = try StrictJSONParser().parseObject(json)
    guard let list = members["keys"]?.arrayValue else {
      throw JOSEError.invalidJWK("a JWK set needs a keys array")
    }
    var keys: [String: VerificationKey] = [:]
    var skipped: [String] = []
    for (position, element) in list.enumerated() {
      let label = "key \(position + 1)"
      guard let object = element.objectValue else {
        skipped.append("\(label): not an object")
        continue
      }
      let usable: (keyID: String, key: VerificationKey)
      do {
        let jwk = try JWK(members: object)
        guard let keyID = jwk.keyID, !keyID.isEmpty else {
          skipped.append("\(label): no kid")
          continue
        }
        guard let key = try VerificationKey(jwk: jwk) else {
          skipped.append("\(label) (kid \(JSONText.quoted(keyID))): not a signature key Kiln uses")
          continue
        }
        usable = (keyID, key)
      } catch let error as JOSEError {
        skipped.append("\(label): \(error.reasonText)")
        continue
      }
      guard keys.updateValue(usable.key, forKey: usable.keyID) == nil else {
        throw JOSEError.invalidJWK("two keys have kid \(JSONText.quoted(usable.keyID))")
      }
    }
    self.keys = keys
    self.skipped = skipped
  }

  /// A set holding `keys` by kid, with nothing skipped.
  public init(keys: [String: VerificationKey]) {
    self.keys = keys
    self.skipped = []
  }

  /// The JWK set JSON text that publishes `keys` (their public members only).
  public static func jsonText(publishing keys: [JWK]) -> String {
    "{\"keys\":[" + keys.map(\.publicJWK.jsonText).joined(separator: ",") + "]}"
  }
}

extension JOSEError {
  /// A short reason for diagnostics; never holds key material.
  public var reasonText: String {
    switch self {
    case .randomUnavailable: "the random generator failed"
    case .invalidKey(let reason), .invalidJWK(let reason), .invalidParameters(let reason):
      reason
    case .invalidSignature: "the signature is malformed"
    case .openSSL(let call): "OpenSSL's \(call) failed"
    }
  }
}
