/// What e-mail sign-up produced.
///
/// GoTrue answers sign-up with a whole session when the project confirms e-mail addresses
/// automatically, and with only the user when a confirmation e-mail was sent. For an address
/// that is already registered it answers exactly like the second case (so nobody can probe
/// which addresses have accounts), which is why there is no "already registered" outcome.
public enum SignUpOutcome: Equatable, Sendable {
  /// The account exists and the user is signed in.
  case signedIn(AuthUser)
  /// A confirmation e-mail was sent; the user signs in after following its link.
  case confirmationRequired(AuthUser)

  /// The user in either outcome.
  public var user: AuthUser {
    switch self {
    case .signedIn(let user), .confirmationRequired(let user): return user
    }
  }

  /// Whether the user is signed in now.
  public var isSignedIn: Bool {
    if case .signedIn = self { return true }
    return false
  }
}
