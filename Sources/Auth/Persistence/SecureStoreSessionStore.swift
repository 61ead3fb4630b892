import Foundation
import Storage

/// Keeps the session as one record under one key of a `SecureStore`: a 0600 file on Linux
/// (`FileSecureStore`), the Keychain on Apple platforms. Never split across keys, so the
/// tokens, the expiry and the user are always written and read together.
public struct SecureStoreSessionStore: SessionStore {
  /// The key the record lives under (`auth_session`).
  public static let defaultKey = SecureStoreKeys.authSession

  private let secureStore: any SecureStore
  private let key: String

  /// A session store in `secureStore` under `key`.
  public init(secureStore: any SecureStore, key: String = SecureStoreSessionStore.defaultKey) {
    self.secureStore = secureStore
    self.key = key
  }

  /// The stored session, or `nil`.
  /// - Throws: `SessionStoreError.corrupted` for a record that is not a session; the secure
  ///   store's error when it cannot be read.
  public func load() throws -> AuthSession? {
    guard let data = try secureStore.getData(key) else { return nil }
    return try SessionRecord.decode(data)
  }

  /// Replaces the record.
  /// - Throws: the secure store's error.
  public func save(_ session: AuthSession) throws {
    try secureStore.setData(try SessionRecord.encode(session), for: key)
  }

  /// Removes the record.
  /// - Throws: the secure store's error.
  public func clear() throws {
    try secureStore.delete(key)
  }

  /// In a `FileSecureStore`, an exclusive `flock` on `<key>.lock` beside the file, which every
  /// Kiln process using that folder honours. Other secure stores (the Keychain, memory) have
  /// no lock file, so their lease is empty.
  /// - Throws: `StorageError` when the lock file cannot be created or locked.
  public func lock() async throws -> SessionStoreLease {
    guard let files = secureStore as? FileSecureStore else { return .unlocked }
    let held = try await files.lockRecord(key)
    return SessionStoreLease(release: { held.release() })
  }
}
