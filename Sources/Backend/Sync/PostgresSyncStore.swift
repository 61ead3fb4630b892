import Core
import Foundation
import Postgres

/// `SyncStore` on kiln-server's PostgreSQL: each call runs the migration's own
/// `public.sync_pull` / `public.sync_push` as PostgREST would, in one transaction on a pooled
/// connection that first becomes `authenticated` (`SET LOCAL ROLE`) and carries the verified
/// token's claims in `request.jwt.claims`, so row-level security decides what the caller
/// reaches (docs/SYNC.md §4).
///
/// The pool is the server store's (`PostgresServerStore.sync`), whose `migrate()` creates the
/// functions. A serialization failure or a deadlock runs the call again, at most
/// `maximumAttempts` times in all; refusals come back in PostgREST's shape
/// (`SyncCallError(postgres:)`).
public struct PostgresSyncStore: SyncStore {
  /// The pool the calls run on.
  public let pool: PostgresPool
  /// How many times one call runs at most when the server asks for a retry (40001, 40P01).
  public let maximumAttempts: Int
  let logger: AppLogger

  /// A pull page stops growing once its rows hold about this many bytes by the estimate
  /// of `kiln_sync_pull_rows` (at least one row is sent; decision 198).
  public let maximumPageBytes: Int

  /// A store on `pool`, whose schema `PostgresServerStore.migrate()` brings up.
  public init(
    pool: PostgresPool, maximumAttempts: Int = 3, maximumPageBytes: Int = 8 * 1024 * 1024,
    logger: AppLogger = .disabled
  ) {
    self.pool = pool
    self.maximumAttempts = max(1, maximumAttempts)
    self.maximumPageBytes = max(1, maximumPageBytes)
    self.logger = logger
  }

  public func perform(
    _ call: SyncCall, as caller: SyncCaller
  ) async throws(SyncCallError) -> String {
    var attempt = 1
    while true {
      do {
        // A pull measures its rows and then reads them: one snapshot for both (it writes
        // nothing, so it never fails for a concurrent write), else a push committed in
        // between could put unmeasured rows on the page.
        let isolation: PostgresIsolation
        if case .pull = call { isolation = .repeatableRead } else { isolation = .readCommitted }
        return try await pool.transaction(isolation: isolation) { connection in
          let (statement, arguments) = try await ownerStep(call, caller, on: connection)
          try await connection.execute("SET LOCAL ROLE authenticated")
          try await connection.query(PostgresSyncSQL.claims, [.text(caller.claims)])
          let result = try await connection.query(statement, arguments)
          guard let row = result.first else {
            throw PostgresError(.decoding, message: "the sync function returned no row")
          }
          return try row.decode(String.self, at: 0)
        }
      } catch let error as PostgresError
        where error.sqlState?.isRetryableTransactionFailure == true && attempt < maximumAttempts
      {
        attempt += 1
      } catch let refusal as SyncCallError {
        throw refusal
      } catch {
        let failure = SyncCallError(postgres: error)
        if failure.status >= 500 {
          logger.error(
            "sync store: \(call.functionName): \(failure.status) \(failure.code)",
            category: .storage)
        }
        throw failure
      }
    }
  }

  /// What runs as the login role, the tables' owner, before the transaction becomes
  /// `authenticated`: a push's account check, or how many rows of a pull fit its byte bound.
  /// Returns the sync function's call to run as the caller. Arguments `sync_pull` refuses
  /// go to it unchanged, for its own error.
  private func ownerStep(
    _ call: SyncCall, _ caller: SyncCaller, on connection: PostgresConnection
  ) async throws -> (PostgresStatement, [PostgresValue?]) {
    switch call {
    case .push(let changes):
      let open = try await connection.query(
        PostgresSyncSQL.accountIsOpen, [.text(caller.userID.uuidString)])
      guard try open.first?.decode(Bool.self, at: 0) == true else {
        throw SyncCallError.accountDeleted
      }
      return (PostgresSyncSQL.push, [.text(changes)])
    case .pull(let since, let maxRows):
      guard since >= 0, (1...1000).contains(maxRows) else {
        return (PostgresSyncSQL.pull, [.int64(since), .int(maxRows)])
      }
      let fit = try await connection.query(
        PostgresSyncSQL.pullRows,
        [
          .text(caller.userID.uuidString), .int64(since), .int(maxRows),
          .int64(Int64(maximumPageBytes)),
        ])
      let rows = min(maxRows, max(1, try fit.first?.decode(Int.self, at: 0) ?? maxRows))
      return (PostgresSyncSQL.pull, [.int64(since), .int(rows)])
    }
  }

  public func deleteSyncedRows(of user: UUID) async throws {
    do {
      try await pool.transaction { connection in
        _ = try await connection.query(PostgresSyncSQL.deleteRows, [.text(user.uuidString)])
      }
    } catch {
      let failure = ServerStoreError(postgres: error)
      logger.error("sync store: delete synced rows: \(failure)", category: .storage)
      throw failure
    }
  }
}

extension SyncCall {
  /// The SQL function the call runs, for logs.
  var functionName: String {
    switch self {
    case .pull: return "sync_pull"
    case .push: return "sync_push"
    }
  }
}

/// The statements the sync store runs, prepared once per connection.
enum PostgresSyncSQL {
  static let claims = PostgresStatement(
    name: "kiln_sync_claims", sql: "SELECT set_config('request.jwt.claims', $1, true)")
  static let pull = PostgresStatement(
    name: "kiln_sync_pull", sql: "SELECT public.sync_pull($1, $2::integer)::text")
  static let push = PostgresStatement(
    name: "kiln_sync_push", sql: "SELECT public.sync_push($1::jsonb)::text")
  /// As the login role, the tables' owner, before the transaction becomes `authenticated`:
  /// how many of the next rows fit the page's byte bound (schema step 12).
  static let pullRows = PostgresStatement(
    name: "kiln_sync_pull_rows",
    sql: "SELECT kiln_sync_pull_rows($1::uuid, $2::bigint, $3::integer, $4::bigint)")
  /// As the login role, before the transaction becomes `authenticated`: takes the user's
  /// lock and says whether the account may still push (schema step 10).
  static let accountIsOpen = PostgresStatement(
    name: "kiln_sync_account_is_open", sql: "SELECT kiln_sync_account_is_open($1::uuid)")
  /// As the tables' owner, which row-level security does not bind: marks the account
  /// closed and deletes its rows, under the same lock as the pushes.
  static let deleteRows = PostgresStatement(
    name: "kiln_sync_close_account", sql: "SELECT kiln_close_sync_account($1::uuid)")
}
