/// Everything the app does with accounts. `SessionManager` talks to GoTrue; `MockAuthClient`
/// signs anyone in, for development.
///
/// Errors thrown are `AuthError` (or the transport's `HTTPError`); show them with
/// `AppError.from(error).localizedUserMessage`.
public protocol AuthClient: Sendable {
  /// Signs in with Apple's native sheet and exchanges its id token with GoTrue.
  /// - Throws: `AuthError.providerUnavailable(.apple)` when this build has no Apple sign-in
  ///   (Linux), the provider's error, or GoTrue's.
  func signInWithApple() async throws -> AuthUser

  /// Signs in with Google's native flow and exchanges its id token with GoTrue.
  /// - Throws: `AuthError.providerUnavailable(.google)` when this build has no Google sign-in,
  ///   the provider's error, or GoTrue's.
  func signInWithGoogle() async throws -> AuthUser

  /// Signs in with an OpenID id token (and its raw nonce) that a provider issued.
  /// - Throws: `AuthError.server` (e.g. "Bad ID token", "Nonces mismatch"), transport errors.
  func signIn(with credential: OpenIDCredential) async throws -> AuthUser

  /// Creates an account; signs in at once when the project does not require confirmation.
  /// - Throws: `AuthError.server` (weak password, invalid address, …), transport errors.
  func signUpWithEmail(email: String, password: String) async throws -> SignUpOutcome

  /// Signs in with e-mail and password.
  /// - Throws: `AuthError.server` (`invalid_credentials` → `AppError.unauthorized`,
  ///   `email_not_confirmed`, rate limits), transport errors.
  func signInWithEmail(email: String, password: String) async throws -> AuthUser

  /// Sends a password-reset e-mail. Succeeds for unknown addresses too (the server does not
  /// reveal which addresses have accounts).
  /// - Throws: `AuthError.server` (rate limits), transport errors.
  func resetPassword(email: String) async throws

  /// Signs out: forgets the session locally first (the state becomes `.unauthenticated` at
  /// once), then tells the server, ignoring its answer.
  /// - Throws: only when the stored session could not be removed.
  func signOut() async throws

  /// Deletes the account through the backend's delete-account function, then signs out
  /// locally.
  /// - Throws: `AuthError.notSignedIn`, the function's error, transport errors; the session is
  ///   kept when deletion failed.
  func deleteAccount() async throws

  /// The signed-in user, or `nil`.
  func currentUser() async -> AuthUser?

  /// Who is signed in and until when the access token is valid (for `whoami`).
  func snapshot() async -> AuthSnapshot

  /// Asks the server whose session this is, renewing the access token first when it is due;
  /// when the server cannot be asked, the stored account is returned unconfirmed.
  func confirmAccount() async -> AccountConfirmation

  /// The states, starting with the current one; every subscriber gets every later change.
  func authStates() -> AsyncStream<AuthState>

  /// Renews the access token if it expires within a minute, or within half its lifetime for a
  /// token that lives no longer than that (or has expired); otherwise does nothing.
  /// Concurrent callers share one refresh.
  /// - Throws: `AuthError.sessionExpired` when the server ended the session (the user is now
  ///   signed out), or the transient error that stopped the refresh (the user stays signed in).
  func refreshIfNeeded() async throws

  /// An access token good for at least a minute (half its lifetime for a token that lives no
  /// longer), refreshing first if needed; `nil` when nobody is signed in. What
  /// `AuthTokenProvider` hands the `AuthInterceptor`.
  /// - Throws: `AuthError.sessionExpired` when the session ended, or the transient error when
  ///   the token has expired and could not be renewed.
  func validAccessToken() async throws -> String?
}

extension AuthClient {
  /// A client without a server of record (the development mock) confirms its own account.
  public func confirmAccount() async -> AccountConfirmation {
    guard let user = await currentUser() else { return .signedOut }
    return .confirmed(user)
  }
}
