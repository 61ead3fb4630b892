import Foundation
import Storage

/// The admin list of accounts (`GET /auth/v1/admin/users`) from the SQLite file.
extension SQLiteAuthStore {
  public func users(offset: Int, limit: Int) async throws(AuthStoreError) -> AuthUserListing {
    try await auth("list users") { connection in
      try connection.transaction {
        let users = try connection.query(
          """
          SELECT \(SQLiteAccountRows.userColumns) FROM auth_users ORDER BY created_at, id
          LIMIT ? OFFSET ?
          """, max(0, limit), max(0, offset), map: SQLiteAccountRows.userRecord)
        let total = try connection.first("SELECT count(*) FROM auth_users") { $0.int(0) } ?? 0
        return AuthUserListing(users: users, total: total)
      }
    }
  }
}
