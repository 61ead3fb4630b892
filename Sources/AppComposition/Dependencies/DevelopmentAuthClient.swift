import Auth
import Core
import Foundation
import Storage

/// The mock account of development builds, remembered between runs.
///
/// `MockAuthClient` signs anyone in as the debug user but forgets it when the process ends;
/// the terminal app runs one process per command, so this wrapper keeps the signed-in
/// e-mail address in the secure store and restores it at launch.
actor DevelopmentAuthClient: AuthClient {
  static let markKey = "mock_auth_signed_in_email"

  private let mock: MockAuthClient
  private let store: any SecureStore

  init(store: any SecureStore) {
    self.store = store
    let email = (try? store.getString(Self.markKey)).flatMap { $0 }
    mock = MockAuthClient(signedInAs: email)
  }

  /// Stores the signed-in user's address, or forgets it when nobody is signed in.
  private func remember(_ user: AuthUser?) throws {
    if let user {
      try store.setString(user.email ?? "debug@example.com", for: Self.markKey)
    } else {
      try store.delete(Self.markKey)
    }
  }

  func signInWithApple() async throws -> AuthUser {
    let user = try await mock.signInWithApple()
    try remember(user)
    return user
  }

  func signInWithGoogle() async throws -> AuthUser {
    let user = try await mock.signInWithGoogle()
    try remember(user)
    return user
  }

  func signIn(with credential: OpenIDCredential) async throws -> AuthUser {
    let user = try await mock.signIn(with: credential)
    try remember(user)
    return user
  }

  func signUpWithEmail(email: String, password: String) async throws -> SignUpOutcome {
    let outcome = try await mock.signUpWithEmail(email: email, password: password)
    try remember(await mock.currentUser())
    return outcome
  }

  func signInWithEmail(email: String, password: String) async throws -> AuthUser {
    let user = try await mock.signInWithEmail(email: email, password: password)
    try remember(user)
    return user
  }

  func resetPassword(email: String) async throws {
    try await mock.resetPassword(email: email)
  }

  func signOut() async throws {
    try await mock.signOut()
    try remember(nil)
  }

  func deleteAccount() async throws {
    try await mock.deleteAccount()
    try remember(nil)
  }

  func currentUser() async -> AuthUser? { await mock.currentUser() }

  func snapshot() async -> AuthSnapshot { await mock.snapshot() }

  nonisolated func authStates() -> AsyncStream<AuthState> { mock.authStates() }

  func refreshIfNeeded() async throws { try await mock.refreshIfNeeded() }

  func validAccessToken() async throws -> String? { try await mock.validAccessToken() }
}

/// The account client of a build with no Supabase project configured: nobody is signed in,
/// and signing in says what to configure.
struct UnconfiguredAuthClient: AuthClient {
  private var reason: AppError { .notConfigured("Accounts (SUPABASE_URL and SUPABASE_ANON_KEY)") }

  func signInWithApple() async throws -> AuthUser { throw reason }
  func signInWithGoogle() async throws -> AuthUser { throw reason }
  func signIn(with credential: OpenIDCredential) async throws -> AuthUser { throw reason }
  func signUpWithEmail(email: String, password: String) async throws -> SignUpOutcome {
    throw reason
  }
  func signInWithEmail(email: String, password: String) async throws -> AuthUser { throw reason }
  func resetPassword(email: String) async throws { throw reason }
  func signOut() async throws {}
  func deleteAccount() async throws { throw reason }
  func currentUser() async -> AuthUser? { nil }
  func snapshot() async -> AuthSnapshot { .signedOut }
  func authStates() -> AsyncStream<AuthState> {
    AsyncStream { $0.yield(.unauthenticated) }
  }
  func refreshIfNeeded() async throws {}
  func validAccessToken() async throws -> String? { nil }
}
