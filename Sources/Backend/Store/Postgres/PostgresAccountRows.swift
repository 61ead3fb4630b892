import Foundation
import Postgres

/// The auth tables' rows and the statements several `PostgresAuthStore` methods share; each
/// runs on the caller's connection (inside its transaction, when it has one).
enum PostgresAccountRows {
  /// The twelve parameters of `createUser` and `updateUser`, in `userColumns` order.
  /// - Throws: `ServerStoreError.invalidData` when an scrypt parameter does not fit.
  static func userValues(_ user: AuthUserRecord) throws(ServerStoreError) -> [PostgresValue?] {
    var password: [PostgresValue?] = [nil, nil, nil, nil, nil]
    if let hash = user.password {
      password = [
        .bytes(Data(hash.hash)), .bytes(Data(hash.salt)),
        .int64(try AuthColumn.parameter(hash.cost, name: "cost")),
        .int64(try AuthColumn.parameter(hash.blockSize, name: "block size")),
        .int64(try AuthColumn.parameter(hash.parallelization, name: "parallelization")),
      ]
    }
    return [.text(user.id.uuidString), .text(user.email)] + password + [
      .text(user.metadataJSON), user.confirmedAt.map { .double($0.timeIntervalSince1970) },
      .double(user.createdAt.timeIntervalSince1970), .double(user.updatedAt.timeIntervalSince1970),
      user.lastSignInAt.map { .double($0.timeIntervalSince1970) },
    ]
  }

  static func userRecord(_ row: PostgresRow) throws -> AuthUserRecord {
    var password: PasswordHash?
    if let hash = try row.decode(Data?.self, at: 2) {
      password = PasswordHash(
        hash: [UInt8](hash), salt: [UInt8](try row.decode(Data.self, at: 3)),
        cost: try AuthColumn.parameter(try row.decode(Int64.self, at: 4), name: "cost"),
        blockSize: try AuthColumn.parameter(try row.decode(Int64.self, at: 5), name: "block size"),
        parallelization: try AuthColumn.parameter(
          try row.decode(Int64.self, at: 6), name: "parallelization"))
    }
    return AuthUserRecord(
      id: try AuthColumn.uuid(try row.decode(String.self, at: 0), column: "auth_users.id"),
      email: try row.decode(String.self, at: 1), password: password,
      metadataJSON: try row.decode(String.self, at: 7),
      confirmedAt: try date(row, at: 8),
      createdAt: Date(timeIntervalSince1970: try row.decode(Double.self, at: 9)),
      updatedAt: Date(timeIntervalSince1970: try row.decode(Double.self, at: 10)),
      lastSignInAt: try date(row, at: 11))
  }

  /// A session from five columns starting at `first`: id, user, created, assurance level,
  /// not-after.
  static func sessionRecord(_ row: PostgresRow, at first: Int) throws -> AuthSessionRecord {
    AuthSessionRecord(
      id: try AuthColumn.uuid(try row.decode(String.self, at: first), column: "session id"),
      userID: try AuthColumn.uuid(try row.decode(String.self, at: first + 1), column: "user id"),
      createdAt: Date(timeIntervalSince1970: try row.decode(Double.self, at: first + 2)),
      assuranceLevel: try row.decode(String.self, at: first + 3),
      notAfter: try date(row, at: first + 4))
  }

  static func signingKey(_ row: PostgresRow) throws -> SigningKeyRecord {
    SigningKeyRecord(
      keyID: try row.decode(String.self, at: 0), privateJWK: try row.decode(String.self, at: 1),
      createdAt: Date(timeIntervalSince1970: try row.decode(Double.self, at: 2)),
      retiredAt: try date(row, at: 3))
  }

  /// `kiln_rotate_refresh_token`'s answer.
  static func rotation(_ row: PostgresRow?) throws -> RefreshRotation {
    guard let row else {
      throw ServerStoreError.invalidData("kiln_rotate_refresh_token returned no row")
    }
    let outcome = try row.decode(String.self, at: 0)
    switch outcome {
    case "not_found": return .notFound
    case "already_used": return .alreadyUsed
    case "session_expired": return .sessionExpired
    case "rotated": return .rotated(try sessionRecord(row, at: 1))
    case "reused":
      let session = try sessionRecord(row, at: 1)
      let current = RefreshTokenRecord(
        hash: [UInt8](try row.decode(Data.self, at: 6)), sessionID: session.id,
        parentHash: try row.decode(Data?.self, at: 7).map { [UInt8]($0) },
        createdAt: Date(timeIntervalSince1970: try row.decode(Double.self, at: 8)))
      return .reused(session, current: current)
    default:
      throw ServerStoreError.invalidData("kiln_rotate_refresh_token answered \(outcome)")
    }
  }

  /// Deletes the sessions of `userID` that `selection` picks (their refresh tokens go by
  /// cascade); returns how many.
  static func endSessions(
    of userID: UUID, _ selection: SessionSelection, on connection: PostgresConnection
  ) async throws -> Int {
    let user: PostgresValue = .text(userID.uuidString)
    let result: PostgresResult
    switch selection {
    case .all:
      result = try await connection.query(PostgresAccountsSQL.endAllSessions, [user])
    case .only(let id):
      result = try await connection.query(
        PostgresAccountsSQL.endOneSession, [user, .text(id.uuidString)])
    case .allExcept(let id):
      result = try await connection.query(
        PostgresAccountsSQL.endOtherSessions, [user, .text(id.uuidString)])
    }
    return result.affectedRows
  }

  private static func date(_ row: PostgresRow, at index: Int) throws -> Date? {
    try row.decode(Double?.self, at: index).map(Date.init(timeIntervalSince1970:))
  }
}
