/// The GoTrue (Supabase Auth) calls the session manager makes, one method per endpoint.
///
/// `GoTrueClient` is the implementation over `HTTPClient`; tests may script their own.
/// Every method throws `AuthError.server` for an error answer and the transport's error
/// (`HTTPError`) when no answer arrived.
public protocol GoTrueAPI: Sendable {
  /// `POST /signup` with e-mail and password.
  /// - Throws: `AuthError.server` (e.g. `weak_password`, `user_already_exists`), transport errors.
  func signUp(email: String, password: String) async throws -> GoTrueSignUpResult

  /// `POST /token?grant_type=password`.
  /// - Throws: `AuthError.server` (e.g. `invalid_credentials`), transport errors.
  func signIn(email: String, password: String) async throws -> AuthSession

  /// `POST /token?grant_type=id_token`.
  /// - Throws: `AuthError.server` (often the OAuth shape: "Bad ID token"), transport errors.
  func signIn(with credential: OpenIDCredential) async throws -> AuthSession

  /// `POST /token?grant_type=refresh_token`: a new session with a new (rotated) refresh token.
  /// - Throws: `AuthError.server` (see `GoTrueError.endsSessionOnRefresh`), transport errors.
  func refresh(refreshToken: String) async throws -> AuthSession

  /// `POST /recover`: sends the password-reset e-mail (answers the same for unknown
  /// addresses).
  /// - Throws: `AuthError.server` (e.g. `over_email_send_rate_limit`), transport errors.
  func recover(email: String) async throws

  /// `POST /logout?scope=…` with the access token.
  /// - Throws: `AuthError.server`, transport errors.
  func logout(accessToken: String, scope: SignOutScope) async throws

  /// `GET /user` with the access token.
  /// - Throws: `AuthError.server` (e.g. `bad_jwt`, `session_not_found`), transport errors.
  func user(accessToken: String) async throws -> AuthUser

  /// `POST {SUPABASE_URL}/functions/v1/delete-account` with the access token.
  /// - Throws: `AuthError.server` with the function's error, transport errors.
  func deleteAccount(accessToken: String) async throws
}

/// What `POST /signup` answered.
public enum GoTrueSignUpResult: Equatable, Sendable {
  /// The project confirms addresses automatically: a whole session.
  case session(AuthSession)
  /// A confirmation e-mail was sent (or the address is taken): only the user.
  case confirmationRequired(AuthUser)
}

/// Which sessions `/logout` ends.
public enum SignOutScope: String, Equatable, Sendable {
  /// Only this session: the user stays signed in on their other devices.
  case local
  /// Every session of the user, on every device.
  case global
  /// Every session except this one.
  case others
}
