import Foundation

/// An `AuthClient` for development that needs no server: any e-mail and password sign in (or
/// sign up) as "Debug User", and the access token is always `debug-token`.
///
/// The app's composition picks it (through its `FeatureFlags` rule) for development builds and
/// previews. An actor, so it is safe to share.
public actor MockAuthClient: AuthClient {
  /// The mock user's name.
  public static let userName = "Debug User"
  /// The mock user's id.
  public static let userID = "debug-user"
  /// The access token the mock hands out.
  public static let accessToken = "debug-token"

  private let broadcaster: AuthStateBroadcaster
  private var user: AuthUser?

  /// A mock client, signed out unless `signedIn` (then as `debug@example.com`).
  public init(signedIn: Bool = false) {
    self.init(signedInAs: signedIn ? "debug@example.com" : nil)
  }

  /// A mock client signed in as the debug user with `email`, or signed out when it is `nil`.
  public init(signedInAs email: String?) {
    let initialUser = email.map(Self.makeUser(email:))
    user = initialUser
    broadcaster = AuthStateBroadcaster(
      initial: initialUser.map(AuthState.authenticated) ?? .unauthenticated)
  }

  /// Signs in as the debug user.
  public func signInWithApple() async throws -> AuthUser {
    signIn(email: nil)
  }

  /// Signs in as the debug user.
  public func signInWithGoogle() async throws -> AuthUser {
    signIn(email: nil)
  }

  /// Signs in as the debug user, whatever the credential.
  public func signIn(with credential: OpenIDCredential) async throws -> AuthUser {
    signIn(email: nil)
  }

  /// Signs in as the debug user with `email`: no confirmation needed.
  public func signUpWithEmail(email: String, password: String) async throws -> SignUpOutcome {
    .signedIn(signIn(email: email))
  }

  /// Signs in as the debug user with `email`; any password is accepted.
  public func signInWithEmail(email: String, password: String) async throws -> AuthUser {
    signIn(email: email)
  }

  /// Does nothing: no e-mail is sent.
  public func resetPassword(email: String) async throws {}

  /// Signs out.
  public func signOut() async throws {
    user = nil
    broadcaster.publish(.unauthenticated)
  }

  /// Signs out (there is no account to delete).
  public func deleteAccount() async throws {
    guard user != nil else { throw AuthError.notSignedIn }
    try await signOut()
  }

  /// The debug user when signed in.
  public func currentUser() async -> AuthUser? {
    user
  }

  /// The state; the mock's token never expires.
  public func snapshot() async -> AuthSnapshot {
    AuthSnapshot(
      state: broadcaster.current, user: user, accessTokenExpiresAt: nil,
      isAccessTokenExpired: false)
  }

  /// The states, starting with the current one.
  public nonisolated func authStates() -> AsyncStream<AuthState> {
    broadcaster.subscribe()
  }

  /// Does nothing: the mock's token never expires.
  public func refreshIfNeeded() async throws {}

  /// `debug-token` when signed in, else `nil`.
  public func validAccessToken() async throws -> String? {
    user == nil ? nil : Self.accessToken
  }

  private func signIn(email: String?) -> AuthUser {
    let signedIn = Self.makeUser(email: email ?? user?.email ?? "debug@example.com")
    user = signedIn
    broadcaster.publish(.authenticated(signedIn))
    return signedIn
  }

  private static func makeUser(email: String) -> AuthUser {
    AuthUser(id: userID, email: email, name: userName, avatarURL: nil)
  }
}
