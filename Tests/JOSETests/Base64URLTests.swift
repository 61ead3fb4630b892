import JOSE
import Testing

@Suite struct Base64URLTests {
  // RFC 4648 §10's vectors, in the URL-safe alphabet without padding.
  @Test(arguments: [
    ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"),
    ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy"),
  ])
  func encodesAndDecodesTheStandardsVectors(plain: String, encoded: String) {
    #expect(Base64URL.encode(Array(plain.utf8)) == encoded)
    #expect(Base64URL.decode(encoded) == Array(plain.utf8))
  }

  @Test func usesTheURLSafeAlphabet() {
    #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
    #expect(Base64URL.decode("-_8") == [0xFB, 0xFF])
  }

  @Test(arguments: [
    "Zg==", "Zm8=", "+_8", "-/8", "Zm9 v", "Zm9v\n", " Zm9v", "Z", "Zm9vY", "Zh", "Zm9", "Zm.v",
  ])
  func refusesPaddingOtherAlphabetsWhitespaceAndNonCanonicalText(text: String) {
    // "Zh" and "Zm9" leave nonzero bits after the last byte; "Z" and "Zm9vY" a lone character.
    #expect(Base64URL.decode(text) == nil)
  }
}
