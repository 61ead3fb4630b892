import COpenSSL
import Synchronization

/// Owns one `EVP_PKEY` and frees it. Not `Sendable` on its own: `SharedKey` keeps it behind
/// a lock.
final class OpenSSLKey {
  let pointer: OpaquePointer

  init(_ pointer: OpaquePointer) { self.pointer = pointer }

  deinit { EVP_PKEY_free(pointer) }
}

/// An `EVP_PKEY` that values of several tasks can share.
///
/// `@unchecked Sendable` because `lock` guards every use of `key`: no two threads touch the
/// `EVP_PKEY` at once, whatever OpenSSL would allow. A `Mutex<OpenSSLKey>` would say the
/// same, but its region rules refuse handing the key's pointer to the caller's closure.
final class SharedKey: @unchecked Sendable {
  private let lock = Mutex(())
  private let key: OpenSSLKey

  init(_ key: OpenSSLKey) { self.key = key }

  func withKey<Result: Sendable, Failure: Error>(
    _ body: (OpaquePointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try lock.withLock { _ throws(Failure) -> Result in try body(key.pointer) }
  }
}

/// Building keys from parameters, and the digest-sign and digest-verify calls, for EC and RSA.
enum OpenSSLKeys {
  /// A key of `algorithm` ("EC" or "RSA") built from parameters that `build` pushes.
  static func key(
    algorithm: StaticString, selection: Int32,
    build: (KeyParameters) throws -> Void
  ) throws -> OpenSSLKey {
    let builder = try KeyParameters()
    // The parameter array points into the builder's copies: keep them until the key is made.
    defer { withExtendedLifetime(builder) {} }
    try build(builder)
    let parameters = try builder.parameters()
    defer { OSSL_PARAM_free(parameters) }
    guard let context = EVP_PKEY_CTX_new_from_name(nil, cString(algorithm), nil) else {
      throw JOSEError.openSSL("EVP_PKEY_CTX_new_from_name")
    }
    defer { EVP_PKEY_CTX_free(context) }
    var created: OpaquePointer?
    guard EVP_PKEY_fromdata_init(context) == 1,
      EVP_PKEY_fromdata(context, &created, selection, parameters) == 1,
      let created
    else {
      throw JOSEError.invalidKey("OpenSSL refused the key's parameters (\(lastErrorReason()))")
    }
    let key = OpenSSLKey(created)
    try check(key, isPrivate: selection == kiln_evp_pkey_keypair)
    return key
  }

  /// The reason of OpenSSL's most recent error on this thread, and an empty queue after.
  static func lastErrorReason() -> String {
    let code = ERR_peek_last_error()
    ERR_clear_error()
    guard code != 0, let reason = ERR_reason_error_string(code) else { return "no reason given" }
    return String(cString: reason)
  }

  /// Refuses a public point off its curve, or a private key that does not match its public
  /// half.
  static func check(_ key: OpenSSLKey, isPrivate: Bool) throws {
    guard let context = EVP_PKEY_CTX_new_from_pkey(nil, key.pointer, nil) else {
      throw JOSEError.openSSL("EVP_PKEY_CTX_new_from_pkey")
    }
    defer { EVP_PKEY_CTX_free(context) }
    let status = isPrivate ? EVP_PKEY_pairwise_check(context) : EVP_PKEY_public_check(context)
    guard status == 1 else { throw JOSEError.invalidKey("the key fails OpenSSL's key check") }
  }

  /// A new key from a generation context that `configure` prepares.
  static func generate(
    algorithm: StaticString, configure: (OpaquePointer) -> Int32
  ) throws
    -> OpenSSLKey
  {
    guard let context = EVP_PKEY_CTX_new_from_name(nil, cString(algorithm), nil) else {
      throw JOSEError.openSSL("EVP_PKEY_CTX_new_from_name")
    }
    defer { EVP_PKEY_CTX_free(context) }
    var created: OpaquePointer?
    guard EVP_PKEY_keygen_init(context) == 1, configure(context) > 0,
      EVP_PKEY_generate(context, &created) == 1, let created
    else { throw JOSEError.openSSL("EVP_PKEY_generate") }
    return OpenSSLKey(created)
  }

