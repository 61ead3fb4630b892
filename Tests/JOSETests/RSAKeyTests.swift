import JOSE
import Testing

@Suite struct RSAKeyTests {
  private let message = Array("eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0".utf8)

  @Test func signaturesAreAsLongAsTheModulusAndVerifyOnlyWithTheirKey() throws {
    let key = try RSAPrivateKey.generate()
    let signature = try key.signature(for: message)
    #expect(key.publicKey.modulus.count == 256)
    #expect(signature.count == 256)
    #expect(key.publicKey.isValidSignature(signature, for: message))
    #expect(!key.publicKey.isValidSignature(signature, for: message + [0]))
    // The same number with a leading zero byte, or with one dropped, is refused by length.
    #expect(!key.publicKey.isValidSignature([0] + signature, for: message))
    if signature.first == 0 {
      #expect(!key.publicKey.isValidSignature(Array(signature.dropFirst()), for: message))
    }
  }

  @Test func refusesModuliBelow2048BitsAndBadExponents() throws {
    let key = try RSAPrivateKey.generate()
    let n = key.publicKey.modulus
    #expect(throws: JOSEError.self) {
      try RSAPublicKey(modulus: Array(n.prefix(128)), exponent: [1, 0, 1])
    }
    #expect(throws: JOSEError.self) { try RSAPublicKey(modulus: n, exponent: [1]) }
    #expect(throws: JOSEError.self) { try RSAPublicKey(modulus: n, exponent: [2]) }
    #expect(throws: JOSEError.self) { try RSAPrivateKey.generate(bits: 1024) }
    // Leading zeros are not part of the number.
    let padded = try RSAPublicKey(modulus: [0, 0] + n, exponent: [0, 1, 0, 1])
    #expect(padded.modulus == n && padded.exponent == [1, 0, 1])
  }

  @Test func opensslVerifiesWhatThisModuleSigns() throws {
    let key = try RSAPrivateKey.generate()
    let signature = try key.signature(for: message)
    try OpenSSLTool.withTool { tool in
      let info = DER.rsaPublicKeyInfo(n: key.publicKey.modulus, e: key.publicKey.exponent)
      try tool.write(Array(DER.pem(publicKeyInfo: info).utf8), to: "public.pem")
      try tool.write(message, to: "message")
      try tool.write(signature, to: "signature")
      let result = try tool.run([
        "dgst", "-sha256", "-verify", "public.pem", "-signature", "signature", "message",
      ])
      #expect(result.status == 0)
      #expect(result.output.contains("Verified OK"))
    }
  }

  @Test func thisModuleVerifiesWhatOpenSSLSigns() throws {
    try OpenSSLTool.withTool { tool in
      try #require(
        try tool.run([
          "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048",
          "-out", "key.pem",
        ]).status == 0)
      let modulusLine = try tool.run(["rsa", "-in", "key.pem", "-noout", "-modulus"]).output
      let modulus = Hex.bytes(String(modulusLine.drop(while: { $0 != "=" }).dropFirst()))
      try #require(modulus.count == 256)
      let publicKey = try RSAPublicKey(modulus: modulus, exponent: [1, 0, 1])
      try tool.write(message, to: "message")
      try #require(
        try tool.run(["dgst", "-sha256", "-sign", "key.pem", "-out", "signature", "message"])
          .status == 0)
      let signature = try tool.read("signature")
      #expect(publicKey.isValidSignature(signature, for: message))
      #expect(!publicKey.isValidSignature(signature, for: Array("other".utf8)))
    }
  }
}
