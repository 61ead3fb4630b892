import Foundation

/// One account as the auth store keeps it. The password is never stored, only its scrypt
/// hash with the salt and parameters it was made with (so they can be raised later).
public struct AuthUserRecord: Sendable, Hashable {
  /// The account's id (the tokens' `sub`).
  public var id: UUID
  /// The address, trimmed and lower-cased (`AuthService.normalizedEmail`).
  public var email: String
  /// The password's hash, or `nil` for an account without a password.
  public var password: PasswordHash?
  /// `user_metadata` as compact JSON object text.
  public var metadataJSON: String
  /// When the address was confirmed; `nil` while it is not.
  public var confirmedAt: Date?
  /// When the account was made.
  public var createdAt: Date
  /// When the account last changed.
  public var updatedAt: Date
  /// When the user last signed in (a password grant), if ever.
  public var lastSignInAt: Date?

  /// An account with every part given.
  public init(
    id: UUID, email: String, password: PasswordHash?, metadataJSON: String = "{}",
    confirmedAt: Date?, createdAt: Date, updatedAt: Date, lastSignInAt: Date? = nil
  ) {
    self.id = id
    self.email = email
    self.password = password
    self.metadataJSON = metadataJSON
    self.confirmedAt = confirmedAt
    self.createdAt = createdAt
    self.updatedAt = updatedAt
    self.lastSignInAt = lastSignInAt
  }
}

/// A scrypt password hash with what is needed to check a password against it.
public struct PasswordHash: Sendable, Hashable {
  /// The derived key.
  public var hash: [UInt8]
  /// The per-user random salt.
  public var salt: [UInt8]
  /// scrypt's N.
  public var cost: UInt64
  /// scrypt's r.
  public var blockSize: UInt64
  /// scrypt's p.
  public var parallelization: UInt64

  /// A hash with every part given.
  public init(
    hash: [UInt8], salt: [UInt8], cost: UInt64, blockSize: UInt64, parallelization: UInt64
  ) {
    self.hash = hash
    self.salt = salt
    self.cost = cost
    self.blockSize = blockSize
    self.parallelization = parallelization
  }
}

/// One signed-in session: what a refresh-token family and the access tokens' `session_id`
/// belong to.
public struct AuthSessionRecord: Sendable, Hashable {
  /// The session's id (`session_id` in access tokens).
  public var id: UUID
  /// The account.
  public var userID: UUID
  /// When it started.
  public var createdAt: Date
  /// The assurance level (`aal1` for a password sign-in).
  public var assuranceLevel: String
  /// After this the session ends whatever its tokens say; `nil` for no limit.
  public var notAfter: Date?

  /// A session with every part given.
  public init(
    id: UUID, userID: UUID, createdAt: Date, assuranceLevel: String = "aal1",
    notAfter: Date? = nil
  ) {
    self.id = id
    self.userID = userID
    self.createdAt = createdAt
    self.assuranceLevel = assuranceLevel
    self.notAfter = notAfter
  }
}

/// One refresh token, known only by the SHA-256 of its text.
public struct RefreshTokenRecord: Sendable, Hashable {
  /// SHA-256 of the token's text.
  public var hash: [UInt8]
  /// The session it belongs to.
  public var sessionID: UUID
  /// The hash of the token it was rotated from; `nil` for a session's first token.
  public var parentHash: [UInt8]?
  /// When it was rotated (used), or `nil` while it is the session's current token.
  public var revokedAt: Date?
  /// When it was issued.
  public var createdAt: Date

  /// A token record with every part given.
  public init(
    hash: [UInt8], sessionID: UUID, parentHash: [UInt8]?, revokedAt: Date? = nil,
    createdAt: Date
  ) {
    self.hash = hash
    self.sessionID = sessionID
    self.parentHash = parentHash
    self.revokedAt = revokedAt
    self.createdAt = createdAt
  }
}

/// An ES256 key that signs access tokens.
public struct SigningKeyRecord: Sendable, Hashable {
  /// The `kid` tokens and the JWKS name it by.
  public var keyID: String
  /// The private key as JWK text (`kty` EC, `crv` P-256, `x`, `y`, `d`). Secret.
  public var privateJWK: String
  /// When it was made.
  public var createdAt: Date
  /// When it stopped signing; it stays published until its tokens have expired.
  public var retiredAt: Date?

  /// A key record with every part given.
  public init(keyID: String, privateJWK: String, createdAt: Date, retiredAt: Date? = nil) {
    self.keyID = keyID
    self.privateJWK = privateJWK
    self.createdAt = createdAt
    self.retiredAt = retiredAt
  }
}

/// The project's JWT secret (decision 23): it signs the API keys, and HS256 access tokens
/// when configured so.
public struct ProjectSecretRecord: Sendable, Hashable {
  /// The secret's text (at least 32 ASCII characters). Secret.
  public var secret: String
  /// When it was made; the API keys' `iat`, so they read the same every time.
  public var createdAt: Date

  /// A record with every part given.
  public init(secret: String, createdAt: Date) {
    self.secret = secret
    self.createdAt = createdAt
  }
}

/// A single-use token mailed to a user (password recovery, address confirmation).
public struct OneTimeTokenRecord: Sendable, Hashable {
  /// What the token is for: an open value.
  public struct Purpose: RawRepresentable, Sendable, Hashable {
    /// The purpose's text.
    public let rawValue: String
    /// A purpose from its text.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Password recovery.
    public static let recovery = Purpose(rawValue: "recovery")
    /// Sign-up address confirmation.
    public static let confirmation = Purpose(rawValue: "confirmation")
  }

  /// SHA-256 of the token's text.
  public var hash: [UInt8]
  /// The account.
  public var userID: UUID
  /// What it is for.
  public var purpose: Purpose
  /// When it was made.
  public var createdAt: Date
  /// After this it is refused.
  public var expiresAt: Date
  /// When it was used, or `nil` while it is unused.
  public var usedAt: Date?

  /// A token record with every part given.
  public init(
    hash: [UInt8], userID: UUID, purpose: Purpose, createdAt: Date, expiresAt: Date,
    usedAt: Date? = nil
  ) {
    self.hash = hash
    self.userID = userID
    self.purpose = purpose
    self.createdAt = createdAt
    self.expiresAt = expiresAt
    self.usedAt = usedAt
  }
}
