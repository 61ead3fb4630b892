import Foundation

/// One call of a sync function, its arguments already checked for names and types.
public enum SyncCall: Sendable, Equatable {
  /// `sync_pull(since, max_rows)`.
  case pull(since: Int64, maxRows: Int)
  /// `sync_push(changes)`, with `changes` as the request's JSON text of that argument.
  case push(changes: String)
}

/// The verified user a sync call runs as.
public struct SyncCaller: Sendable, Equatable {
  /// The token's `sub`.
  public var userID: UUID
  /// The verified token's payload, as JSON text (PostgREST's `request.jwt.claims`).
  public var claims: String

  /// A caller.
  public init(userID: UUID, claims: String) {
    self.userID = userID
    self.claims = claims
  }
}

/// A refusal in PostgREST's shape: `{"code","message","details","hint"}` with its status.
public struct SyncCallError: Error, Sendable, Equatable {
  /// The HTTP status.
  public var status: Int
  /// A SQLSTATE (`22023`, `42501`, …) or a PostgREST code (`PGRST102`, …).
  public var code: String
  /// A sentence for developers; never message content or tokens.
  public var message: String
  /// More about what was wrong (which change), or `nil`.
  public var details: String?
  /// What to do about it, or `nil`.
  public var hint: String?

  /// A refusal with every part given.
  public init(
    status: Int, code: String, message: String, details: String? = nil, hint: String? = nil
  ) {
    self.status = status
    self.code = code
    self.message = message
    self.details = details
    self.hint = hint
  }
}

/// Where kiln-server keeps synced rows (docs/SYNC.md): the SQLite store implements the
/// contract in Swift, the PostgreSQL store runs the migration's own functions under
/// row-level security. One contract test suite runs against both.
public protocol SyncStore: Sendable {
  /// Runs `call` as `caller` and returns the function's JSON value as text.
  /// - Throws: `SyncCallError` for every refusal, `503 PGRST000` when the store cannot
  ///   answer.
  func perform(_ call: SyncCall, as caller: SyncCaller) async throws(SyncCallError) -> String

  /// Deletes every synced row of `user` and its change sequence (delete-account), and from
  /// then on refuses the user's pushes (`SyncCallError.accountDeleted`): a device still
  /// holding one of the account's access tokens cannot store rows nobody owns. A push in
  /// flight finishes first, and its rows go too.
  /// - Throws: when the store cannot answer; nothing is half deleted.
  func deleteSyncedRows(of user: UUID) async throws
}

extension SyncCallError {
  /// A push by an account the server has deleted (a device still holding one of its access
  /// tokens): nothing is stored. 409 `23503`, what Supabase answers when the rows' foreign
  /// key to `auth.users` finds the user gone.
  public static let accountDeleted = SyncCallError(
    status: 409, code: "23503",
    message: "this account was deleted; its data is no longer stored",
    hint: "sign in again")
}
