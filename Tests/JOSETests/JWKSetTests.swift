import JOSE
import Testing

@Suite struct JWKSetTests {
  @Test func keepsECP256AndRSAKeysByKidEachForItsOneAlgorithm() throws {
    let ec = try P256PrivateKey.generate()
    let rsa = try RSAPrivateKey.generate()
    let other = try P256PrivateKey.generate()
    var encryption = other.publicKey.jwk(keyID: "enc-1")
    encryption.use = "enc"
    var wrongAlgorithm = other.publicKey.jwk(keyID: "ps-1")
    wrongAlgorithm.algorithm = "ES384"
    var noKid = other.publicKey.jwk()
    noKid.keyID = nil
    var verifyless = other.publicKey.jwk(keyID: "ops-1")
    verifyless.operations = ["encrypt"]
    let json = """
      {"keys":[
        \(ec.publicKey.jwk(keyID: "ec-1").jsonText),
        \(rsa.publicKey.jwk(keyID: "rsa-1").jsonText),
        {"kty":"oct","kid":"hmac-1","k":"c2VjcmV0"},
        {"kty":"EC","crv":"P-384","kid":"p384-1","x":"AA","y":"AA"},
        {"kty":"OKP","crv":"Ed25519","kid":"ed-1","x":"AA"},
        \(encryption.jsonText), \(wrongAlgorithm.jsonText), \(noKid.jsonText),
        \(verifyless.jsonText),
        {"kty":"EC","crv":"P-256","kid":"broken-1","x":"AA","y":"AA"},
        "not a key"
      ]}
      """
    let set = try JWKSet(json: Array(json.utf8))
    #expect(Set(set.keys.keys) == ["ec-1", "rsa-1"])
    #expect(set.keys["ec-1"]?.algorithm == .es256)
    #expect(set.keys["rsa-1"]?.algorithm == .rs256)
    #expect(set.skipped.count == 9)
    #expect(set.skipped.allSatisfy { !$0.contains("\"x\"") })
  }

  @Test func refusesTwoKeysWithOneKid() throws {
    let first = try P256PrivateKey.generate().publicKey.jwk(keyID: "same")
    let second = try P256PrivateKey.generate().publicKey.jwk(keyID: "same")
    let json = "{\"keys\":[\(first.jsonText),\(second.jsonText)]}"
    #expect(throws: JOSEError.self) { try JWKSet(json: Array(json.utf8)) }
  }

  @Test(arguments: ["{}", "{\"keys\":{}}", "[]", "{\"keys\":[],\"keys\":[]}", ""])
  func refusesTextThatIsNotAKeySet(json: String) {
    #expect(throws: (any Error).self) { try JWKSet(json: Array(json.utf8)) }
  }

  @Test func publishesOnlyPublicMembers() throws {
    let key = try P256PrivateKey.generate()
    let text = JWKSet.jsonText(publishing: [key.privateJWK(keyID: "ec-1")])
    #expect(!text.contains("\"d\""))
    let set = try JWKSet(json: Array(text.utf8))
    #expect(set.keys["ec-1"]?.algorithm == .es256)
  }
}
