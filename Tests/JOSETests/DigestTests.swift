import JOSE
import Testing

@Suite struct DigestTests {
  @Test func sha256MatchesFIPS180Vector() throws {
    #expect(
      Hex.text(try Digest.sha256(Array("abc".utf8)))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }

  @Test func hmacSHA256MatchesRFC4231TestCase2() throws {
    let mac = try Digest.hmacSHA256(
      key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8))
    #expect(Hex.text(mac) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
  }

  @Test func hmacRefusesAnEmptyKey() {
    #expect(throws: JOSEError.self) { try Digest.hmacSHA256(key: [UInt8](), message: [1, 2]) }
  }

  @Test func constantTimeEqualityComparesEveryByteAndTheLength() {
    let bytes: [UInt8] = Array(0..<32)
    var lastDiffers = bytes
    lastDiffers[31] ^= 1
    var firstDiffers = bytes
    firstDiffers[0] ^= 0x80
    #expect(ConstantTime.equals(bytes, bytes))
    #expect(!ConstantTime.equals(bytes, lastDiffers))
    #expect(!ConstantTime.equals(bytes, firstDiffers))
    #expect(!ConstantTime.equals(bytes, bytes.prefix(31)))
    #expect(ConstantTime.equals([UInt8](), [UInt8]()))
  }
}
