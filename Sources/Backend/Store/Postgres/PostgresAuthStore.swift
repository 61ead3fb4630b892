import Core
import Foundation
import Postgres

/// `AuthStore` (accounts, sessions, signing keys, one-time tokens, identities) on
/// kiln-server's PostgreSQL database, beside the proxy's tables (decision 15: one database,
/// two stores over it).
///
/// It runs on the pool it is given, the same `PostgresPool` the proxy's `PostgresServerStore`
/// uses (`PostgresServerStore.accounts`), whose `migrate()` brings the accounts' tables up in
/// the one migration sequence. Each method is one statement or one READ COMMITTED transaction
/// whose first statement locks the row it decides on; rotation is one call of
/// `kiln_rotate_refresh_token` (see `PostgresAccountsSchema.rotateFunction`).
public struct PostgresAuthStore: AuthStore {
  /// The pool the store's statements run on.
  public let pool: PostgresPool
  let logger: AppLogger

  /// The accounts' store on `pool`, whose schema `PostgresServerStore.migrate()` brings up.
  public init(pool: PostgresPool, logger: AppLogger = .disabled) {
    self.pool = pool
    self.logger = logger
  }

  /// `body`'s value; what it throws becomes `AuthStoreError` (`.invalidData` for a row that
  /// does not decode).
  func authValues<T>(_ body: () throws -> T) throws(AuthStoreError) -> T {
    do {
      return try body()
    } catch {
      throw AuthStoreError(ServerStoreError(postgres: error))
    }
  }

  /// Logs a failed `operation` (its reason only) and returns the auth store's error for it.
  func authFailure(_ operation: String, _ error: any Error) -> AuthStoreError {
    let failure = ServerStoreError(postgres: error)
    logger.error("auth store: \(operation): \(failure)", category: .storage)
    return AuthStoreError(failure)
  }

  /// Runs one prepared statement on a connection of the pool.
  func authQuery(
    _ operation: String, _ statement: PostgresStatement, _ parameters: [PostgresValue?]
  ) async throws(AuthStoreError) -> PostgresResult {
    do {
      return try await pool.withConnection { try await $0.query(statement, parameters) }
    } catch {
      throw authFailure(operation, error)
    }
  }

  /// Runs `body` in one READ COMMITTED transaction on a connection of the pool.
  func authTransaction<T: Sendable>(
    _ operation: String, _ body: @Sendable (PostgresConnection) async throws -> T
  ) async throws(AuthStoreError) -> T {
    do {
      return try await pool.transaction(body)
    } catch {
      throw authFailure(operation, error)
    }
  }
}
