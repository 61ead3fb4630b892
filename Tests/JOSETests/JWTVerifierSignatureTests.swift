import JOSE
import Testing

/// S1: signatures are judged in full, in each algorithm's exact form.
@Suite struct JWTVerifierSignatureTests {
  private func replacingSignature(of token: String, with signature: [UInt8]) -> String {
    let parts = token.split(separator: ".")
    return "\(parts[0]).\(parts[1])." + Base64URL.encode(signature)
  }

  private func signature(of token: String) throws -> [UInt8] {
    try #require(Base64URL.decode(String(token.split(separator: ".")[2])))
  }

  @Test func s1TheHMACIsComparedOverAllThirtyTwoBytes() throws {
    let verifier = try TokenFixture().verifier()
    let token = try TokenFixture.hs256()
    let mac = try signature(of: token)
    try #require(mac.count == 32)
    var lastBit = mac
    lastBit[31] ^= 1
    var firstBit = mac
    firstBit[0] ^= 0x80
    for forged in [lastBit, firstBit, Array(mac.prefix(31)), Array(mac.prefix(16)), mac + [0], [0]]
    {
      #expect(verifier.rejection(replacingSignature(of: token, with: forged)) == .badSignature)
    }
  }

  @Test func s1AnHS256TokenWithAnotherSecretIsRefused() throws {
    let verifier = try TokenFixture().verifier()
    let token = try TokenFixture.hs256(key: Array((TokenFixture.secret + "x").utf8))
    #expect(verifier.rejection(token) == .badSignature)
  }

  @Test func s1AnES256SignatureInDERIsRefused() throws {
    let fixture = try TokenFixture()
    let token = try fixture.es256()
    let der = DER.ecdsaSignature(raw: try signature(of: token))
    #expect(
      try fixture.verifier().rejection(replacingSignature(of: token, with: der)) == .badSignature)
  }

  @Test func s1AnES256SignatureWithROrSOutOfRangeIsRefused() throws {
    let fixture = try TokenFixture()
    let verifier = try fixture.verifier()
    let token = try fixture.es256()
    let raw = try signature(of: token)
    let r = Array(raw[0..<32])
    let s = Array(raw[32..<64])
    let zero = [UInt8](repeating: 0, count: 32)
    let order = Hex.bytes("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")
    for forged in [zero + s, r + zero, order + s, r + order, zero + zero] {
      #expect(verifier.rejection(replacingSignature(of: token, with: forged)) == .badSignature)
    }
    // r + n is the same point's x modulo n; when it fits in 32 bytes it must still be refused.
    let (sum, carry) = add(r, order)
    if !carry {
      #expect(verifier.rejection(replacingSignature(of: token, with: sum + s)) == .badSignature)
    }
  }

  @Test func s1AnES256SignatureByAnotherKeyIsRefused() throws {
    let fixture = try TokenFixture()
    let token = try fixture.es256(key: try P256PrivateKey.generate())
    #expect(try fixture.verifier().rejection(token) == .badSignature)
  }

  @Test func s1AnRS256SignatureMustBeAsLongAsTheModulus() throws {
    let fixture = try TokenFixture(withRSA: true)
    let verifier = try fixture.verifier()
    let token = try fixture.rs256()
    let raw = try signature(of: token)
    #expect(verifier.rejection(replacingSignature(of: token, with: [0] + raw)) == .badSignature)
    #expect(
      verifier.rejection(replacingSignature(of: token, with: Array(raw.dropLast())))
        == .badSignature)
    var flipped = raw
    flipped[100] ^= 4
    #expect(verifier.rejection(replacingSignature(of: token, with: flipped)) == .badSignature)
  }

  @Test func s1AChangedPayloadUnderTheOriginalSignatureIsRefused() throws {
    let fixture = try TokenFixture()
    let verifier = try fixture.verifier()
    let token = try fixture.es256()
    let parts = token.split(separator: ".")
    let promoted = Base64URL.encode(Array(TokenFixture.payload(["role": #""service_role""#]).utf8))
    #expect(verifier.rejection("\(parts[0]).\(promoted).\(parts[2])") == .badSignature)
  }

  private func add(_ left: [UInt8], _ right: [UInt8]) -> ([UInt8], Bool) {
    var output = [UInt8](repeating: 0, count: 32)
    var carry = 0
    for index in (0..<32).reversed() {
      let total = Int(left[index]) + Int(right[index]) + carry
      output[index] = UInt8(total & 0xFF)
      carry = total >> 8
    }
    return (output, carry != 0)
  }
}
