import Foundation
import Synchronization

/// Small secrets (tokens, the auth session) kept where other users and processes of other
/// users cannot read them. Values never reach logs.
///
/// Implementations: `FileSecureStore` (Linux, a 0600 file), `InMemorySecureStore` (tests,
/// previews), and `KeychainSecureStore` in the Apple-only `StorageKeychain` target.
public protocol SecureStore: Sendable {
  /// The bytes stored under `key`, or `nil`.
  /// - Throws: `StorageError.corrupted` when the store cannot be read back.
  func getData(_ key: String) throws -> Data?

  /// Stores `data` under `key`, replacing any previous value, durably.
  /// - Throws: `StorageError.diskFull`, `.readOnly`, `.corrupted`, or `.failed`.
  func setData(_ data: Data, for key: String) throws

  /// Removes `key`; a missing key does nothing.
  /// - Throws: `StorageError` when the store cannot be written.
  func delete(_ key: String) throws
}

extension SecureStore {
  /// The UTF-8 string stored under `key`, or `nil`.
  /// - Throws: `StorageError.corrupted` when the bytes are not UTF-8.
  public func getString(_ key: String) throws -> String? {
    guard let data = try getData(key) else { return nil }
    guard let string = String(data: data, encoding: .utf8) else {
      throw StorageError.corrupted("secure value '\(key)' is not UTF-8")
    }
    return string
  }

  /// Stores `value` as UTF-8 under `key`.
  /// - Throws: see `setData(_:for:)`.
  public func setString(_ value: String, for key: String) throws {
    try setData(Data(value.utf8), for: key)
  }
}

/// Well-known secure store keys.
public enum SecureStoreKeys {
  /// The whole auth session as one record (Kiln stores it whole, never split across keys).
  public static let authSession = "auth_session"
}

/// A `SecureStore` in memory, for tests and previews.
public final class InMemorySecureStore: SecureStore {
  private let values: Mutex<[String: Data]>

  /// A store holding `values`.
  public init(_ values: [String: Data] = [:]) {
    self.values = Mutex(values)
  }

  /// The bytes stored under `key`, or `nil`.
  /// - Throws: `StorageError.corrupted` when the store cannot be read back.
  public func getData(_ key: String) throws -> Data? {
    values.withLock { $0[key] }
  }

  /// Stores `data` under `key`, replacing any previous value, durably.
  /// - Throws: `StorageError.diskFull`, `.readOnly`, `.corrupted`, or `.failed`.
  public func setData(_ data: Data, for key: String) throws {
    values.withLock { $0[key] = data }
  }

  /// Removes `key`; a missing key does nothing.
  /// - Throws: `StorageError` when the store cannot be written.
  public func delete(_ key: String) throws {
    values.withLock { $0[key] = nil }
  }
}
