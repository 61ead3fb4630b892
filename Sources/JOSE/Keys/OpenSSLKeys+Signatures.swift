import COpenSSL

extension OpenSSLKeys {
  /// The SHA-256 signature of `message` by `key` in OpenSSL's own form (DER for ECDSA,
  /// PKCS #1 v1.5 for RSA).
  static func signSHA256(_ message: [UInt8], with key: OpaquePointer) throws -> [UInt8] {
    guard let context = EVP_MD_CTX_new() else { throw JOSEError.openSSL("EVP_MD_CTX_new") }
    defer { EVP_MD_CTX_free(context) }
    guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1 else {
      throw JOSEError.openSSL("EVP_DigestSignInit")
    }
    return try message.withUnsafeBufferPointer { input in
      var length = 0
      guard EVP_DigestSign(context, nil, &length, input.baseAddress, input.count) == 1 else {
        throw JOSEError.openSSL("EVP_DigestSign")
      }
      var signature = [UInt8](repeating: 0, count: length)
      let status = signature.withUnsafeMutableBufferPointer { output in
        EVP_DigestSign(context, output.baseAddress, &length, input.baseAddress, input.count)
      }
      guard status == 1 else { throw JOSEError.openSSL("EVP_DigestSign") }
      return Array(signature.prefix(length))
    }
  }

  /// Whether `signature` (OpenSSL's own form) is `key`'s SHA-256 signature of `message`.
  static func verifySHA256(
    _ signature: [UInt8], of message: [UInt8], with key: OpaquePointer
  )
    -> Bool
  {
    guard let context = EVP_MD_CTX_new() else { return false }
    defer { EVP_MD_CTX_free(context) }
    guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, key) == 1 else { return false }
    let status = signature.withUnsafeBufferPointer { signatureBuffer in
      message.withUnsafeBufferPointer { input in
        EVP_DigestVerify(
          context, signatureBuffer.baseAddress, signatureBuffer.count, input.baseAddress,
          input.count)
      }
    }
    // Leave nothing on OpenSSL's per-thread error queue for an unrelated caller to find.
    ERR_clear_error()
    return status == 1
  }
}
