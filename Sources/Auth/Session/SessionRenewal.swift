import Core
import Foundation

/// One renewal of the session, as a shared refresh runs it. It holds the stored record's lock
/// across processes (`SessionStore.lock()`) from re-reading the record until the caller has
/// applied the result, so two processes never spend the same refresh token: a session another
/// process renewed meanwhile is adopted rather than renewed again, and one GoTrue ended is
/// still adopted when another process renewed it first.
struct SessionRenewal: Sendable {
  /// What the renewal found; the caller makes it current (or not).
  enum Result: Sendable {
    /// GoTrue renewed the session on try number `attempt`; it is not saved yet.
    case renewed(AuthSession, attempt: Int)
    /// Another process renewed it; the stored record already holds it.
    case renewedElsewhere(AuthSession)
    /// GoTrue ended the session.
    case ended
    /// No renewal, the session stays; `error` stopped the tries.
    case gaveUp(any Error)
    /// The session changed while renewing; nothing is to be kept.
    case superseded
  }

  let persistence: SessionPersistence
  let attempts: RefreshAttempts

  /// Renews `current` and hands the result to `apply` while still holding the lock.
  /// - Parameters:
  ///   - isCurrent: whether the session being renewed is still the caller's.
  ///   - apply: makes the result current, saving a renewed session.
  /// - Throws: what `apply` throws.
  func renew(
    _ current: AuthSession, isCurrent: @Sendable () async -> Bool,
    apply: @Sendable (Result) async throws -> AuthSession
  ) async throws -> AuthSession {
    let lease = await persistence.lock()
    defer { lease.release() }
    guard await isCurrent() else { return try await apply(.superseded) }
    var current = current
    if let newer = persistence.newerSession(than: current) {
      guard newer.needsRefresh(at: attempts.clock.now(), margin: attempts.policy.margin) else {
        attempts.logger.info("adopted a session renewed elsewhere", category: .auth)
        return try await apply(.renewedElsewhere(newer))
      }
      current = newer
    }
    switch await attempts.run(refreshToken: current.refreshToken, isCurrent: isCurrent) {
    case .renewed(let renewed, let attempt):
      return try await apply(.renewed(renewed, attempt: attempt))
    case .ended:
      if let newer = persistence.newerSession(than: current) {
        attempts.logger.info(
          "the refresh token was renewed elsewhere; adopted it", category: .auth)
        return try await apply(.renewedElsewhere(newer))
      }
      return try await apply(.ended)
    case .gaveUp(let error):
      return try await apply(.gaveUp(error))
    case .superseded:
      return try await apply(.superseded)
    }
  }
}
