import Core

/// Why an auth operation failed. Maps to `AppError` for people; the technical detail
/// (`description`) goes to logs.
public enum AuthError: Error, Equatable, Sendable {
  /// GoTrue (or the delete-account function) answered with an error.
  case server(GoTrueError)
  /// The operation needs a signed-in user and nobody is signed in.
  case notSignedIn
  /// The session ended (the server rejected the refresh token); the user must sign in again.
  case sessionExpired
  /// The user signed out, or another user signed in, while the operation waited; its result
  /// was discarded.
  case sessionChanged
  /// Sign-in with this provider needs a native sign-in flow this build does not have.
  case providerUnavailable(IdentityProvider)
  /// The server answered with success but a body that is not what GoTrue sends.
  case invalidResponse(String)
}

extension AuthError: AppErrorConvertible {
  /// `.server` → the GoTrue mapping; `.notSignedIn` / `.sessionExpired` → `.sessionExpired`;
  /// `.sessionChanged` → `.cancelled` (the user's own action superseded it);
  /// `.providerUnavailable` → `.notConfigured`; `.invalidResponse` → `.decoding`.
  public var appError: AppError {
    switch self {
    case .server(let error): return error.appError
    case .notSignedIn, .sessionExpired: return .sessionExpired
    case .sessionChanged: return .cancelled
    case .providerUnavailable(let provider): return .notConfigured(provider.displayName)
    case .invalidResponse: return .decoding
    }
  }
}

extension AuthError: CustomStringConvertible {
  /// A developer-facing description without tokens.
  public var description: String {
    switch self {
    case .server(let error): return "AuthError.server(\(error))"
    case .notSignedIn: return "AuthError.notSignedIn"
    case .sessionExpired: return "AuthError.sessionExpired"
    case .sessionChanged: return "AuthError.sessionChanged"
    case .providerUnavailable(let provider): return "AuthError.providerUnavailable(\(provider))"
    case .invalidResponse(let detail): return "AuthError.invalidResponse(\(detail))"
    }
  }
}
