import Foundation
import Storage

/// The auth tables' rows and the statements several `AuthStore` methods share; each runs
/// inside the caller's transaction.
enum SQLiteAccountRows {
  static let userColumns = """
    id, email, password_hash, password_salt, scrypt_cost, scrypt_block_size,
    scrypt_parallelization, metadata, confirmed_at, created_at, updated_at, last_sign_in_at
    """

  /// An `auth_users` row selected with `userColumns`.
  static func userRecord(_ row: SQLiteRow) throws -> AuthUserRecord {
    var password: PasswordHash?
    if !row.isNull(2) {
      password = PasswordHash(
        hash: try AuthColumn.bytes(row.string(2), column: "password_hash"),
        salt: try AuthColumn.bytes(row.string(3), column: "password_salt"),
        cost: try AuthColumn.parameter(row.int64(4), name: "cost"),
        blockSize: try AuthColumn.parameter(row.int64(5), name: "block size"),
        parallelization: try AuthColumn.parameter(row.int64(6), name: "parallelization"))
    }
    return AuthUserRecord(
      id: try AuthColumn.uuid(row.string(0), column: "auth_users.id"), email: row.string(1),
      password: password, metadataJSON: row.string(7),
      confirmedAt: row.isNull(8) ? nil : Date(timeIntervalSince1970: row.double(8)),
      createdAt: Date(timeIntervalSince1970: row.double(9)),
      updatedAt: Date(timeIntervalSince1970: row.double(10)),
      lastSignInAt: row.isNull(11) ? nil : Date(timeIntervalSince1970: row.double(11)))
  }

  /// The password columns of a user, all NULL for an account without a password.
  struct PasswordColumns {
    var hash: String?
    var salt: String?
    var cost: Int64?
    var blockSize: Int64?
    var parallelization: Int64?
  }

  /// `password` as its columns.
  /// - Throws: `ServerStoreError.invalidData` when a parameter does not fit (nothing written).
  static func passwordColumns(_ password: PasswordHash?) throws -> PasswordColumns {
    guard let password else { return PasswordColumns() }
    return PasswordColumns(
      hash: AuthColumn.hex(password.hash), salt: AuthColumn.hex(password.salt),
      cost: try AuthColumn.parameter(password.cost, name: "cost"),
      blockSize: try AuthColumn.parameter(password.blockSize, name: "block size"),
      parallelization: try AuthColumn.parameter(password.parallelization, name: "parallelization"))
  }

  static func insert(_ user: AuthUserRecord, on connection: SQLiteConnection) throws {
    let password = try passwordColumns(user.password)
    try connection.run(
      """
      INSERT INTO auth_users (\(userColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """, user.id.uuidString, user.email, password.hash, password.salt, password.cost,
      password.blockSize, password.parallelization, user.metadataJSON,
      user.confirmedAt?.timeIntervalSince1970, user.createdAt.timeIntervalSince1970,
      user.updatedAt.timeIntervalSince1970, user.lastSignInAt?.timeIntervalSince1970)
  }

  static func insert(_ token: RefreshTokenRecord, on connection: SQLiteConnection) throws {
    try connection.run(
      """
      INSERT INTO auth_refresh_tokens (hash, session_id, parent_hash, revoked_at, created_at)
      VALUES (?, ?, ?, ?, ?)
      """, AuthColumn.hex(token.hash), token.sessionID.uuidString,
      token.parentHash.map(AuthColumn.hex), token.revokedAt?.timeIntervalSince1970,
      token.createdAt.timeIntervalSince1970)
  }

  static func session(_ id: String, on connection: SQLiteConnection) throws -> AuthSessionRecord? {
    try connection.first(
      """
      SELECT id, user_id, created_at, assurance_level, not_after FROM auth_sessions WHERE id = ?
      """, id
    ) { row in
      AuthSessionRecord(
        id: try AuthColumn.uuid(row.string(0), column: "auth_sessions.id"),
        userID: try AuthColumn.uuid(row.string(1), column: "auth_sessions.user_id"),
        createdAt: Date(timeIntervalSince1970: row.double(2)), assuranceLevel: row.string(3),
        notAfter: row.isNull(4) ? nil : Date(timeIntervalSince1970: row.double(4)))
    }
  }

