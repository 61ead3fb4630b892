/// A JSON Web Key (RFC 7517) of the kinds Kiln uses: EC P-256 and RSA. Binary members are
/// held decoded; `jsonText` writes them back as unpadded base64url.
public struct JWK: Sendable, Equatable {
  /// A key's `kty`: an open value, so a set with other kinds still parses.
  public struct KeyType: RawRepresentable, Sendable, Hashable {
    /// The `kty` text.
    public let rawValue: String
    /// Makes a key type from its `kty` text.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// `EC`: an elliptic-curve key.
    public static let ellipticCurve = KeyType(rawValue: "EC")
    /// `RSA`.
    public static let rsa = KeyType(rawValue: "RSA")
    /// `oct`: a symmetric key, which Kiln never takes from a key set.
    public static let octet = KeyType(rawValue: "oct")
  }

  /// `kty`.
  public var keyType: KeyType
  /// `kid`, the name tokens use to pick this key.
  public var keyID: String?
  /// `crv` for EC keys.
  public var curve: String?
  /// `x` for EC keys.
  public var x: [UInt8]?
  /// `y` for EC keys.
  public var y: [UInt8]?
  /// `d`, the private scalar of an EC key; absent in public keys.
  public var d: [UInt8]?
  /// `n`, an RSA modulus.
  public var n: [UInt8]?
  /// `e`, an RSA public exponent.
  public var e: [UInt8]?
  /// `alg`, the one algorithm the key is meant for, when stated.
  public var algorithm: String?
  /// `use` (`sig` or `enc`), when stated.
  public var use: String?
  /// `key_ops`, when stated.
  public var operations: [String]?

  /// A key from its members.
  public init(
    keyType: KeyType, keyID: String? = nil, curve: String? = nil, x: [UInt8]? = nil,
    y: [UInt8]? = nil, d: [UInt8]? = nil, n: [UInt8]? = nil, e: [UInt8]? = nil,
    algorithm: String? = nil, use: String? = nil, operations: [String]? = nil
  ) {
    self.keyType = keyType
    self.keyID = keyID
    self.curve = curve
    self.x = x
    self.y = y
    self.d = d
    self.n = n
    self.e = e
    self.algorithm = algorithm
    self.use = use
    self.operations = operations
  }

  /// The key one JWK text holds.
  /// - Throws: `StrictJSONError` for text that is not one JSON object, `JOSEError.invalidJWK`
  ///   for members of the wrong type or encoding.
  public init(jsonText: String) throws {
    try self.init(members: try StrictJSONParser().parseObject(Array(jsonText.utf8)))
  }

  /// The key a parsed JWK object holds.
  /// - Throws: `JOSEError.invalidJWK` when `kty` is missing or a member has the wrong type or
  ///   is not canonical base64url.
  public init(members: [String: StrictJSONValue]) throws {
    guard let type = members["kty"]?.stringValue else {
      throw JOSEError.invalidJWK("kty must be a string")
    }
    func text(_ name: String) throws -> String? {
      guard let value = members[name] else { return nil }
      guard let text = value.stringValue else {
        throw JOSEError.invalidJWK("\(name) must be a string")
      }
      return text
    }
    func bytes(_ name: String) throws -> [UInt8]? {
      guard let encoded = try text(name) else { return nil }
      guard let decoded = Base64URL.decode(encoded) else {
        throw JOSEError.invalidJWK("\(name) must be unpadded base64url")
      }
      return decoded
    }
    var operations: [String]?
    if let value = members["key_ops"] {
      guard let list = value.arrayValue?.compactMap(\.stringValue),
        list.count == value.arrayValue?.count
      else { throw JOSEError.invalidJWK("key_ops must be an array of strings") }
      operations = list
    }
    self.init(
      keyType: KeyType(rawValue: type), keyID: try text("kid"), curve: try text("crv"),
      x: try bytes("x"), y: try bytes("y"), d: try bytes("d"), n: try bytes("n"),
      e: try bytes("e"), algorithm: try text("alg"), use: try text("use"),
      operations: operations)
  }

  /// The JWK as compact JSON text with members in a fixed order. A private key's text holds
  /// `d`: keep it secret.
  public var jsonText: String {
    var members: [(String, String)] = []
    func add(_ name: String, _ value: String?) {
      if let value { members.append((name, JSONText.quoted(value))) }
    }
    add("kty", keyType.rawValue)
    add("kid", keyID)
    add("use", use)
    add("alg", algorithm)
    add("crv", curve)
    add("x", x.map(Base64URL.encode))
    add("y", y.map(Base64URL.encode))
    add("d", d.map(Base64URL.encode))
    add("n", n.map(Base64URL.encode))
    add("e", e.map(Base64URL.encode))
    if let operations {
      members.append(
        ("key_ops", "[" + operations.map(JSONText.quoted).joined(separator: ",") + "]"))
    }
    return "{" + members.map { JSONText.quoted($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
  }

  /// The same key without its private member.
  public var publicJWK: JWK {
    var copy = self
    copy.d = nil
    return copy
  }
}
