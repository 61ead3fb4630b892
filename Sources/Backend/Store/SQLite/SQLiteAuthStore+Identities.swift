import Foundation
import Storage

/// The auth store's provider identities in SQLite (schema version 3). Writes run in one
/// `BEGIN IMMEDIATE` transaction, as the other account methods do.
extension SQLiteAuthStore {
  public func createUser(
    _ user: AuthUserRecord, identity: AuthIdentityRecord
  ) async throws(AuthStoreError) -> Bool {
    try await auth("create user with identity") { connection in
      try connection.transaction {
        let taken = try connection.first(
          "SELECT 1 FROM auth_users WHERE id = ? OR email = ?", user.id.uuidString, user.email
        ) { _ in true }
        guard taken == nil, try !SQLiteIdentityRows.isLinked(identity, on: connection) else {
          return false
        }
        try SQLiteAccountRows.insert(user, on: connection)
        try SQLiteIdentityRows.insert(identity, on: connection)
        return true
      }
    }
  }

  public func identity(
    provider: String, subject: String
  ) async throws(AuthStoreError) -> AuthIdentityRecord? {
    try await auth("read identity") { connection in
      try connection.first(
        """
        SELECT \(SQLiteIdentityRows.columns) FROM auth_identities
        WHERE provider = ? AND provider_subject = ?
        """, provider, subject, map: SQLiteIdentityRows.record)
    }
  }

  public func identities(ofUser userID: UUID) async throws(AuthStoreError) -> [AuthIdentityRecord] {
    try await auth("read identities") { connection in
      try connection.query(
        """
        SELECT \(SQLiteIdentityRows.columns) FROM auth_identities WHERE user_id = ?
        ORDER BY created_at, id
        """, userID.uuidString, map: SQLiteIdentityRows.record)
    }
  }

  public func addIdentity(
    _ identity: AuthIdentityRecord
  ) async throws(AuthStoreError) -> IdentityAddition {
    try await auth("add identity") { connection in
      try connection.transaction {
        guard
          try connection.first(
            "SELECT 1 FROM auth_users WHERE id = ?", identity.userID.uuidString, map: { _ in true })
            != nil
        else { return .userNotFound }
        guard try !SQLiteIdentityRows.isLinked(identity, on: connection) else {
          return .identityTaken
        }
        try SQLiteIdentityRows.insert(identity, on: connection)
        return .added
      }
    }
  }
}

/// The `auth_identities` rows and statements the identity methods share; each runs inside
/// the caller's transaction.
enum SQLiteIdentityRows {
  static let columns = """
    id, user_id, provider, provider_subject, email, identity_data, created_at, updated_at,
    last_sign_in_at
    """

  static func isLinked(
    _ identity: AuthIdentityRecord, on connection: SQLiteConnection
  ) throws -> Bool {
    try connection.first(
      "SELECT 1 FROM auth_identities WHERE id = ? OR (provider = ? AND provider_subject = ?)",
      identity.id.uuidString, identity.provider, identity.providerSubject, map: { _ in true })
      != nil
  }

  static func insert(
    _ identity: AuthIdentityRecord, on connection: SQLiteConnection
  ) throws {
    try connection.run(
      "INSERT INTO auth_identities (\(columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      identity.id.uuidString, identity.userID.uuidString, identity.provider,
      identity.providerSubject, identity.email, identity.identityDataJSON,
      identity.createdAt.timeIntervalSince1970, identity.updatedAt.timeIntervalSince1970,
      identity.lastSignInAt?.timeIntervalSince1970)
  }

  static func record(_ row: SQLiteRow) throws -> AuthIdentityRecord {
    AuthIdentityRecord(
      id: try AuthColumn.uuid(row.string(0), column: "auth_identities.id"),
      userID: try AuthColumn.uuid(row.string(1), column: "auth_identities.user_id"),
      provider: row.string(2), providerSubject: row.string(3),
      email: row.isNull(4) ? nil : row.string(4), identityDataJSON: row.string(5),
      createdAt: Date(timeIntervalSince1970: row.double(6)),
      updatedAt: Date(timeIntervalSince1970: row.double(7)),
      lastSignInAt: row.isNull(8) ? nil : Date(timeIntervalSince1970: row.double(8)))
  }
}
