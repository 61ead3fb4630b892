import Foundation
import Storage

/// The accounts' methods of `SQLiteAuthStore`. Every method that writes is one `BEGIN IMMEDIATE` transaction: it takes the
/// file's write lock before reading, so another store object or process on the same file
/// cannot judge the same rows in between (refresh-token rotation is a compare-and-set, the
/// first signing key and secret written are the ones kept).
extension SQLiteAuthStore {
  public func createUser(_ user: AuthUserRecord) async throws(AuthStoreError) -> Bool {
    try await auth("create user") { connection in
      try connection.transaction {
        let taken = try connection.first(
          "SELECT 1 FROM auth_users WHERE id = ? OR email = ?", user.id.uuidString, user.email
        ) { _ in true }
        guard taken == nil else { return false }
        try SQLiteAccountRows.insert(user, on: connection)
        return true
      }
    }
  }

  public func user(id: UUID) async throws(AuthStoreError) -> AuthUserRecord? {
    try await auth("read user") { connection in
      try connection.first(
        "SELECT \(SQLiteAccountRows.userColumns) FROM auth_users WHERE id = ?", id.uuidString,
        map: SQLiteAccountRows.userRecord)
    }
  }

  public func user(email: String) async throws(AuthStoreError) -> AuthUserRecord? {
    try await auth("read user") { connection in
      try connection.first(
        "SELECT \(SQLiteAccountRows.userColumns) FROM auth_users WHERE email = ?", email,
        map: SQLiteAccountRows.userRecord)
    }
  }

  public func updateUser(
    _ user: AuthUserRecord, endingSessions: SessionSelection?
  ) async throws(AuthStoreError) -> UserUpdate {
    try await auth("update user") { connection in
      try connection.transaction {
        let id = user.id.uuidString
        guard
          try connection.first("SELECT 1 FROM auth_users WHERE id = ?", id, map: { _ in true })
            != nil
        else { return .notFound }
        let holder = try connection.first(
          "SELECT id FROM auth_users WHERE email = ? AND id <> ?", user.email, id
        ) { $0.string(0) }
        guard holder == nil else { return .emailTaken }
        let password = try SQLiteAccountRows.passwordColumns(user.password)
        try connection.run(
          """
          UPDATE auth_users SET email = ?, password_hash = ?, password_salt = ?,
            scrypt_cost = ?, scrypt_block_size = ?, scrypt_parallelization = ?, metadata = ?,
            confirmed_at = ?, created_at = ?, updated_at = ?, last_sign_in_at = ?
          WHERE id = ?
          """, user.email, password.hash, password.salt, password.cost, password.blockSize,
          password.parallelization, user.metadataJSON, user.confirmedAt?.timeIntervalSince1970,
          user.createdAt.timeIntervalSince1970, user.updatedAt.timeIntervalSince1970,
          user.lastSignInAt?.timeIntervalSince1970, id)
        if let endingSessions {
          try SQLiteAccountRows.removeSessions(of: user.id, endingSessions, on: connection)
        }
        return .updated
      }
    }
  }

  public func deleteUser(id: UUID) async throws(AuthStoreError) -> Bool {
    try await auth("delete user") { connection in
      try connection.transaction {
        try SQLiteAccountRows.removeSessions(of: id, .all, on: connection)
        try connection.run("DELETE FROM auth_one_time_tokens WHERE user_id = ?", id.uuidString)
        try connection.run("DELETE FROM auth_identities WHERE user_id = ?", id.uuidString)
        return try connection.run("DELETE FROM auth_users WHERE id = ?", id.uuidString) > 0
      }
    }
  }

  public func startSession(
    _ session: AuthSessionRecord, firstToken: RefreshTokenRecord, signedInAt: Date?
  ) async throws(AuthStoreError) -> Bool {
    try await auth("start session") { connection in
      try connection.transaction {
        let user = session.userID.uuidString
        guard
          try connection.first("SELECT 1 FROM auth_users WHERE id = ?", user, map: { _ in true })
            != nil
        else { return false }
        try connection.run(
          """
          INSERT INTO auth_sessions (id, user_id, created_at, assurance_level, not_after)
          VALUES (?, ?, ?, ?, ?)
          """, session.id.uuidString, user, session.createdAt.timeIntervalSince1970,
          session.assuranceLevel, session.notAfter?.timeIntervalSince1970)
        try SQLiteAccountRows.insert(firstToken, on: connection)
        if let signedInAt {
          try connection.run(
            "UPDATE auth_users SET last_sign_in_at = ? WHERE id = ?",
            signedInAt.timeIntervalSince1970, user)
        }
        return true
      }
    }
  }

  public func session(id: UUID) async throws(AuthStoreError) -> AuthSessionRecord? {
    try await auth("read session") { connection in
      try SQLiteAccountRows.session(id.uuidString, on: connection)
    }
  }

  public func endSessions(
    of userID: UUID, _ selection: SessionSelection
  ) async throws(AuthStoreError) -> Int {
    try await auth("end sessions") { connection in
      try connection.transaction {
        try SQLiteAccountRows.removeSessions(of: userID, selection, on: connection)
      }
    }
  }

