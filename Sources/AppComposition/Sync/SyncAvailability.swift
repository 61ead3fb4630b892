import Foundation

/// Whether sync runs, and why not when it does not (`/sync`, `kiln sync`).
public enum SyncAvailability: Equatable, Sendable {
  /// `CHAT_SYNC_ENABLED` is not `true`.
  case disabled
  /// Sync is asked for but `SUPABASE_URL` or `SUPABASE_ANON_KEY` is missing.
  case notConfigured
  /// Sync is asked for, but accounts are this development build's mocks (`AUTH_BYPASS` is not
  /// `0`), whose sign-ins the server never sees.
  case mockAccounts
  /// The app runs without its database (everything in memory), so there is no journal.
  case noJournal
  /// Nobody is signed in (or the account id is not a UUID).
  case signedOut
  /// Syncing `account`.
  case on(account: UUID)

  /// The account being synced, when there is one.
  public var account: UUID? {
    if case .on(let account) = self { return account }
    return nil
  }
}
