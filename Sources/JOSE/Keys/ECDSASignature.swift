import COpenSSL

/// JWS's ES256 signature form (RFC 7518 §3.4): exactly 64 bytes, R then S, each 32 bytes
/// big-endian, converted to and from the DER that OpenSSL uses.
enum ECDSASignature {
  /// The order n of P-256's base point, big-endian.
  static let p256Order: [UInt8] = [
    0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xBC, 0xE6, 0xFA, 0xAD, 0xA7, 0x17, 0x9E, 0x84, 0xF3, 0xB9, 0xCA, 0xC2, 0xFC, 0x63, 0x25, 0x51,
  ]

  /// Whether a 32-byte big-endian scalar is in 1...n-1.
  static func isInRange(_ scalar: ArraySlice<UInt8>) -> Bool {
    guard scalar.count == 32, scalar.contains(where: { $0 != 0 }) else { return false }
    return scalar.lexicographicallyPrecedes(p256Order)
  }

  /// The DER form of a raw R‖S signature, or `nil` when it is not 64 bytes with r and s in
  /// range (so DER input, which is longer, is refused here).
  static func der(fromRaw raw: [UInt8]) -> [UInt8]? {
    guard raw.count == 64, isInRange(raw[0..<32]), isInRange(raw[32..<64]) else { return nil }
    guard let signature = ECDSA_SIG_new() else { return nil }
    defer { ECDSA_SIG_free(signature) }
    let r = raw.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress, 32, nil) }
    let s = raw.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress.map { $0 + 32 }, 32, nil) }
    guard let r, let s else {
      BN_free(r)
      BN_free(s)
      return nil
    }
    // ECDSA_SIG_set0 takes ownership of r and s.
    guard ECDSA_SIG_set0(signature, r, s) == 1 else {
      BN_free(r)
      BN_free(s)
      return nil
    }
    let length = i2d_ECDSA_SIG(signature, nil)
    guard length > 0 else { return nil }
    var output = [UInt8](repeating: 0, count: Int(length))
    let written = output.withUnsafeMutableBufferPointer { buffer -> Int32 in
      var cursor = buffer.baseAddress
      return i2d_ECDSA_SIG(signature, &cursor)
    }
    return written == length ? output : nil
  }

  /// The raw R‖S form of OpenSSL's DER signature.
  static func raw(fromDER der: [UInt8]) throws -> [UInt8] {
    let parsed = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
      var cursor = buffer.baseAddress
      return d2i_ECDSA_SIG(nil, &cursor, buffer.count)
    }
    guard let parsed else { throw JOSEError.invalidSignature }
    defer { ECDSA_SIG_free(parsed) }
    guard let r = ECDSA_SIG_get0_r(parsed), let s = ECDSA_SIG_get0_s(parsed) else {
      throw JOSEError.invalidSignature
    }
    var output = [UInt8](repeating: 0, count: 64)
    let status = output.withUnsafeMutableBufferPointer { buffer -> Bool in
      guard let base = buffer.baseAddress else { return false }
      return BN_bn2binpad(r, base, 32) == 32 && BN_bn2binpad(s, base + 32, 32) == 32
    }
    guard status else { throw JOSEError.invalidSignature }
    return output
  }
}
