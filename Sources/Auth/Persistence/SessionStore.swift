/// Keeps the session between launches, as one record.
///
/// `SecureStoreSessionStore` keeps it in a `SecureStore` (a 0600 file on Linux, the Keychain on
/// Apple platforms). Implementations are synchronous because the stores are.
public protocol SessionStore: Sendable {
  /// The stored session, or `nil` when there is none.
  /// - Throws: `SessionStoreError.corrupted` when a record exists but cannot be read as a
  ///   session (the caller clears it); any other error when the store itself failed (the
  ///   caller keeps the record and may try again).
  func load() throws -> AuthSession?

  /// Replaces the stored session with `session`, durably.
  /// - Throws: the store's error.
  func save(_ session: AuthSession) throws

  /// Removes the stored session; nothing stored is fine.
  /// - Throws: the store's error.
  func clear() throws

  /// Waits for, then takes, the record's lock, which every process using the same store
  /// honours, and holds it until the lease is released. The session manager holds it from
  /// re-reading the record until the renewed session is saved, so two processes never renew
  /// the same refresh token.
  /// - Throws: the store's error when the lock cannot be taken.
  func lock() async throws -> SessionStoreLease
}

extension SessionStore {
  /// A store only this process uses needs no lock across processes.
  public func lock() async throws -> SessionStoreLease { .unlocked }
}

/// A held lock on the stored session; `release()` gives it up.
public struct SessionStoreLease: Sendable {
  private let releaseLock: @Sendable () -> Void

  /// A lease that runs `release` when given up.
  public init(release: @escaping @Sendable () -> Void) {
    releaseLock = release
  }

  /// Gives the lock up.
  public func release() { releaseLock() }

  /// No lock to give up.
  public static let unlocked = SessionStoreLease(release: {})
}

/// Why a stored session could not be used.
public enum SessionStoreError: Error, Equatable, Sendable {
  /// The record is not a session Kiln wrote: damaged, or from an unknown format version.
  case corrupted(String)
}
