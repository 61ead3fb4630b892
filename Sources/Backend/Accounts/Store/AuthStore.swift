import Foundation

/// Everything the auth service keeps: accounts, their provider identities, sessions,
/// refresh tokens (hashes only), signing keys, the project's JWT secret and one-time tokens
/// (decision 15: nothing of it lives in one instance's memory).
///
/// Each method is one transaction, so a database implementation answers exactly as the
/// in-memory one does when several instances call it at once (decision 24): refresh-token
/// rotation is a compare-and-set, first-start key and secret creation keep whichever
/// instance wrote first, and a one-time token is consumed at most once.
///
/// Every method fails with `AuthStoreError` rather than guessing; the service answers 503.
public protocol AuthStore: Sendable {
  /// Adds `user`; returns `false` (and changes nothing) when its email is already taken.
  func createUser(_ user: AuthUserRecord) async throws(AuthStoreError) -> Bool
  /// The account with `id`, if any.
  func user(id: UUID) async throws(AuthStoreError) -> AuthUserRecord?
  /// The account with the normalised address `email`, if any.
  func user(email: String) async throws(AuthStoreError) -> AuthUserRecord?
  /// Replaces the account `user.id` and, in the same transaction, ends the sessions
  /// `endingSessions` selects (a password change ends the other sessions).
  func updateUser(
    _ user: AuthUserRecord, endingSessions: SessionSelection?
  ) async throws(AuthStoreError) -> UserUpdate
  /// One page of accounts, oldest first (ties by id), and how many there are in all (the
  /// admin list). Stores that predate it answer `unavailable` (see `AuthStore+Listing`).
  func users(offset: Int, limit: Int) async throws(AuthStoreError) -> AuthUserListing
  /// Adds `user` with its first `identity` in one transaction; returns `false` (and changes
  /// nothing) when the email or the identity's provider account is already taken.
  func createUser(
    _ user: AuthUserRecord, identity: AuthIdentityRecord
  ) async throws(AuthStoreError) -> Bool
  /// The identity of `provider` whose provider id is `subject`, if any.
  func identity(
    provider: String, subject: String
  ) async throws(AuthStoreError) -> AuthIdentityRecord?
  /// Every identity of the account `userID`, oldest first.
  func identities(ofUser userID: UUID) async throws(AuthStoreError) -> [AuthIdentityRecord]
  /// Links `identity` to its account (an `id_token` sign-in to an existing address).
  func addIdentity(_ identity: AuthIdentityRecord) async throws(AuthStoreError) -> IdentityAddition
  /// Deletes the account with its sessions, refresh tokens, one-time tokens and identities;
  /// returns whether there was one.
  func deleteUser(id: UUID) async throws(AuthStoreError) -> Bool

  /// Starts `session` with its first refresh token and, when `signedInAt` is given, records
  /// it as the user's last sign-in; returns `false` when the user does not exist.
  func startSession(
    _ session: AuthSessionRecord, firstToken: RefreshTokenRecord, signedInAt: Date?
  ) async throws(AuthStoreError) -> Bool
  /// The session with `id`, if it still exists.
  func session(id: UUID) async throws(AuthStoreError) -> AuthSessionRecord?
  /// Ends (deletes) the sessions of `userID` that `selection` picks, with their refresh
  /// tokens; returns how many ended.
  func endSessions(
    of userID: UUID, _ selection: SessionSelection
  ) async throws(AuthStoreError) -> Int
  /// Uses the refresh token whose hash is `presentedHash`, in one compare-and-set:
  /// - it is the session's current token: it is marked rotated at `now` and `childHash`
  ///   becomes the current token (`.rotated`);
  /// - it was rotated at most `reuseInterval` seconds ago and is the parent of the current
  ///   token: nothing changes (`.reused`, so the caller answers with the current token);
  /// - it was rotated earlier, or is an older ancestor: the whole session ends
  ///   (`.alreadyUsed`);
  /// - the session is past `notAfter`: it ends (`.sessionExpired`).
  func rotateRefreshToken(
    presentedHash: [UInt8], childHash: [UInt8], now: Date, reuseInterval: TimeInterval
  ) async throws(AuthStoreError) -> RefreshRotation

  /// Every signing key, current and retired, oldest first.
  func signingKeys() async throws(AuthStoreError) -> [SigningKeyRecord]
  /// Adds `candidate` unless an unretired key exists; returns the unretired key that is in
  /// the store afterwards (so concurrent first starts agree on one key).
  func addSigningKeyIfNone(
    _ candidate: SigningKeyRecord
  ) async throws(AuthStoreError) -> SigningKeyRecord
  /// Retires the current signing key (if any) at `candidate.createdAt` and makes `candidate`
  /// the current key, in one transaction (`kiln-server keys rotate`).
  func rotateSigningKey(to candidate: SigningKeyRecord) async throws(AuthStoreError)
  /// The project's JWT secret, storing `candidate` first when there is none yet.
  func projectSecret(
    creatingIfAbsent candidate: ProjectSecretRecord
  ) async throws(AuthStoreError) -> ProjectSecretRecord

  /// Keeps a one-time token (recovery, confirmation).
  func saveOneTimeToken(_ token: OneTimeTokenRecord) async throws(AuthStoreError)
  /// Marks the unused, unexpired token with `hash` and `purpose` used at `now` and returns
  /// it; `nil` when there is none (unknown, used, expired or for another purpose).
  func consumeOneTimeToken(
    hash: [UInt8], purpose: OneTimeTokenRecord.Purpose, now: Date
  ) async throws(AuthStoreError) -> OneTimeTokenRecord?
}

/// Which of a user's sessions an operation ends.
public enum SessionSelection: Sendable, Hashable {
  /// Every session (`logout?scope=global`, account deletion).
  case all
  /// Only this one (`scope=local`).
  case only(UUID)
  /// Every session but this one (`scope=others`, a password change).
  case allExcept(UUID)

  /// Whether this selection picks the session `id`.
  public func contains(_ id: UUID) -> Bool {
    switch self {
    case .all: true
    case .only(let kept): kept == id
    case .allExcept(let kept): kept != id
    }
  }
}

/// What `updateUser` did.
public enum UserUpdate: Sendable, Hashable {
  /// The account was replaced.
  case updated
  /// There is no such account.
  case notFound
  /// The new email belongs to another account; nothing changed.
  case emailTaken
}

/// What `rotateRefreshToken` did.
public enum RefreshRotation: Sendable, Hashable {
  /// No such token, or its session has ended.
  case notFound
  /// The token was current: the child is now current.
  case rotated(AuthSessionRecord)
  /// The token is the current token's parent, used again within the reuse interval.
  case reused(AuthSessionRecord, current: RefreshTokenRecord)
  /// The token was used before, outside the reuse interval: the session has ended.
  case alreadyUsed
  /// The session is past its `notAfter`: it has ended.
  case sessionExpired
}

/// Why the auth store could not answer.
public enum AuthStoreError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The database is unreachable or refused the operation.
  case unavailable(String)
  /// What the store holds cannot be read as the schema says.
  case invalidData(String)

  /// A sentence for operators (never holds a secret).
  public var description: String {
    switch self {
    case .unavailable(let reason): "the auth store is unavailable: \(reason)"
    case .invalidData(let reason): "the auth store holds unreadable data: \(reason)"
    }
  }
}
