/// One step of a database's schema: a version number and the SQL that takes the schema
/// there from the version before.
public struct PostgresMigration: Hashable, Sendable {
  /// The version this migration produces; versions are positive and unique.
  public let version: Int
  /// A short name, recorded in `schema_migrations`.
  public let name: String
  /// The SQL (several statements allowed); it runs inside the migration's transaction.
  public let sql: String

  /// A migration to `version` running `sql`.
  public init(version: Int, name: String, sql: String) {
    self.version = version
    self.name = name
    self.sql = sql
  }
}
