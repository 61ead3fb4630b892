import COpenSSL

/// SHA-256 and HMAC-SHA256 from OpenSSL's libcrypto.
public enum Digest {
  /// The 32-byte SHA-256 digest of `bytes`.
  /// - Throws: `JOSEError.openSSL` if libcrypto fails.
  public static func sha256(_ bytes: some Collection<UInt8>) throws -> [UInt8] {
    let input = Array(bytes)
    var output = [UInt8](repeating: 0, count: 32)
    var length: UInt32 = 0
    let status = input.withUnsafeBytes { message in
      output.withUnsafeMutableBufferPointer { digest in
        EVP_Digest(
          message.baseAddress, message.count, digest.baseAddress, &length, EVP_sha256(), nil)
      }
    }
    guard status == 1, length == 32 else { throw JOSEError.openSSL("EVP_Digest") }
    return output
  }

  /// The 32-byte HMAC-SHA256 (RFC 2104) of `message` under `key`; `key` must not be empty.
  /// - Throws: `JOSEError.invalidKey` for an empty key, `JOSEError.openSSL` if libcrypto fails.
  public static func hmacSHA256(
    key: some Collection<UInt8>, message: some Collection<UInt8>
  ) throws -> [UInt8] {
    let keyBytes = Array(key)
    let messageBytes = Array(message)
    guard !keyBytes.isEmpty else { throw JOSEError.invalidKey("an HMAC key must not be empty") }
    var output = [UInt8](repeating: 0, count: 32)
    var length: UInt32 = 0
    let result = keyBytes.withUnsafeBytes { keyBuffer in
      messageBytes.withUnsafeBytes { messageBuffer in
        output.withUnsafeMutableBufferPointer { digest in
          HMAC(
            EVP_sha256(), keyBuffer.baseAddress, Int32(keyBuffer.count),
            messageBuffer.baseAddress?.assumingMemoryBound(to: UInt8.self), messageBuffer.count,
            digest.baseAddress, &length)
        }
      }
    }
    guard result != nil, length == 32 else { throw JOSEError.openSSL("HMAC") }
    return output
  }
}

/// Comparison whose time depends only on the lengths, never on where the bytes differ.
public enum ConstantTime {
  /// Whether `first` and `second` hold the same bytes. Lengths are not secret: different
  /// lengths return `false` at once; equal lengths are compared with `CRYPTO_memcmp`.
  public static func equals(
    _ first: some Collection<UInt8>, _ second: some Collection<UInt8>
  )
    -> Bool
  {
    let left = Array(first)
    let right = Array(second)
    guard left.count == right.count else { return false }
    guard !left.isEmpty else { return true }
    return left.withUnsafeBytes { leftBuffer in
      right.withUnsafeBytes { rightBuffer in
        CRYPTO_memcmp(leftBuffer.baseAddress, rightBuffer.baseAddress, leftBuffer.count) == 0
      }
    }
  }
}
