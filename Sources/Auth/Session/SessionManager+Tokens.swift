import Core
import Foundation

extension SessionManager {
  /// An access token valid for at least `policy.margin` seconds, renewing first when needed;
  /// `nil` when nobody is signed in. A token that is about to expire but has not yet is still
  /// returned when renewing it failed for a transient reason.
  /// - Throws: `AuthError.sessionExpired` when the server ended the session,
  ///   `AuthError.sessionChanged` when the user signed out meanwhile, or the transient error
  ///   when the token has expired and could not be renewed.
  public func validAccessToken() async throws -> String? {
    try await keeper.validAccessToken()
  }

  /// Renews the access token if it expires within `policy.margin` seconds; does nothing when
  /// it does not or nobody is signed in.
  /// - Throws: `AuthError.sessionExpired` (signed out), or the transient error that stopped the
  ///   refresh (still signed in).
  public func refreshIfNeeded() async throws {
    try await keeper.refreshIfNeeded()
  }

  /// Call when a server rejected `rejectedToken` (HTTP 401): renews the session unless it was
  /// renewed since that token was handed out, and returns the token to retry with once.
  /// - Throws: as `refreshIfNeeded()`; `AuthError.notSignedIn` when nobody is signed in.
  public func renewAccessToken(rejected rejectedToken: String) async throws -> String {
    try await keeper.renewAccessToken(rejected: rejectedToken)
  }
}