  public func rotateRefreshToken(
    presentedHash: [UInt8], childHash: [UInt8], now: Date, reuseInterval: TimeInterval
  ) async throws(AuthStoreError) -> RefreshRotation {
    try await auth("rotate refresh token") { connection in
      try connection.transaction {
        try SQLiteAccountRows.rotate(
          presentedHash: AuthColumn.hex(presentedHash), childHash: AuthColumn.hex(childHash),
          now: now, reuseInterval: reuseInterval, on: connection)
      }
    }
  }

  public func signingKeys() async throws(AuthStoreError) -> [SigningKeyRecord] {
    try await auth("read signing keys") { connection in
      try connection.query(
        "SELECT key_id, private_jwk, created_at, retired_at FROM auth_signing_keys ORDER BY sequence",
        map: SQLiteAccountRows.signingKey)
    }
  }

  public func rotateSigningKey(to candidate: SigningKeyRecord) async throws(AuthStoreError) {
    try await auth("rotate signing key") { connection in
      try connection.transaction {
        let time = candidate.createdAt.timeIntervalSince1970
        try connection.run(
          "UPDATE auth_signing_keys SET retired_at = ? WHERE retired_at IS NULL", time)
        try connection.run(
          """
          INSERT INTO auth_signing_keys (key_id, private_jwk, created_at, retired_at)
          VALUES (?, ?, ?, NULL)
          """, candidate.keyID, candidate.privateJWK, time)
      }
    }
  }

  public func addSigningKeyIfNone(
    _ candidate: SigningKeyRecord
  ) async throws(AuthStoreError) -> SigningKeyRecord {
    try await auth("add signing key") { connection in
      try connection.transaction {
        if candidate.retiredAt == nil {
          try connection.run(
            """
            INSERT INTO auth_signing_keys (key_id, private_jwk, created_at, retired_at)
            VALUES (?, ?, ?, NULL) ON CONFLICT DO NOTHING
            """, candidate.keyID, candidate.privateJWK, candidate.createdAt.timeIntervalSince1970)
        }
        guard
          let current = try connection.first(
            """
            SELECT key_id, private_jwk, created_at, retired_at FROM auth_signing_keys
            WHERE retired_at IS NULL ORDER BY sequence DESC
            """, map: SQLiteAccountRows.signingKey)
        else { throw ServerStoreError.invalidData("no unretired signing key after adding one") }
        return current
      }
    }
  }

  public func projectSecret(
    creatingIfAbsent candidate: ProjectSecretRecord
  ) async throws(AuthStoreError) -> ProjectSecretRecord {
    try await auth("project secret") { connection in
      try connection.transaction {
        try connection.run(
          """
          INSERT INTO auth_project_secret (singleton, secret, created_at) VALUES (1, ?, ?)
          ON CONFLICT (singleton) DO NOTHING
          """, candidate.secret, candidate.createdAt.timeIntervalSince1970)
        guard
          let stored = try connection.first(
            "SELECT secret, created_at FROM auth_project_secret WHERE singleton = 1",
            map: { row in
              ProjectSecretRecord(
                secret: row.string(0), createdAt: Date(timeIntervalSince1970: row.double(1)))
            })
        else { throw ServerStoreError.invalidData("no project secret after storing one") }
        return stored
      }
    }
  }

  public func saveOneTimeToken(_ token: OneTimeTokenRecord) async throws(AuthStoreError) {
    try await auth("save one-time token") { connection in
      try connection.run(
        """
        INSERT INTO auth_one_time_tokens (hash, user_id, purpose, created_at, expires_at, used_at)
        VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT (hash) DO UPDATE SET user_id = excluded.user_id, purpose = excluded.purpose,
          created_at = excluded.created_at, expires_at = excluded.expires_at,
          used_at = excluded.used_at
        """, AuthColumn.hex(token.hash), token.userID.uuidString, token.purpose.rawValue,
        token.createdAt.timeIntervalSince1970, token.expiresAt.timeIntervalSince1970,
        token.usedAt?.timeIntervalSince1970)
    }
  }

  public func consumeOneTimeToken(
    hash: [UInt8], purpose: OneTimeTokenRecord.Purpose, now: Date
  ) async throws(AuthStoreError) -> OneTimeTokenRecord? {
    try await auth("consume one-time token") { connection in
      // One UPDATE … RETURNING: the check and the mark are one statement, so the token is
      // consumed at most once whichever connection asks.
      try connection.first(
        """
        UPDATE auth_one_time_tokens SET used_at = ?
        WHERE hash = ? AND purpose = ? AND used_at IS NULL AND ? < expires_at
        RETURNING user_id, created_at, expires_at, used_at
        """, now.timeIntervalSince1970, AuthColumn.hex(hash), purpose.rawValue,
        now.timeIntervalSince1970
      ) { row in
        OneTimeTokenRecord(
          hash: hash, userID: try AuthColumn.uuid(row.string(0), column: "user_id"),
          purpose: purpose, createdAt: Date(timeIntervalSince1970: row.double(1)),
          expiresAt: Date(timeIntervalSince1970: row.double(2)),
          usedAt: Date(timeIntervalSince1970: row.double(3)))
      }
    }
  }

}
