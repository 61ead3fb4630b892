import COpenSSL

/// scrypt (RFC 7914) through OpenSSL, for password hashes.
public struct Scrypt: Sendable, Equatable {
  /// The most memory one derivation may use (1 GiB), so stored parameters cannot exhaust
  /// the machine.
  public static let maximumMemoryBytes: UInt64 = 1 << 30

  /// The CPU/memory cost N: a power of two, at least 2.
  public let cost: UInt64
  /// The block size r.
  public let blockSize: UInt64
  /// The parallelization p.
  public let parallelization: UInt64

  /// Parameters (N = `cost`, r = `blockSize`, p = `parallelization`).
  /// - Throws: `JOSEError.invalidParameters` when N is not a power of two of at least 2,
  ///   r or p is 0, r·p reaches 2^30 (RFC 7914's bound), or the derivation would need more
  ///   than `maximumMemoryBytes`.
  public init(cost: UInt64, blockSize: UInt64, parallelization: UInt64) throws {
    guard cost >= 2, cost & (cost - 1) == 0 else {
      throw JOSEError.invalidParameters("scrypt's N must be a power of two, at least 2")
    }
    guard blockSize > 0, parallelization > 0 else {
      throw JOSEError.invalidParameters("scrypt's r and p must be at least 1")
    }
    let (product, overflow) = blockSize.multipliedReportingOverflow(by: parallelization)
    guard !overflow, product < 1 << 30 else {
      throw JOSEError.invalidParameters("scrypt's r times p must be below 2^30")
    }
    self.cost = cost
    self.blockSize = blockSize
    self.parallelization = parallelization
    guard let memory = memoryBytes, memory <= Self.maximumMemoryBytes else {
      throw JOSEError.invalidParameters("scrypt's parameters need more than 1 GiB")
    }
  }

  /// Kiln's default for passwords: N = 2^15, r = 8, p = 1 (32 MiB).
  public static let passwordDefault = Scrypt(validCost: 1 << 15, blockSize: 8, parallelization: 1)

  private init(validCost: UInt64, blockSize: UInt64, parallelization: UInt64) {
    self.cost = validCost
    self.blockSize = blockSize
    self.parallelization = parallelization
  }

  /// The memory one derivation needs: 128·r·(N + p + 2) bytes, as OpenSSL counts it, or
  /// `nil` on overflow.
  public var memoryBytes: UInt64? {
    let (sum, sumOverflow) = cost.addingReportingOverflow(parallelization + 2)
    let (perBlock, blockOverflow) = blockSize.multipliedReportingOverflow(by: 128)
    let (total, totalOverflow) = perBlock.multipliedReportingOverflow(by: sum)
    return sumOverflow || blockOverflow || totalOverflow ? nil : total
  }

  /// `length` bytes derived from `password` and `salt`.
  /// - Throws: `JOSEError.invalidParameters` for a length outside 1...1024,
  ///   `JOSEError.openSSL` if libcrypto refuses.
  public func deriveKey(
    password: some Collection<UInt8>, salt: some Collection<UInt8>, length: Int
  ) throws -> [UInt8] {
    guard (1...1024).contains(length) else {
      throw JOSEError.invalidParameters("a derived key must be 1 to 1024 bytes")
    }
    let passwordBytes = Array(password)
    let saltBytes = Array(salt)
    // OpenSSL refuses a derivation above `maxmem`: allow exactly what these parameters need,
    // plus a page for its bookkeeping.
    let allowance = (memoryBytes ?? Self.maximumMemoryBytes) + 4096
    var output = [UInt8](repeating: 0, count: length)
    let status = passwordBytes.withUnsafeBufferPointer { passwordBuffer in
      saltBytes.withUnsafeBufferPointer { saltBuffer in
        output.withUnsafeMutableBufferPointer { outputBuffer in
          passwordBuffer.withMemoryRebound(to: CChar.self) { passwordText in
            EVP_PBE_scrypt(
              passwordText.baseAddress, passwordText.count, saltBuffer.baseAddress,
              saltBuffer.count, cost, blockSize, parallelization, allowance,
              outputBuffer.baseAddress, outputBuffer.count)
          }
        }
      }
    }
    guard status == 1 else { throw JOSEError.openSSL("EVP_PBE_scrypt") }
    return output
  }
}
