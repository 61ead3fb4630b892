import Foundation
import Postgres

/// The auth store's provider identities on PostgreSQL (schema version 3).
extension PostgresServerStore {
  /// Thrown inside a transaction to roll it back when the identity turns out to be taken.
  private struct IdentityTaken: Error {}

  public func createUser(
    _ user: AuthUserRecord, identity: AuthIdentityRecord
  ) async throws(AuthStoreError) -> Bool {
    let values = try authValues { try Self.userValues(user) }
    let identityValues = Self.identityValues(identity)
    do {
      return try await pool.transaction { connection in
        guard try await connection.query(PostgresAccountsSQL.createUser, values).affectedRows == 1
        else { return false }
        guard
          try await connection.query(PostgresIdentitiesSchema.insert, identityValues)
            .affectedRows == 1
        else { throw IdentityTaken() }
        return true
      }
    } catch is IdentityTaken {
      return false
    } catch {
      throw authFailure("create user with identity", error)
    }
  }

  public func identity(
    provider: String, subject: String
  ) async throws(AuthStoreError) -> AuthIdentityRecord? {
    let result = try await authQuery(
      "read identity", PostgresIdentitiesSchema.byProviderSubject,
      [.text(provider), .text(subject)])
    return try authValues { try result.first.map(Self.identityRecord) }
  }

  public func identities(ofUser userID: UUID) async throws(AuthStoreError) -> [AuthIdentityRecord] {
    let result = try await authQuery(
      "read identities", PostgresIdentitiesSchema.ofUser, [.text(userID.uuidString)])
    return try authValues { try result.rows.map(Self.identityRecord) }
  }

  public func addIdentity(
    _ identity: AuthIdentityRecord
  ) async throws(AuthStoreError) -> IdentityAddition {
    let values = Self.identityValues(identity)
    return try await authTransaction("add identity") { connection in
      let user: PostgresValue = .text(identity.userID.uuidString)
      guard try await connection.query(PostgresAccountsSQL.lockUser, [user]).first != nil else {
        return .userNotFound
      }
      guard try await connection.query(PostgresIdentitiesSchema.insert, values).affectedRows == 1
      else { return .identityTaken }
      return .added
    }
  }

  private static func identityValues(_ identity: AuthIdentityRecord) -> [PostgresValue?] {
    [
      .text(identity.id.uuidString), .text(identity.userID.uuidString), .text(identity.provider),
      .text(identity.providerSubject), identity.email.map { .text($0) },
      .text(identity.identityDataJSON), .double(identity.createdAt.timeIntervalSince1970),
      .double(identity.updatedAt.timeIntervalSince1970),
      identity.lastSignInAt.map { .double($0.timeIntervalSince1970) },
    ]
  }

  private static func identityRecord(_ row: PostgresRow) throws -> AuthIdentityRecord {
    AuthIdentityRecord(
      id: try AuthColumn.uuid(try row.decode(String.self, at: 0), column: "auth_identities.id"),
      userID: try AuthColumn.uuid(
        try row.decode(String.self, at: 1), column: "auth_identities.user_id"),
      provider: try row.decode(String.self, at: 2),
      providerSubject: try row.decode(String.self, at: 3),
      email: try row.decode(String?.self, at: 4),
      identityDataJSON: try row.decode(String.self, at: 5),
      createdAt: Date(timeIntervalSince1970: try row.decode(Double.self, at: 6)),
      updatedAt: Date(timeIntervalSince1970: try row.decode(Double.self, at: 7)),
      lastSignInAt: try row.decode(Double?.self, at: 8).map(Date.init(timeIntervalSince1970:)))
  }
}
