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

  /// A store on `pool`, whose schema `PostgresServerStore.migrate()` brings up.
  public init(pool: PostgresPool, maximumAttempts: Int = 3, logger: AppLogger = .disabled) {
    self.pool = pool
    self.maximumAttempts = max(1, maximumAttempts)
    self.logger = logger
  }

  public func perform(
    _ call: SyncCall, as caller: SyncCaller
  ) async throws(SyncCallError) -> String {
    var attempt = 1
    while true {
      do {
        return try await pool.transaction { connection in
          try await connection.execute("SET LOCAL ROLE authenticated")
          try await connection.query(PostgresSyncSQL.claims, [.text(caller.claims)])
          let result =
            switch call {
            case .pull(let since, let maxRows):
              try await connection.query(PostgresSyncSQL.pull, [.int64(since), .int(maxRows)])
            case .push(let changes):
              try await connection.query(PostgresSyncSQL.push, [.text(changes)])
            }
          guard let row = result.first else {
            throw PostgresError(.decoding, message: "the sync function returned no row")
          }
          return try row.decode(String.self, at: 0)
        }
      } catch let error as PostgresError
        where error.sqlState?.isRetryableTransactionFailure == true && attempt < maximumAttempts
      {
        attempt += 1
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
  /// As the tables' owner, which row-level security does not bind; messages go first, and
  /// data-modifying CTEs all run in the one statement.
  static let deleteRows = PostgresStatement(
    name: "kiln_sync_delete_rows",
    sql: """
      WITH owner AS (SELECT $1::uuid AS id),
        deleted_messages AS (
          DELETE FROM public.messages WHERE user_id = (SELECT id FROM owner)),
        deleted_memories AS (
          DELETE FROM public.memories WHERE user_id = (SELECT id FROM owner)),
        deleted_sequence AS (
          DELETE FROM public.sync_sequences WHERE user_id = (SELECT id FROM owner))
      DELETE FROM public.conversations WHERE user_id = (SELECT id FROM owner)
      """)
}
