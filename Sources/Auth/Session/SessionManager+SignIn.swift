import Core
import Foundation

extension SessionManager {
  /// Signs in with e-mail and password (`grant_type=password`).
  /// - Throws: `AppError.validation` for an empty address or password, `AuthError.server`
  ///   (`invalid_credentials`, `email_not_confirmed`, rate limits), transport errors, or the
  ///   store's error when the session could not be saved (the user is then not signed in).
  public func signInWithEmail(email: String, password: String) async throws -> AuthUser {
    let address = try Credentials.validatedEmail(email)
    try Credentials.validatePassword(password)
    let newSession = try await api.signIn(email: address, password: password)
    return try await establish(newSession, method: "password")
  }

  /// Creates an account with e-mail and password. When the project confirms addresses
  /// automatically the user is signed in; otherwise a confirmation e-mail was sent and the
  /// state does not change.
  /// - Throws: `AppError.validation` for an empty address or password, `AuthError.server`
  ///   (weak password, invalid address, existing account), transport errors, the store's error.
  public func signUpWithEmail(email: String, password: String) async throws -> SignUpOutcome {
    let address = try Credentials.validatedEmail(email)
    try Credentials.validatePassword(password)
    switch try await api.signUp(email: address, password: password) {
    case .session(let newSession):
      return .signedIn(try await establish(newSession, method: "sign-up"))
    case .confirmationRequired(let user):
      logger.info("sign-up accepted; confirmation e-mail sent", category: .auth)
      return .confirmationRequired(user)
    }
  }

  /// Signs in with an OpenID id token (`grant_type=id_token`).
  /// - Throws: `AuthError.server` (e.g. "Bad ID token", "Nonces mismatch"), transport errors,
  ///   the store's error.
  public func signIn(with credential: OpenIDCredential) async throws -> AuthUser {
    let newSession = try await api.signIn(with: credential)
    return try await establish(newSession, method: "id token (\(credential.provider))")
  }

  /// Runs the Apple sign-in flow given at creation and exchanges its id token.
  /// - Throws: `AuthError.providerUnavailable(.apple)` when none was given (always on Linux),
  ///   the flow's error, or GoTrue's.
  public func signInWithApple() async throws -> AuthUser {
    try await signIn(using: .apple)
  }

  /// Runs the Google sign-in flow given at creation and exchanges its id token.
  /// - Throws: `AuthError.providerUnavailable(.google)` when none was given, the flow's error,
  ///   or GoTrue's.
  public func signInWithGoogle() async throws -> AuthUser {
    try await signIn(using: .google)
  }

  /// Sends a password-reset e-mail.
  /// - Throws: `AppError.validation` for an empty address, `AuthError.server` (rate limits),
  ///   transport errors.
  public func resetPassword(email: String) async throws {
    let address = try Credentials.validatedEmail(email)
    try await api.recover(email: address)
    logger.info("password-reset e-mail requested", category: .auth)
  }

  private func signIn(using provider: IdentityProvider) async throws -> AuthUser {
    guard let flow = identityProviders[provider] else {
      throw AuthError.providerUnavailable(provider)
    }
    var credential = try await flow.requestIDToken()
    credential.provider = provider
    return try await signIn(with: credential)
  }

  /// Makes a new session current (`SessionKeeper.establish`).
  private func establish(_ newSession: AuthSession, method: String) async throws -> AuthUser {
    try await keeper.establish(newSession, method: method)
    return newSession.user
  }
}
