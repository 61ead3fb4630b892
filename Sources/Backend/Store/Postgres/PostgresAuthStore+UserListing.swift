import Foundation
import Postgres

/// The admin list of accounts (`GET /auth/v1/admin/users`) from PostgreSQL.
extension PostgresAuthStore {
  public func users(offset: Int, limit: Int) async throws(AuthStoreError) -> AuthUserListing {
    let page: [PostgresValue?] = [.int64(Int64(max(0, limit))), .int64(Int64(max(0, offset)))]
    let (rows, count) = try await authTransaction("list users") { connection in
      let rows = try await connection.query(PostgresUserListingSQL.page, page).rows
      let count = try await connection.query(PostgresUserListingSQL.count, []).rows
      return (rows, count)
    }
    return try authValues {
      AuthUserListing(
        users: try rows.map(PostgresAccountRows.userRecord),
        total: Int(try count.first?.decode(Int64.self, at: 0) ?? 0))
    }
  }
}

/// The listing's statements, beside the other accounts statements' names.
enum PostgresUserListingSQL {
  static let page = PostgresStatement(
    name: "kiln_auth_users_page",
    sql: """
      SELECT \(PostgresAccountsSQL.userColumns) FROM auth_users
      ORDER BY created_at, id LIMIT $1 OFFSET $2
      """)
  static let count = PostgresStatement(
    name: "kiln_auth_users_count", sql: "SELECT count(*) FROM auth_users")
}
