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
}

/// Why a stored session could not be used.
public enum SessionStoreError: Error, Equatable, Sendable {
  /// The record is not a session Kiln wrote: damaged, or from an unknown format version.
  case corrupted(String)
}