  static func signingKey(_ row: SQLiteRow) -> SigningKeyRecord {
    SigningKeyRecord(
      keyID: row.string(0), privateJWK: row.string(1),
      createdAt: Date(timeIntervalSince1970: row.double(2)),
      retiredAt: row.isNull(3) ? nil : Date(timeIntervalSince1970: row.double(3)))
  }

  /// Deletes the sessions of `userID` that `selection` picks, their refresh tokens first.
  @discardableResult
  static func removeSessions(
    of userID: UUID, _ selection: SessionSelection, on connection: SQLiteConnection
  ) throws -> Int {
    var filter = "user_id = ?"
    var values: [any SQLiteBindable] = [userID.uuidString]
    switch selection {
    case .all: break
    case .only(let id):
      filter += " AND id = ?"
      values.append(id.uuidString)
    case .allExcept(let id):
      filter += " AND id <> ?"
      values.append(id.uuidString)
    }
    try connection.run(
      "DELETE FROM auth_refresh_tokens WHERE session_id IN (SELECT id FROM auth_sessions WHERE \(filter))",
      bindings: values)
    return try connection.run("DELETE FROM auth_sessions WHERE \(filter)", bindings: values)
  }

  static func endSession(_ id: String, on connection: SQLiteConnection) throws {
    try connection.run("DELETE FROM auth_refresh_tokens WHERE session_id = ?", id)
    try connection.run("DELETE FROM auth_sessions WHERE id = ?", id)
  }

  /// The compare-and-set `AuthStore.rotateRefreshToken` describes, inside the caller's
  /// `BEGIN IMMEDIATE` transaction (so nobody else reads the token between check and set).
  static func rotate(
    presentedHash: String, childHash: String, now: Date, reuseInterval: TimeInterval,
    on connection: SQLiteConnection
  ) throws -> RefreshRotation {
    guard
      let presented = try connection.first(
        "SELECT session_id, revoked_at FROM auth_refresh_tokens WHERE hash = ?", presentedHash,
        map: { row in (session: row.string(0), revokedAt: row.isNull(1) ? nil : row.double(1)) }),
      let session = try session(presented.session, on: connection)
    else { return .notFound }
    if let notAfter = session.notAfter, now >= notAfter {
      try endSession(presented.session, on: connection)
      return .sessionExpired
    }
    guard let rotatedAt = presented.revokedAt else {
      try connection.run(
        "UPDATE auth_refresh_tokens SET revoked_at = ? WHERE hash = ?",
        now.timeIntervalSince1970, presentedHash)
      try connection.run(
        """
        INSERT INTO auth_refresh_tokens (hash, session_id, parent_hash, revoked_at, created_at)
        VALUES (?, ?, ?, NULL, ?)
        """, childHash, presented.session, presentedHash, now.timeIntervalSince1970)
      return .rotated(session)
    }
    let current = try connection.first(
      """
      SELECT hash, parent_hash, created_at FROM auth_refresh_tokens
      WHERE session_id = ? AND revoked_at IS NULL
      """, presented.session
    ) { row in
      RefreshTokenRecord(
        hash: try AuthColumn.bytes(row.string(0), column: "auth_refresh_tokens.hash"),
        sessionID: session.id,
        parentHash: row.isNull(1)
          ? nil : try AuthColumn.bytes(row.string(1), column: "auth_refresh_tokens.parent_hash"),
        createdAt: Date(timeIntervalSince1970: row.double(2)))
    }
    if let current, current.parentHash.map(AuthColumn.hex) == presentedHash,
      now.timeIntervalSince1970 - rotatedAt <= reuseInterval
    {
      return .reused(session, current: current)
    }
    try endSession(presented.session, on: connection)
    return .alreadyUsed
  }
}
