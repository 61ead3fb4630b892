import Core

/// What the server said about the signed-in account (`kiln whoami`, an account screen).
public enum AccountConfirmation: Equatable, Sendable {
  /// The server recognised the session; the account as the server has it now.
  case confirmed(AuthUser)
  /// A session is stored but the server could not be asked (offline, unreachable, a server
  /// error): the stored account, and why it is unconfirmed.
  case unconfirmed(AuthUser, reason: AppError)
  /// Nobody is signed in, or the server ended the session when asked.
  case signedOut

  /// The account, confirmed or not.
  public var user: AuthUser? {
    switch self {
    case .confirmed(let user), .unconfirmed(let user, _): return user
    case .signedOut: return nil
    }
  }
}
