import JOSE
import Testing

@Suite struct P256KeyTests {
  private let message = Array("eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0".utf8)

  // RFC 7515 Appendix A.3: the published ES256 example verifies with the published key.
  @Test func verifiesRFC7515sES256Example() throws {
    let jwk = try JWK(
      jsonText: """
        {"kty":"EC","crv":"P-256","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
        "y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}
        """)
    let key = try P256PublicKey(x: try #require(jwk.x), y: try #require(jwk.y))
    let signingInput =
      "eyJhbGciOiJFUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFt"
      + "cGxlLmNvbS9pc19yb290Ijp0cnVlfQ"
    let signature = try #require(
      Base64URL.decode(
        "DtEhU3ljbEg8L38VWAfUAqOyKAM6-Xx-F4GawxaepmXFCgfTjDxw5djxLa8ISlSApmWQxfKTUJqPP3-Kg6NU1Q"))
    #expect(key.isValidSignature(signature, for: Array(signingInput.utf8)))
    #expect(!key.isValidSignature(signature, for: Array((signingInput + "x").utf8)))
  }

  @Test func signaturesAreRawSixtyFourBytesAndVerifyOnlyWithTheirKey() throws {
    let key = try P256PrivateKey.generate()
    let other = try P256PrivateKey.generate()
    let signature = try key.signature(for: message)
    #expect(signature.count == 64)
    #expect(key.publicKey.isValidSignature(signature, for: message))
    #expect(!other.publicKey.isValidSignature(signature, for: message))
    var flipped = signature
    flipped[10] ^= 1
    #expect(!key.publicKey.isValidSignature(flipped, for: message))
  }

  @Test func refusesADEREncodingOfAValidSignature() throws {
    let key = try P256PrivateKey.generate()
    let signature = try key.signature(for: message)
    #expect(!key.publicKey.isValidSignature(DER.ecdsaSignature(raw: signature), for: message))
  }

  @Test func refusesRAndSOutsideOneToNMinusOne() throws {
    let key = try P256PrivateKey.generate()
    let signature = try key.signature(for: message)
    let r = Array(signature[0..<32])
    let s = Array(signature[32..<64])
    let zero = [UInt8](repeating: 0, count: 32)
    let order = Hex.bytes("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")
    let allOnes = [UInt8](repeating: 0xFF, count: 32)
    for forged in [zero + s, r + zero, order + s, r + order, allOnes + s, r + allOnes] {
      #expect(!key.publicKey.isValidSignature(forged, for: message))
    }
    // One byte short or one byte long.
    #expect(!key.publicKey.isValidSignature(Array(signature.prefix(63)), for: message))
    #expect(!key.publicKey.isValidSignature(signature + [0], for: message))
  }

  @Test func exportsAndImportsItselfAsAJWK() throws {
    let key = try P256PrivateKey.generate()
    let jwk = try JWK(jsonText: key.privateJWK(keyID: "k1").jsonText)
    #expect(jwk.keyType == .ellipticCurve && jwk.curve == "P-256" && jwk.keyID == "k1")
    #expect(jwk.x?.count == 32 && jwk.y?.count == 32 && jwk.d?.count == 32)
    let restored = try P256PrivateKey(
      d: try #require(jwk.d), x: try #require(jwk.x), y: try #require(jwk.y))
    #expect(key.publicKey.isValidSignature(try restored.signature(for: message), for: message))
    let publicText = key.publicKey.jwk(keyID: "k1").jsonText
    #expect(!publicText.contains("\"d\""))
    #expect(try JWK(jsonText: publicText) == key.privateJWK(keyID: "k1").publicJWK)
  }

  @Test func refusesAPointOffTheCurveAndAPrivateScalarOfAnotherKey() throws {
    let key = try P256PrivateKey.generate()
    var y = key.publicKey.y
    y[31] ^= 1
    #expect(throws: JOSEError.self) { try P256PublicKey(x: key.publicKey.x, y: y) }
    #expect(throws: JOSEError.self) {
      try P256PublicKey(x: key.publicKey.x, y: Array(y.prefix(31)))
    }
    let other = try P256PrivateKey.generate()
    let otherD = try #require(other.privateJWK().d)
    #expect(throws: JOSEError.self) {
      try P256PrivateKey(d: otherD, x: key.publicKey.x, y: key.publicKey.y)
    }
  }

  @Test func opensslVerifiesWhatThisModuleSigns() throws {
    let key = try P256PrivateKey.generate()
    let signature = try key.signature(for: message)
    try OpenSSLTool.withTool { tool in
      let pem = DER.pem(
        publicKeyInfo: DER.p256PublicKeyInfo(x: key.publicKey.x, y: key.publicKey.y))
      try tool.write(Array(pem.utf8), to: "public.pem")
      try tool.write(message, to: "message")
      try tool.write(DER.ecdsaSignature(raw: signature), to: "signature.der")
      let result = try tool.run([
        "dgst", "-sha256", "-verify", "public.pem", "-signature", "signature.der", "message",
      ])
      #expect(result.status == 0)
      #expect(result.output.contains("Verified OK"))
    }
  }

  @Test func thisModuleVerifiesWhatOpenSSLSigns() throws {
    try OpenSSLTool.withTool { tool in
      try #require(
        try tool.run([
          "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256",
          "-out", "key.pem",
        ]).status == 0)
      let text = try tool.run(["pkey", "-in", "key.pem", "-noout", "-text"]).output
      let point = OpenSSLTool.hexBlock(after: "pub:", in: text)
      try #require(point.count == 65 && point.first == 0x04)
      let publicKey = try P256PublicKey(x: Array(point[1...32]), y: Array(point[33...64]))
      try tool.write(message, to: "message")
      try #require(
        try tool.run(["dgst", "-sha256", "-sign", "key.pem", "-out", "signature.der", "message"])
          .status == 0)
      let der = try tool.read("signature.der")
      let raw = try #require(DER.rawECDSASignature(der))
      #expect(publicKey.isValidSignature(raw, for: message))
      #expect(!publicKey.isValidSignature(der, for: message))
    }
  }
}
