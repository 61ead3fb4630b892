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
    guard let current = session else { return nil }
    let now = clock.now()
    guard current.needsRefresh(at: now, margin: policy.margin) else { return current.accessToken }
    do {
      return try await refreshSession(showingProgress: current.isExpired(at: now)).accessToken
    } catch let error as AuthError where error == .sessionExpired || error == .sessionChanged {
      throw error
    } catch {
      guard let still = session, !still.isExpired(at: clock.now()) else { throw error }
      return still.accessToken
    }
  }

  /// Renews the access token if it expires within `policy.margin` seconds; does nothing when
  /// it does not or nobody is signed in.
  /// - Throws: `AuthError.sessionExpired` (signed out), or the transient error that stopped the
  ///   refresh (still signed in).
  public func refreshIfNeeded() async throws {
    guard let current = session else { return }
    let now = clock.now()
    guard current.needsRefresh(at: now, margin: policy.margin) else { return }
    _ = try await refreshSession(showingProgress: current.isExpired(at: now))
  }

  /// Call when a server rejected `rejectedToken` (HTTP 401): renews the session unless it was
  /// renewed since that token was handed out, and returns the token to retry with once.
  /// - Throws: as `refreshIfNeeded()`; `AuthError.notSignedIn` when nobody is signed in.
  public func renewAccessToken(rejected rejectedToken: String) async throws -> String {
    guard let current = session else { throw AuthError.notSignedIn }
    guard current.accessToken == rejectedToken else { return current.accessToken }
    return try await refreshSession(showingProgress: false).accessToken
  }
}
