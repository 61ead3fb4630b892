import Core
import Foundation
import JOSE

/// scrypt password hashes with a per-user salt, at most a fixed number at once.
///
/// Each derivation runs on a thread of its own, not on Swift's cooperative pool nor on
/// Dispatch's global queues (which share its threads on Linux): an scrypt with N = 2^15
/// takes tens of milliseconds of CPU, which would otherwise stall every other request on a
/// two-core machine. The slots bound how many such threads exist at once.
struct PasswordHasher: Sendable {
  static let saltLength = 16
  static let keyLength = 32

  let parameters: Scrypt
  let slots: HashingSlots
  let randomBytes: @Sendable (Int) throws -> [UInt8]

  /// A new hash of `password` with a fresh salt.
  func hash(_ password: String) async throws(AuthFailure) -> PasswordHash {
    let salt: [UInt8]
    do {
      salt = try randomBytes(Self.saltLength)
    } catch {
      throw .unexpected
    }
    let key = try await derive(password, salt: salt, parameters: parameters)
    return PasswordHash(
      hash: key, salt: salt, cost: parameters.cost, blockSize: parameters.blockSize,
      parallelization: parameters.parallelization)
  }

  /// Whether `password` matches `stored`, compared in constant time. With no stored hash
  /// (an unknown address) a hash is still computed, so the answer takes as long either way.
  func matches(_ password: String, _ stored: PasswordHash?) async throws(AuthFailure) -> Bool {
    guard let stored else {
      _ = try await derive(password, salt: [UInt8](repeating: 0, count: 16), parameters: parameters)
      return false
    }
    let storedParameters: Scrypt
    do {
      storedParameters = try Scrypt(
        cost: stored.cost, blockSize: stored.blockSize, parallelization: stored.parallelization)
    } catch {
      throw .unexpected
    }
    let key = try await derive(password, salt: stored.salt, parameters: storedParameters)
    return ConstantTime.equals(key, stored.hash)
  }

  private func derive(
    _ password: String, salt: [UInt8], parameters: Scrypt
  ) async throws(AuthFailure) -> [UInt8] {
    guard await slots.acquire() else { throw .hashingBusy }
    let result: Result<[UInt8], any Error> = await withCheckedContinuation { continuation in
      let thread = Thread {
        continuation.resume(
          returning: Result {
            try parameters.deriveKey(
              password: Array(password.utf8), salt: salt, length: Self.keyLength)
          })
      }
      thread.name = "kiln-scrypt"
      thread.start()
    }
    await slots.release()
    switch result {
    case .success(let key): return key
    case .failure: throw .unexpected
    }
  }
}
