import Core

/// What a failed refresh means for the session.
enum RefreshFailure: Equatable {
  /// The server ended the session: sign out.
  case terminal
  /// Worth another try soon (transport failure, 5xx, 429, 408); the session stays.
  case transient(retryAfter: Double?)
  /// Not worth retrying now (an unreadable answer, an unexpected 4xx), but not the end of the
  /// session either: it stays, and the next call tries again.
  case permanent

  /// Classifies an error thrown by `GoTrueAPI.refresh(refreshToken:)`. Only GoTrue's own
  /// session-ending answers are terminal; cancellation and every transport failure are not.
  init(_ error: any Error) {
    if case AuthError.server(let serverError) = error {
      if serverError.endsSessionOnRefresh {
        self = .terminal
      } else if serverError.isTransient {
        self = .transient(retryAfter: serverError.retryAfter)
      } else {
        self = .permanent
      }
      return
    }
    let appError = AppError.from(error)
    switch appError {
    case .cancelled:
      // The refresh task itself is only cancelled when the session changed; a cancellation
      // coming from below (the system dropped the connection) is worth another try.
      self = .transient(retryAfter: nil)
    case .rateLimited(let retryAfter):
      self = .transient(retryAfter: retryAfter)
    default:
      self = appError.isTransient ? .transient(retryAfter: nil) : .permanent
    }
  }
}
