/// A PostgreSQL SQLSTATE code (five characters), open so a code Kiln has no name for still
/// arrives intact.
public struct SQLState: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The five-character code, as the server sent it.
  public let rawValue: String

  /// Wraps a code as the server sent it.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// The code itself, for logs.
  public var description: String { rawValue }

  /// The class of the code: its first two characters (`23` for integrity violations).
  public var errorClass: String { String(rawValue.prefix(2)) }

  /// 23505: a unique constraint or primary key already holds the value.
  public static let uniqueViolation = SQLState(rawValue: "23505")
  /// 23503: a foreign key points nowhere.
  public static let foreignKeyViolation = SQLState(rawValue: "23503")
  /// 23502: a NOT NULL column was given NULL.
  public static let notNullViolation = SQLState(rawValue: "23502")
  /// 23514: a CHECK constraint failed.
  public static let checkViolation = SQLState(rawValue: "23514")
  /// 42601: the SQL does not parse.
  public static let syntaxError = SQLState(rawValue: "42601")
  /// 42P01: the table or view does not exist.
  public static let undefinedTable = SQLState(rawValue: "42P01")
  /// 40001: a serializable or repeatable-read transaction lost a conflict; retry it.
  public static let serializationFailure = SQLState(rawValue: "40001")
  /// 40P01: the transaction was chosen as a deadlock victim; retry it.
  public static let deadlockDetected = SQLState(rawValue: "40P01")
  /// 25P02: a statement was sent inside a transaction that has already failed.
  public static let inFailedTransaction = SQLState(rawValue: "25P02")
  /// 57P01: an administrator (or `pg_terminate_backend`) ended the session.
  public static let adminShutdown = SQLState(rawValue: "57P01")
  /// 28P01: the password was refused.
  public static let invalidPassword = SQLState(rawValue: "28P01")
  /// 55P03: a lock could not be taken without waiting (`NOWAIT`).
  public static let lockNotAvailable = SQLState(rawValue: "55P03")

  /// Whether running the whole transaction again may succeed (40001 and 40P01).
  public var isRetryableTransactionFailure: Bool {
    self == .serializationFailure || self == .deadlockDetected
  }
}
