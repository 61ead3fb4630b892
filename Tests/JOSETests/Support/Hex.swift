/// Hexadecimal text for expected values written out in tests.
enum Hex {
  static func bytes(_ text: String) -> [UInt8] {
    let digits = Array(text.filter { !$0.isWhitespace && $0 != ":" }.utf8)
    return stride(from: 0, to: digits.count - 1, by: 2).compactMap { index in
      UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16)
    }
  }

  static func text(_ bytes: [UInt8]) -> String {
    bytes.map { byte in
      let digits = String(byte, radix: 16)
      return byte < 16 ? "0" + digits : digits
    }.joined()
  }
}
