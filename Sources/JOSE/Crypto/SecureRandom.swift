import COpenSSL
import Core

/// Cryptographically secure random bytes from OpenSSL's generator (`RAND_bytes`).
public enum SecureRandom {
  /// `count` random bytes.
  /// - Throws: `JOSEError.randomUnavailable` when OpenSSL's generator cannot produce them.
  public static func bytes(count: Int) throws -> [UInt8] {
    guard count > 0 else { return [] }
    var output = [UInt8](repeating: 0, count: count)
    let status = output.withUnsafeMutableBufferPointer { buffer in
      RAND_bytes(buffer.baseAddress, Int32(buffer.count))
    }
    guard status == 1 else { throw JOSEError.randomUnavailable }
    return output
  }
}
