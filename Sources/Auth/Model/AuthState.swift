/// Where the session stands, as `authStates()` reports it.
public enum AuthState: Equatable, Hashable, Sendable {
  /// A user is signed in. Their access token may be refreshing silently in the background.
  case authenticated(AuthUser)
  /// Nobody is signed in.
  case unauthenticated
  /// A stored session whose access token expired is being renewed; the UI shows "restoring"
  /// until `.authenticated` or `.unauthenticated` follows.
  case refreshing

  /// The signed-in user, for `.authenticated`.
  public var user: AuthUser? {
    if case .authenticated(let user) = self { return user }
    return nil
  }

  /// Whether a user is signed in.
  public var isAuthenticated: Bool { user != nil }
}

extension AuthState: CustomStringConvertible {
  /// The case name only: no e-mail address or name reaches a log through it.
  public var description: String {
    switch self {
    case .authenticated: return "authenticated"
    case .unauthenticated: return "unauthenticated"
    case .refreshing: return "refreshing"
    }
  }
}
