import Core
import Foundation

extension SessionManager {
  /// Signs out of this device (`scope=local`): the user stays signed in elsewhere.
  /// - Throws: only when the stored session could not be removed.
  public func signOut() async throws {
    try await signOut(scope: .local)
  }

  /// Signs out: forgets the session locally first (state `.unauthenticated` at once, any
  /// refresh in flight discarded), then asks GoTrue to end it. The server's answer, and a
  /// failure to reach it, are logged and ignored: the local sign-out already happened.
  /// - Throws: only when the stored session could not be removed.
  public func signOut(scope: SignOutScope) async throws {
    let (ended, clearFailure) = await keeper.endSession(because: "the user signed out")
    if let ended {
      do {
        try await api.logout(accessToken: ended.accessToken, scope: scope)
      } catch {
        logger.notice(
          "server sign-out failed (ignored): \(AppError.from(error).code)", category: .auth)
      }
    }
    if let clearFailure { throw clearFailure }
  }

  /// Deletes the account through the backend's delete-account function with a fresh access
  /// token, then signs out locally. When deletion fails the user stays signed in.
  /// - Throws: `AuthError.notSignedIn`, `AuthError.sessionExpired`, the function's error as
  ///   `AuthError.server`, transport errors, or the store's error after a successful deletion.
  public func deleteAccount() async throws {
    let (token, deletionGeneration) = try await keeper.validAccessTokenAndGeneration()
    guard let token else { throw AuthError.notSignedIn }
    try await api.deleteAccount(accessToken: token)
    logger.info("account deleted", category: .auth)
    let (_, clearFailure) = await keeper.endSession(
      because: "the account was deleted", ifGeneration: deletionGeneration)
    if let clearFailure { throw clearFailure }
  }
}
