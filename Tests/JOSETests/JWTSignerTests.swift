import Core
import Foundation
import JOSE
import Testing

@Suite struct JWTSignerTests {
  private let claims: [String: StrictJSONValue] = [
    "sub": .string("user-9"), "aud": .string("authenticated"), "role": .string("authenticated"),
    "exp": .number(TokenFixture.now + 60), "iat": .number(TokenFixture.now),
    "iss": .string(TokenFixture.issuer), "user_metadata": .object(["name": .string("Zoë \"Z\"")]),
  ]

  @Test func hs256TokensPassTheVerifier() throws {
    let token = try JWTSigner(hmacSecret: TokenFixture.secret).sign(claims: claims)
    let principal = try TokenFixture().verifier().verify(token)
    #expect(principal == .user(subject: "user-9", claims: JWTClaims(members: claims)))
  }

  @Test func es256TokensNameTheirKidAndPassTheVerifier() throws {
    let fixture = try TokenFixture()
    let signer = try JWTSigner(privateKey: fixture.ecKey, keyID: "ec-1")
    let token = try signer.sign(claims: claims)
    let header = try StrictJSONParser().parseObject(
      try #require(Base64URL.decode(String(token.split(separator: ".")[0]))))
    #expect(header == ["alg": .string("ES256"), "typ": .string("JWT"), "kid": .string("ec-1")])
    #expect(try fixture.verifier().verify(token).subject == "user-9")
  }

  @Test func rs256TokensPassTheVerifier() throws {
    let fixture = try TokenFixture(withRSA: true)
    let signer = try JWTSigner(privateKey: try #require(fixture.rsaKey), keyID: "rsa-1")
    #expect(try fixture.verifier().verify(try signer.sign(claims: claims)).subject == "user-9")
  }

  @Test func aTokenSignedUnderAnotherKidIsUnknownToTheVerifier() throws {
    let fixture = try TokenFixture()
    let signer = try JWTSigner(privateKey: fixture.ecKey, keyID: "ec-rotated")
    #expect(try fixture.verifier().rejection(try signer.sign(claims: claims)) == .unknownKey)
    #expect(throws: JWTConfigurationError.emptyKeyID) {
      try JWTSigner(privateKey: fixture.ecKey, keyID: "")
    }
  }

  @Test func opensslVerifiesAnES256TokensSignature() throws {
    let fixture = try TokenFixture()
    let token = try JWTSigner(privateKey: fixture.ecKey, keyID: "ec-1").sign(claims: claims)
    let parts = token.split(separator: ".")
    let raw = try #require(Base64URL.decode(String(parts[2])))
    try OpenSSLTool.withTool { tool in
      let key = fixture.ecKey.publicKey
      try tool.write(
        Array(DER.pem(publicKeyInfo: DER.p256PublicKeyInfo(x: key.x, y: key.y)).utf8),
        to: "public.pem")
      try tool.write(Array("\(parts[0]).\(parts[1])".utf8), to: "input")
      try tool.write(DER.ecdsaSignature(raw: raw), to: "signature.der")
      let result = try tool.run([
        "dgst", "-sha256", "-verify", "public.pem", "-signature", "signature.der", "input",
      ])
      #expect(result.status == 0)
    }
  }

  @Test func opensslComputesTheSameHS256MAC() throws {
    let token = try JWTSigner(hmacSecret: TokenFixture.secret).sign(claims: claims)
    let parts = token.split(separator: ".")
    try OpenSSLTool.withTool { tool in
      try tool.write(Array("\(parts[0]).\(parts[1])".utf8), to: "input")
      let result = try tool.run([
        "dgst", "-sha256", "-mac", "HMAC", "-macopt", "key:\(TokenFixture.secret)", "-binary",
        "-out", "mac", "input",
      ])
      #expect(result.status == 0)
      #expect(Base64URL.encode(try tool.read("mac")) == parts[2])
    }
  }

  @Test func aVerifierAtAnotherTimeJudgesByItsInjectedClock() throws {
    let token = try JWTSigner(hmacSecret: TokenFixture.secret).sign(claims: claims)
    let later = try JWTVerifier(
      hmacSecret: TokenFixture.secret, issuer: TokenFixture.issuer,
      clock: .fixed(Date(timeIntervalSince1970: TokenFixture.now + 90)))
    #expect(later.rejection(token) == .expired)
  }
}
