import Foundation
import Postgres

/// The auth store's provider identities on PostgreSQL (schema version 3).
extension PostgresAuthStore {
  /// Thrown inside a transaction to roll it back when the identity turns out to be taken.
  private struct IdentityTaken: Error {}

  public func createUser(
    _ user: AuthUserRecord, identity: AuthIdentityRecord
  ) async throws(AuthStoreError) -> Bool {
    let values = try authValues { try PostgresAccountRows.userValues(user) }
    let identityValues = PostgresIdentitiesSchema.values(identity)
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
    return try authValues { try result.first.map(PostgresIdentitiesSchema.record) }
  }

  public func identities(ofUser userID: UUID) async throws(AuthStoreError) -> [AuthIdentityRecord] {
    let result = try await authQuery(
      "read identities", PostgresIdentitiesSchema.ofUser, [.text(userID.uuidString)])
    return try authValues { try result.rows.map(PostgresIdentitiesSchema.record) }
  }

  public func addIdentity(
    _ identity: AuthIdentityRecord
  ) async throws(AuthStoreError) -> IdentityAddition {
    let values = PostgresIdentitiesSchema.values(identity)
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
}
