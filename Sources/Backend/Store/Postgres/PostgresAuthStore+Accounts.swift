import Foundation
import Postgres

/// The accounts' methods of `PostgresAuthStore`.
extension PostgresAuthStore {
  public func createUser(_ user: AuthUserRecord) async throws(AuthStoreError) -> Bool {
    let values = try authValues { try PostgresAccountRows.userValues(user) }
    return try await authQuery("create user", PostgresAccountsSQL.createUser, values)
      .affectedRows == 1
  }

  public func user(id: UUID) async throws(AuthStoreError) -> AuthUserRecord? {
    let result = try await authQuery(
      "read user", PostgresAccountsSQL.userByID, [.text(id.uuidString)])
    return try authValues { try result.first.map(PostgresAccountRows.userRecord) }
  }

  public func user(email: String) async throws(AuthStoreError) -> AuthUserRecord? {
    let result = try await authQuery(
      "read user", PostgresAccountsSQL.userByEmail, [.text(email)])
    return try authValues { try result.first.map(PostgresAccountRows.userRecord) }
  }

  public func updateUser(
    _ user: AuthUserRecord, endingSessions: SessionSelection?
  ) async throws(AuthStoreError) -> UserUpdate {
    let values = try authValues { try PostgresAccountRows.userValues(user) }
    do {
      return try await pool.transaction { connection in
        let id: PostgresValue = .text(user.id.uuidString)
        guard try await connection.query(PostgresAccountsSQL.lockUser, [id]).first != nil else {
          return .notFound
        }
        guard try await connection.query(PostgresAccountsSQL.updateUser, values).affectedRows == 1
        else { return .emailTaken }
        if let endingSessions {
          _ = try await PostgresAccountRows.endSessions(of: user.id, endingSessions, on: connection)
        }
        return .updated
      }
    } catch let error as PostgresError where error.sqlState == .uniqueViolation {
      // Another instance gave the address to another account after the check: nothing of
      // this update was committed.
      return .emailTaken
    } catch {
      throw authFailure("update user", error)
    }
  }

  public func deleteUser(id: UUID) async throws(AuthStoreError) -> Bool {
    try await authQuery("delete user", PostgresAccountsSQL.deleteUser, [.text(id.uuidString)])
      .affectedRows > 0
  }

  public func startSession(
    _ session: AuthSessionRecord, firstToken: RefreshTokenRecord, signedInAt: Date?
  ) async throws(AuthStoreError) -> Bool {
    try await authTransaction("start session") { connection in
      let user: PostgresValue = .text(session.userID.uuidString)
      guard try await connection.query(PostgresAccountsSQL.lockUser, [user]).first != nil else {
        return false
      }
      _ = try await connection.query(
        PostgresAccountsSQL.startSession,
        [
          .text(session.id.uuidString), user, .double(session.createdAt.timeIntervalSince1970),
          .text(session.assuranceLevel), session.notAfter.map { .double($0.timeIntervalSince1970) },
        ])
      _ = try await connection.query(
        PostgresAccountsSQL.insertToken,
        [
          .bytes(Data(firstToken.hash)), .text(firstToken.sessionID.uuidString),
          firstToken.parentHash.map { .bytes(Data($0)) },
          firstToken.revokedAt.map { .double($0.timeIntervalSince1970) },
          .double(firstToken.createdAt.timeIntervalSince1970),
        ])
      if let signedInAt {
        _ = try await connection.query(
          PostgresAccountsSQL.signedIn, [user, .double(signedInAt.timeIntervalSince1970)])
      }
      return true
    }
  }

  public func session(id: UUID) async throws(AuthStoreError) -> AuthSessionRecord? {
    let result = try await authQuery(
      "read session", PostgresAccountsSQL.session, [.text(id.uuidString)])
    return try authValues {
      try result.first.map { row in
        try PostgresAccountRows.sessionRecord(row, at: 0)
      }
    }
  }

  public func endSessions(
    of userID: UUID, _ selection: SessionSelection
  ) async throws(AuthStoreError) -> Int {
    try await authTransaction("end sessions") { connection in
      try await PostgresAccountRows.endSessions(of: userID, selection, on: connection)
    }
  }