  /// The big-endian bytes of a key's number parameter, left-padded to `length` when given.
  static func number(
    _ name: StaticString, of key: OpaquePointer, length: Int? = nil
  ) throws -> [UInt8] {
    var number: OpaquePointer?
    guard EVP_PKEY_get_bn_param(key, cString(name), &number) == 1, let number else {
      throw JOSEError.openSSL("EVP_PKEY_get_bn_param")
    }
    defer { BN_clear_free(number) }
    let size = length ?? Int((BN_num_bits(number) + 7) / 8)
    var output = [UInt8](repeating: 0, count: size)
    let written = output.withUnsafeMutableBufferPointer { buffer in
      BN_bn2binpad(number, buffer.baseAddress, Int32(size))
    }
    guard written == Int32(size) else { throw JOSEError.openSSL("BN_bn2binpad") }
    return output
  }
}

/// Parameters for `EVP_PKEY_fromdata`. OpenSSL's builder keeps pointers to the pushed data
/// until it makes the parameter array, so this keeps every pushed value alive until then
/// and clears the copies when it is released.
final class KeyParameters {
  private let builder: OpaquePointer
  private var numbers: [OpaquePointer] = []
  private var buffers: [UnsafeMutableRawBufferPointer] = []

  init() throws {
    guard let builder = OSSL_PARAM_BLD_new() else { throw JOSEError.openSSL("OSSL_PARAM_BLD_new") }
    self.builder = builder
  }

  deinit {
    OSSL_PARAM_BLD_free(builder)
    for number in numbers { BN_clear_free(number) }
    for buffer in buffers {
      if let base = buffer.baseAddress { OPENSSL_cleanse(base, buffer.count) }
      buffer.deallocate()
    }
  }

  /// Pushes big-endian `bytes` as the number parameter `name`.
  func pushNumber(_ name: StaticString, bytes: [UInt8]) throws {
    let number = bytes.withUnsafeBufferPointer { buffer in
      BN_bin2bn(buffer.baseAddress, Int32(buffer.count), nil)
    }
    guard let number else { throw JOSEError.openSSL("BN_bin2bn") }
    numbers.append(number)
    guard OSSL_PARAM_BLD_push_BN(builder, cString(name), number) == 1 else {
      throw JOSEError.openSSL("OSSL_PARAM_BLD_push_BN")
    }
  }

  /// Pushes `bytes` as the octet-string parameter `name`.
  func pushOctets(_ name: StaticString, bytes: [UInt8]) throws {
    let buffer = keep(bytes)
    guard
      OSSL_PARAM_BLD_push_octet_string(
        builder, cString(name), buffer.baseAddress, buffer.count) == 1
    else { throw JOSEError.openSSL("OSSL_PARAM_BLD_push_octet_string") }
  }

  /// Pushes `text` as the UTF-8 string parameter `name`.
  func pushText(_ name: StaticString, _ text: String) throws {
    let buffer = keep(Array(text.utf8) + [0])
    let pointer = buffer.baseAddress?.assumingMemoryBound(to: CChar.self)
    guard OSSL_PARAM_BLD_push_utf8_string(builder, cString(name), pointer, 0) == 1 else {
      throw JOSEError.openSSL("OSSL_PARAM_BLD_push_utf8_string")
    }
  }

  /// The parameter array; the caller frees it with `OSSL_PARAM_free`.
  func parameters() throws -> UnsafeMutablePointer<OSSL_PARAM> {
    guard let parameters = OSSL_PARAM_BLD_to_param(builder) else {
      throw JOSEError.openSSL("OSSL_PARAM_BLD_to_param")
    }
    return parameters
  }

  private func keep(_ bytes: [UInt8]) -> UnsafeMutableRawBufferPointer {
    let buffer = UnsafeMutableRawBufferPointer.allocate(
      byteCount: max(bytes.count, 1), alignment: 1)
    buffer.copyBytes(from: bytes)
    buffers.append(buffer)
    return UnsafeMutableRawBufferPointer(rebasing: buffer[0..<bytes.count])
  }
}

/// A C string that lives as long as the program. OpenSSL keeps parameter names and algorithm
/// names by pointer (it expects string literals), so a Swift `String`'s temporary C string
/// would dangle.
func cString(_ text: StaticString) -> UnsafePointer<CChar> {
  UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}
