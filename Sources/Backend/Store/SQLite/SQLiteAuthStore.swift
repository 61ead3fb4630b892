import Foundation
import Storage

/// `AuthStore` (accounts, sessions, signing keys, one-time tokens, identities) in kiln-server's
/// SQLite file, beside the proxy's tables (decision 15: one database, two stores over it).
///
/// It holds no connection of its own: every call runs on the `SQLiteServerDatabase` it was
/// made over, the same one (and so the same connection and thread) the proxy's
/// `SQLiteServerStore` uses. Every method that writes is one `BEGIN IMMEDIATE` transaction:
/// it takes the file's write lock before reading, so another database object or process on
/// the same file cannot judge the same rows in between (refresh-token rotation is a
/// compare-and-set, the first signing key and secret written are the ones kept).
public struct SQLiteAuthStore: AuthStore {
  /// The database (its one connection) the store's statements run on.
  public let database: SQLiteServerDatabase

  /// The accounts' store over `database`, which is already open and migrated.
  public init(database: SQLiteServerDatabase) {
    self.database = database
  }

  /// `SQLiteServerDatabase.perform` with the auth store's error.
  @discardableResult
  func auth<T: Sendable>(
    _ operation: String, _ body: @Sendable (SQLiteConnection) throws -> T
  ) async throws(AuthStoreError) -> T {
    do {
      return try await database.perform(operation, body)
    } catch {
      throw AuthStoreError(error)
    }
  }
}
