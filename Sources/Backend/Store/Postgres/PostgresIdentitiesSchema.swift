import Foundation
import Postgres

/// The accounts' provider identities (`id_token` sign-ins): migration 3 of
/// `PostgresServerSchema`. One row per provider account; deleting the account cascades to
/// its identities by foreign key.
enum PostgresIdentitiesSchema {
  static let table = """
    CREATE TABLE auth_identities (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
      provider text NOT NULL,
      provider_subject text NOT NULL,
      email text,
      identity_data text NOT NULL,
      created_at double precision NOT NULL,
      updated_at double precision NOT NULL,
      last_sign_in_at double precision,
      UNIQUE (provider, provider_subject)
    );
    CREATE INDEX auth_identities_by_user ON auth_identities (user_id, created_at);

    """

  static let columns = """
    id, user_id, provider, provider_subject, email, identity_data, created_at, updated_at,
    last_sign_in_at
    """
  /// Adds an identity unless its id or provider account is taken: affects no row then.
  static let insert = PostgresStatement(
    name: "kiln_auth_insert_identity",
    sql: """
      INSERT INTO auth_identities (\(columns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
      ON CONFLICT DO NOTHING
      """)
  static let byProviderSubject = PostgresStatement(
    name: "kiln_auth_identity_by_subject",
    sql: """
      SELECT \(columns) FROM auth_identities WHERE provider = $1 AND provider_subject = $2
      """)
  static let ofUser = PostgresStatement(
    name: "kiln_auth_identities_of_user",
    sql: """
      SELECT \(columns) FROM auth_identities WHERE user_id = $1 ORDER BY created_at, id
      """)

  static func values(_ identity: AuthIdentityRecord) -> [PostgresValue?] {
    [
      .text(identity.id.uuidString), .text(identity.userID.uuidString), .text(identity.provider),
      .text(identity.providerSubject), identity.email.map { .text($0) },
      .text(identity.identityDataJSON), .double(identity.createdAt.timeIntervalSince1970),
      .double(identity.updatedAt.timeIntervalSince1970),
      identity.lastSignInAt.map { .double($0.timeIntervalSince1970) },
    ]
  }

  static func record(_ row: PostgresRow) throws -> AuthIdentityRecord {
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
