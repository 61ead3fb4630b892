import Foundation

/// Just enough DER for the tests to hand keys and signatures to the `openssl` tool and to
/// read its ECDSA signatures. Independent of the module's own conversions on purpose.
enum DER {
  static func length(_ count: Int) -> [UInt8] {
    if count < 0x80 { return [UInt8(count)] }
    var bytes: [UInt8] = []
    var remaining = count
    while remaining > 0 {
      bytes.insert(UInt8(remaining & 0xFF), at: 0)
      remaining >>= 8
    }
    return [0x80 | UInt8(bytes.count)] + bytes
  }

  static func integer(_ bigEndian: [UInt8]) -> [UInt8] {
    var body = Array(bigEndian.drop(while: { $0 == 0 }))
    if body.isEmpty { body = [0] }
    if let first = body.first, first & 0x80 != 0 { body.insert(0, at: 0) }
    return [0x02] + length(body.count) + body
  }

  static func sequence(_ parts: [[UInt8]]) -> [UInt8] {
    let body = parts.flatMap { $0 }
    return [0x30] + length(body.count) + body
  }

  /// An ECDSA signature (SEQUENCE of r and s) from the raw 64-byte form.
  static func ecdsaSignature(raw: [UInt8]) -> [UInt8] {
    sequence([integer(Array(raw[0..<32])), integer(Array(raw[32..<64]))])
  }

  /// The raw 64-byte form of a DER ECDSA signature with short lengths (P-256's always are).
  static func rawECDSASignature(_ der: [UInt8]) -> [UInt8]? {
    guard der.count > 8, der[0] == 0x30, Int(der[1]) == der.count - 2 else { return nil }
    var index = 2
    var output: [UInt8] = []
    for _ in 0..<2 {
      guard der[index] == 0x02 else { return nil }
      let count = Int(der[index + 1])
      let value = Array(der[(index + 2)..<(index + 2 + count)].drop(while: { $0 == 0 }))
      guard value.count <= 32 else { return nil }
      output += [UInt8](repeating: 0, count: 32 - value.count) + value
      index += 2 + count
    }
    return output
  }

  /// A P-256 SubjectPublicKeyInfo: the fixed prefix for id-ecPublicKey with prime256v1, then
  /// the uncompressed point.
  static func p256PublicKeyInfo(x: [UInt8], y: [UInt8]) -> [UInt8] {
    Hex.bytes("3059301306072a8648ce3d020106082a8648ce3d030107034200") + [0x04] + x + y
  }

  /// An RSA SubjectPublicKeyInfo for (n, e).
  static func rsaPublicKeyInfo(n: [UInt8], e: [UInt8]) -> [UInt8] {
    let algorithm = Hex.bytes("300d06092a864886f70d0101010500")
    let key = sequence([integer(n), integer(e)])
    let bitString = [0x03] + length(key.count + 1) + [0x00] + key
    return sequence([algorithm, bitString])
  }

  static func pem(publicKeyInfo: [UInt8]) -> String {
    "-----BEGIN PUBLIC KEY-----\n"
      + Data(publicKeyInfo).base64EncodedString(options: [
        .lineLength64Characters, .endLineWithLineFeed,
      ])
      + "\n-----END PUBLIC KEY-----\n"
  }
}
