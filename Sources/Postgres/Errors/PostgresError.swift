import Core

/// A failure in the Postgres module: what kind it is, and for server errors the fields the
/// server sent (SQLSTATE, message, detail, hint).
///
/// Nothing here ever holds a password or a parameter value: messages come from the server or
/// libpq (which name users, hosts and databases, never passwords) or from this module.
public struct PostgresError: Error, Equatable, Sendable {
  /// What went wrong, in terms a caller can branch on.
  public enum Kind: Equatable, Sendable {
    /// The `DATABASE_URL` is not one this module accepts; `message` says why.
    case invalidURL
    /// The connection could not be opened (refused, unreachable, authentication failed).
    case connectionFailed
    /// The server answered a statement with an error; `sqlState` is set.
    case server
    /// The connection broke while a statement ran, or is already closed.
    case connectionLost
    /// A value in a row could not be decoded to the requested type.
    case decoding
    /// The pool had no connection free within its wait timeout.
    case poolTimeout
    /// The pool was closed.
    case poolClosed
    /// A caller misused the API (a transaction inside a transaction, a statement name reused
    /// for other SQL, an invalid migration list).
    case misuse
    /// A migration failed and was rolled back; `migrationVersion` names it.
    case migrationFailed
  }

  /// What went wrong.
  public var kind: Kind
  /// The server's SQLSTATE, for `.server` errors (and migrations that failed with one).
  public var sqlState: SQLState?
  /// The primary message: the server's, libpq's or this module's.
  public var message: String
  /// The server's optional detail line.
  public var detail: String?
  /// The server's optional hint.
  public var hint: String?
  /// The migration that failed, for `.migrationFailed`.
  public var migrationVersion: Int?

  /// An error of `kind` with a message and, for server errors, the server's fields.
  public init(
    _ kind: Kind, message: String, sqlState: SQLState? = nil, detail: String? = nil,
    hint: String? = nil, migrationVersion: Int? = nil
  ) {
    self.kind = kind
    self.message = message
    self.sqlState = sqlState
    self.detail = detail
    self.hint = hint
    self.migrationVersion = migrationVersion
  }
}

extension PostgresError: CustomStringConvertible {
  /// A developer-facing description for logs: kind, SQLSTATE, message and hint. The detail
  /// is left out because the server puts row values in it (`Key (email)=(…) already
  /// exists`); read `detail` where showing them is safe.
  public var description: String {
    var text = "PostgresError.\(kind)"
    if let migrationVersion { text += "(migration \(migrationVersion))" }
    if let sqlState { text += " [\(sqlState)]" }
    text += ": \(message)"
    if let hint { text += " HINT: \(hint)" }
    return text
  }
}

extension PostgresError: AppErrorConvertible {
  /// A store that cannot answer is unavailable to the user (503), a busy pool or a retryable
  /// conflict is `.storage(.busy)`, everything else a storage failure with `description`
  /// (which never holds the detail's row values).
  public var appError: AppError {
    switch kind {
    case .connectionFailed, .connectionLost, .poolClosed: return .serviceUnavailable(status: 503)
    case .poolTimeout: return .storage(.busy)
    case .server where sqlState?.isRetryableTransactionFailure == true: return .storage(.busy)
    default: return .storage(.failed(description))
    }
  }
}
