import Core
import Foundation
import JOSE
import Storage

/// `SyncStore` in kiln-server's SQLite file: docs/SYNC.md's `sync_pull` and `sync_push`
/// implemented in Swift, with the same checks, merge rules, SQLSTATEs and answers as the
/// migration's SQL functions on PostgreSQL (one contract test suite runs against both, and
/// one compares their answers to the same pushes). Decision 174 lists the inputs where they
/// still differ: numbers read as `Double`, and duplicate member names refused.
///
/// Every call is one transaction on the database's one connection. A push takes the file's
/// write lock first (`BEGIN IMMEDIATE`), so the pushes of several processes on one file run
/// one after another and each user's change numbers follow commit order, as the locked
/// `sync_sequences` row does on PostgreSQL. The caller's id is part of every statement:
/// a row of another user is never read or changed, which is what row-level security does
/// there. A refusal rolls the whole push back.
public struct SQLiteSyncStore: SyncStore {
  /// The database the rows live in (shared with the proxy's and the accounts' stores).
  public let database: SQLiteServerDatabase
  /// The server's time, for deletes that carry none and rows that carry no times.
  let clock: AppClock
  /// A pull page stops growing once its rows take this many bytes (at least one row is
  /// always sent): a page is at most `max_rows` rows, and may be fewer with `has_more`.
  let maximumPageBytes: Int

  /// The sync store over `database`, which is already open and migrated.
  public init(
    database: SQLiteServerDatabase, clock: AppClock, maximumPageBytes: Int = 8 * 1024 * 1024
  ) {
    self.database = database
    self.clock = clock
    self.maximumPageBytes = max(1, maximumPageBytes)
  }

  public func perform(
    _ call: SyncCall, as caller: SyncCaller
  ) async throws(SyncCallError) -> String {
    let user = caller.userID.uuidString.lowercased()
    // Truncated, as PostgreSQL's `date_trunc('milliseconds', now())` is.
    let now = Int64((clock.now().timeIntervalSince1970 * 1000).rounded(.down))
    let pageBytes = maximumPageBytes
    let outcome: Result<String, SyncCallError>
    do {
      switch call {
      case .pull(let since, let maxRows):
        if let refusal = Self.pullRefusal(since: since, maxRows: maxRows) { throw refusal }
        outcome = try await database.perform("sync pull") { connection in
          .success(
            try connection.readTransaction {
              try SQLiteSyncPull(
                connection: connection, user: user, maximumPageBytes: pageBytes
              ).page(since: since, maxRows: maxRows)
            })
        }
      case .push(let changes):
        let parsed: [StrictJSONValue]
        do {
          parsed = try Self.parseChanges(changes)
        } catch {
          // A deleted account is told so before anything about its changes, as PostgreSQL
          // tells it; the push's own transaction checks again for the changes that parse.
          let closed = try await database.perform("sync push") { connection in
            try connection.readTransaction { try Self.isClosed(user, on: connection) }
          }
          throw closed ? SyncCallError.accountDeleted : error
        }
        outcome = try await database.perform("sync push") { connection in
          do {
            return .success(
              try connection.transaction {
                try SQLiteSyncPush(connection: connection, user: user, now: now).run(parsed)
              })
          } catch let refusal as SyncCallError {
            return .failure(refusal)
          }
        }
      }
    } catch let refusal as SyncCallError {
      throw refusal
    } catch {
      throw SyncCallError(
        status: 503, code: "PGRST000", message: "the database cannot answer now",
        hint: "try again later")
    }
    return try outcome.get()
  }

  public func deleteSyncedRows(of user: UUID) async throws {
    let id = user.uuidString.lowercased()
    let now = Int64((clock.now().timeIntervalSince1970 * 1000).rounded(.down))
    try await database.perform("delete synced rows") { connection in
      try connection.transaction {
        try connection.run(
          "INSERT OR IGNORE INTO sync_closed_accounts (user_id, closed_at) VALUES (?, ?)", id,
          now)
        for table in ["sync_messages", "sync_memories", "sync_conversations", "sync_sequences"] {
          try connection.run("DELETE FROM \(table) WHERE user_id = ?", id)
        }
      }
    }
  }

  /// Whether `user`'s account was deleted: its synced rows were (`deleteSyncedRows`), and it
  /// is no longer an account. A deletion that failed after the rows went leaves the account
  /// in place, and it syncs again.
  ///
  /// Accounts keep their id as `UUID.uuidString` writes it (upper case) and tokens name it
  /// in lower case: the account is looked up in both forms, each by the key.
  /// Only an id written as a UUID can name an account (the auth routes' address keys
  /// cannot): anything else is not looked up, as on PostgreSQL.
  static func isClosed(_ user: String, on connection: SQLiteConnection) throws -> Bool {
    guard mayBeClosed(user) else { return false }
    return try connection.first("SELECT 1 WHERE \(closedCondition("?1"))", user) { $0.int(0) }
      != nil
  }

  /// Whether `user` can be a closed account at all: only an account's id (a UUID) can.
  static func mayBeClosed(_ user: String) -> Bool {
    UUID(uuidString: user) != nil
  }

  /// `isClosed` in SQL, for the user id in `parameter` (such as `?2`): true only for a
  /// closed account's id, so other subjects (address keys, `NULL`) are never closed.
  static func closedCondition(_ parameter: String) -> String {
    """
    EXISTS (SELECT 1 FROM sync_closed_accounts WHERE user_id = \(parameter))
      AND NOT EXISTS (
        SELECT 1 FROM auth_users WHERE id IN (upper(\(parameter)), lower(\(parameter))))
    """
  }

  /// Whether any name or string in `value` holds U+0000.
  static func containsNUL(_ value: StrictJSONValue) -> Bool {
    switch value {
    case .string(let text): return text.utf8.contains(0)
    case .array(let elements): return elements.contains(where: containsNUL)
    case .object(let members):
      return members.contains { $0.key.utf8.contains(0) || containsNUL($0.value) }
    case .number, .bool, .null: return false
    }
  }

  /// `sync_pull`'s checks of its arguments.
  static func pullRefusal(since: Int64, maxRows: Int) -> SyncCallError? {
    if since < 0 {
      return SyncCallError(status: 400, code: "22023", message: "since must be 0 or more")
    }
    if maxRows < 1 || maxRows > 1000 {
      return SyncCallError(
        status: 400, code: "22023", message: "max_rows must be from 1 to 1000")
    }
    return nil
  }

  /// The `changes` argument as JSON: an array of at most 500 changes.
  static func parseChanges(_ text: String) throws(SyncCallError) -> [StrictJSONValue] {
    let value: StrictJSONValue
    do {
      value = try StrictJSONParser(maximumDepth: 64).parse(Array(text.utf8))
    } catch StrictJSONError.tooManyValues {
      throw SyncCallError.tooManyValues
    } catch {
      throw SyncCallError(
        status: 400, code: "22P02", message: "invalid input syntax for type json",
        details: "\(error)")
    }
    // PostgreSQL's text cannot hold U+0000, so its jsonb refuses the whole argument, wherever
    // the character is, before any change is read.
    if containsNUL(value) {
      throw SyncCallError(
        status: 400, code: "22P05", message: "unsupported Unicode escape sequence",
        details: "\\u0000 cannot be converted to text.")
    }
    guard let changes = value.arrayValue else {
      throw SyncCallError(status: 400, code: "22023", message: "changes must be a JSON array")
    }
    guard changes.count <= 500 else {
      throw SyncCallError(
        status: 400, code: "22023", message: "at most 500 changes per sync_push",
        details: "\(changes.count) changes")
    }
    return changes
  }
}
