import JOSE
import Testing

/// K1-K4: which key judges a token (S1, the signature itself, is JWTVerifierSignatureTests).
@Suite struct JWTVerifierKeyTests {
  @Test func k1AnHS256TokenIsRefusedWhenNoSecretIsConfigured() throws {
    let fixture = try TokenFixture()
    let verifier = try fixture.verifier(secret: nil)
    #expect(!verifier.acceptsHMAC)
    #expect(verifier.rejection(try TokenFixture.hs256()) == .hmacKeyMisuse)
    // Not even when it is MACed with a trusted public key's JWK text and names that key.
    let jwkText = fixture.ecKey.publicKey.jwk(keyID: "ec-1").jsonText
    let named = try TokenFixture.hs256(
      header: #"{"alg":"HS256","typ":"JWT","kid":"ec-1"}"#, key: Array(jwkText.utf8))
    #expect(verifier.rejection(named) == .hmacKeyMisuse)
  }

  @Test func k1HS256MACedWithAPublicKeysBytesIsRefused() throws {
    let fixture = try TokenFixture(withRSA: true)
    let verifier = try fixture.verifier()
    let ec = fixture.ecKey.publicKey
    let rsa = try #require(fixture.rsaKey).publicKey
    let publicKeyForms: [[UInt8]] = [
      Array(ec.jwk(keyID: "ec-1").jsonText.utf8), Array(rsa.jwk(keyID: "rsa-1").jsonText.utf8),
      DER.p256PublicKeyInfo(x: ec.x, y: ec.y),
      Array(DER.pem(publicKeyInfo: DER.p256PublicKeyInfo(x: ec.x, y: ec.y)).utf8),
      Array(DER.pem(publicKeyInfo: DER.rsaPublicKeyInfo(n: rsa.modulus, e: rsa.exponent)).utf8),
      [0x04] + ec.x + ec.y, rsa.modulus,
    ]
    for key in publicKeyForms {
      for header in [
        #"{"alg":"HS256","typ":"JWT"}"#, #"{"alg":"HS256","kid":"ec-1"}"#,
        #"{"alg":"HS256","kid":"rsa-1"}"#,
      ] {
        #expect(
          verifier.rejection(try TokenFixture.hs256(header: header, key: key)) == .badSignature)
      }
    }
  }

  @Test func k1TheSecretIsItsTextNeverADecodedForm() throws {
    // RFC 7515 Appendix A.1: the example's MAC is right for the decoded key bytes...
    let encodedKey =
      "AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow"
    let token =
      "eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9"
      + ".eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ"
      + ".dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    let parts = token.split(separator: ".")
    let mac = try Digest.hmacSHA256(
      key: try #require(Base64URL.decode(encodedKey)),
      message: Array("\(parts[0]).\(parts[1])".utf8))
    #expect(Base64URL.encode(mac) == parts[2])
    // ...but a verifier configured with the key's text never decodes it.
    let verifier = try TokenFixture().verifier(secret: encodedKey, issuer: nil, now: 1_300_000_000)
    #expect(verifier.rejection(token) == .badSignature)
  }

  @Test(arguments: ["short", "é-a-secret-that-is-long-enough-but-not-ascii"])
  func k1TheSecretMustBeLongASCIIText(secret: String) throws {
    #expect(throws: JWTConfigurationError.self) { try TokenFixture().verifier(secret: secret) }
    #expect(throws: JWTConfigurationError.self) { try JWTSigner(hmacSecret: secret) }
  }

  @Test(arguments: [
    #"{"alg":"ES256","typ":"JWT"}"#, #"{"alg":"ES256","kid":""}"#, #"{"alg":"ES256","kid":1}"#,
    #"{"alg":"ES256","kid":null}"#, #"{"alg":"ES256","kid":["ec-1"]}"#,
  ])
  func k2AnES256TokenWithoutAStringKidIsRefused(header: String) throws {
    let fixture = try TokenFixture()
    #expect(try fixture.verifier().rejection(try fixture.es256(header: header)) == .missingKeyID)
  }

  @Test func k2AnRS256TokenWithoutAKidIsRefused() throws {
    let fixture = try TokenFixture(withRSA: true)
    let token = try fixture.rs256(header: #"{"alg":"RS256","typ":"JWT"}"#)
    #expect(try fixture.verifier().rejection(token) == .missingKeyID)
  }

  @Test(arguments: ["ec-2", "EC-1", "ec-1 ", " ec-1", "ec"])
  func k2AnUnknownKidIsRefusedWithNoFallbackToOtherKeys(keyID: String) throws {
    let fixture = try TokenFixture()
    // Signed by the trusted key: only the kid is wrong, and no other key is tried.
    let token = try fixture.es256(header: #"{"alg":"ES256","kid":"\#(keyID)"}"#)
    #expect(try fixture.verifier().rejection(token) == .unknownKey)
  }

  @Test func k3AKeyServesOnlyItsOwnAlgorithm() throws {
    let fixture = try TokenFixture(withRSA: true)
    let verifier = try fixture.verifier()
    let rsaNamingEC = try fixture.rs256(header: #"{"alg":"RS256","kid":"ec-1"}"#)
    let ecNamingRSA = try fixture.es256(header: #"{"alg":"ES256","kid":"rsa-1"}"#)
    #expect(verifier.rejection(rsaNamingEC) == .keyAlgorithmMismatch)
    #expect(verifier.rejection(ecNamingRSA) == .keyAlgorithmMismatch)
  }

  @Test(arguments: [
    #""jku":"http://127.0.0.1:9/jwks.json""#, #""x5u":"http://127.0.0.1:9/cert.pem""#,
    #""x5c":["MIIBIjANBgkq"]"#, #""x5t":"dGh1bWI""#, #""x5t#S256":"dGh1bWI""#,
  ])
  func k4KeyLocatingHeadersAreIgnoredAndAValidTokenPasses(member: String) throws {
    let fixture = try TokenFixture()
    let token = try fixture.es256(header: #"{"alg":"ES256","kid":"ec-1",\#(member)}"#)
    #expect(try fixture.verifier().verdict(token).isSuccess)
  }

  @Test func k4AnEmbeddedJWKIsNeverUsed() throws {
    let fixture = try TokenFixture()
    let verifier = try fixture.verifier()
    let attacker = try P256PrivateKey.generate()
    let embedded = attacker.publicKey.jwk(keyID: "attacker").jsonText
    let ownKid = try fixture.es256(
      header: #"{"alg":"ES256","kid":"attacker","jwk":\#(embedded)}"#, key: attacker)
    let trustedKid = try fixture.es256(
      header: #"{"alg":"ES256","kid":"ec-1","jwk":\#(embedded)}"#, key: attacker)
    #expect(verifier.rejection(ownKid) == .unknownKey)
    #expect(verifier.rejection(trustedKid) == .badSignature)
    // The trusted key's own token with the attacker's JWK beside it still passes.
    let genuine = try fixture.es256(header: #"{"alg":"ES256","kid":"ec-1","jwk":\#(embedded)}"#)
    #expect(verifier.verdict(genuine).isSuccess)
  }
}