  public func rotateRefreshToken(
    presentedHash: [UInt8], childHash: [UInt8], now: Date, reuseInterval: TimeInterval
  ) async throws(AuthStoreError) -> RefreshRotation {
    let result = try await authQuery(
      "rotate refresh token", PostgresAccountsSQL.rotate,
      [
        .bytes(Data(presentedHash)), .bytes(Data(childHash)), .double(now.timeIntervalSince1970),
        .double(reuseInterval),
      ])
    return try authValues { try PostgresAccountRows.rotation(result.first) }
  }

  public func signingKeys() async throws(AuthStoreError) -> [SigningKeyRecord] {
    let result = try await authQuery("read signing keys", PostgresAccountsSQL.signingKeys, [])
    return try authValues { try result.rows.map(PostgresAccountRows.signingKey) }
  }

  public func rotateSigningKey(to candidate: SigningKeyRecord) async throws(AuthStoreError) {
    let time = candidate.createdAt.timeIntervalSince1970
    _ = try await authTransaction("rotate signing key") { connection in
      _ = try await connection.query(PostgresAccountsSQL.retireSigningKeys, [.double(time)])
      _ = try await connection.query(
        PostgresAccountsSQL.insertSigningKey,
        [.text(candidate.keyID), .text(candidate.privateJWK), .double(time)])
    }
  }

  public func addSigningKeyIfNone(
    _ candidate: SigningKeyRecord
  ) async throws(AuthStoreError) -> SigningKeyRecord {
    // Insert-or-nothing, then read in a second statement: under READ COMMITTED it sees the
    // key of an instance whose insert this one waited for (decision 24).
    let row = try await authTransaction("add signing key") { connection in
      if candidate.retiredAt == nil {
        _ = try await connection.query(
          PostgresAccountsSQL.addSigningKey,
          [
            .text(candidate.keyID), .text(candidate.privateJWK),
            .double(candidate.createdAt.timeIntervalSince1970),
          ])
      }
      return try await connection.query(PostgresAccountsSQL.currentSigningKey).first
    }
    return try authValues {
      guard let row else {
        throw ServerStoreError.invalidData("no unretired signing key after adding one")
      }
      return try PostgresAccountRows.signingKey(row)
    }
  }

  public func projectSecret(
    creatingIfAbsent candidate: ProjectSecretRecord
  ) async throws(AuthStoreError) -> ProjectSecretRecord {
    let row = try await authTransaction("project secret") { connection in
      _ = try await connection.query(
        PostgresAccountsSQL.addSecret,
        [.text(candidate.secret), .double(candidate.createdAt.timeIntervalSince1970)])
      return try await connection.query(PostgresAccountsSQL.secret).first
    }
    return try authValues {
      guard let row else {
        throw ServerStoreError.invalidData("no project secret after storing one")
      }
      do {
        return ProjectSecretRecord(
          secret: try row.decode(String.self, at: 0),
          createdAt: Date(timeIntervalSince1970: try row.decode(Double.self, at: 1)))
      } catch {
        throw ServerStoreError(postgres: error)
      }
    }
  }

  public func saveOneTimeToken(_ token: OneTimeTokenRecord) async throws(AuthStoreError) {
    _ = try await authQuery(
      "save one-time token", PostgresAccountsSQL.saveOneTimeToken,
      [
        .bytes(Data(token.hash)), .text(token.userID.uuidString), .text(token.purpose.rawValue),
        .double(token.createdAt.timeIntervalSince1970),
        .double(token.expiresAt.timeIntervalSince1970),
        token.usedAt.map { .double($0.timeIntervalSince1970) },
      ])
  }

  public func consumeOneTimeToken(
    hash: [UInt8], purpose: OneTimeTokenRecord.Purpose, now: Date
  ) async throws(AuthStoreError) -> OneTimeTokenRecord? {
    let result = try await authQuery(
      "consume one-time token", PostgresAccountsSQL.consumeOneTimeToken,
      [.bytes(Data(hash)), .text(purpose.rawValue), .double(now.timeIntervalSince1970)])
    return try authValues {
      guard let row = result.first else { return nil }
      do {
        return OneTimeTokenRecord(
          hash: hash,
          userID: try AuthColumn.uuid(try row.decode(String.self, at: 0), column: "user_id"),
          purpose: purpose,
          createdAt: Date(timeIntervalSince1970: try row.decode(Double.self, at: 1)),
          expiresAt: Date(timeIntervalSince1970: try row.decode(Double.self, at: 2)),
          usedAt: Date(timeIntervalSince1970: try row.decode(Double.self, at: 3)))
      } catch {
        throw ServerStoreError(postgres: error)
      }
    }
  }
}
