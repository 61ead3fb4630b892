import Core
import Foundation
import Testing

@Suite struct SHA256Tests {
  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
  ])
  func knownVectors(input: String, digest: String) {
    #expect(SHA256.hexDigest(of: input) == digest)
  }

  @Test func millionAs() {
    let input = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
    let hex = SHA256.hash(input).map { String(format: "%02x", $0) }.joined()
    #expect(hex == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  /// Lengths around the padding boundaries (55 bytes still fit the length field in one block,
  /// 56 need a second block; 64 fill a block exactly). Digests of that many 0x01 bytes, from
  /// OpenSSL (`head -c N /dev/zero | tr '\0' '\1' | openssl dgst -sha256`).
  @Test(arguments: [
    (55, "5e3283e916d3c42f5b9658a063ca78fa46aac2e127367680558cfa71910bf61d"),
    (56, "51e14a913680f24c85fe3b0e2e5b57f7202f117bb214f8ffdd4ea0f4e921fd52"),
    (63, "436e67acc91d21a771e22ee2a88b8f6cf4103f983841fe5476221114dc8a7c58"),
    (64, "7c8975e1e60a5c8337f28edf8c33c3b180360b7279644a9bc1af3c51e6220bf5"),
    (65, "dc7156746a46cbe6edfaceb4ccfb9b27fc7250d2608a991848cfec6f62f39932"),
  ])
  func paddingBoundaries(length: Int, digest: String) {
    let hash = SHA256.hash([UInt8](repeating: 1, count: length))
    #expect(hash.map { String(format: "%02x", $0) }.joined() == digest)
  }
}
