import Core
import Foundation

/// One refresh's tries against GoTrue: up to `policy.maxAttempts`, waiting the policy's
/// backoff after each transient failure (network, 5xx, 429, 408), and stopping at once at an
/// answer that ends the session, at one not worth repeating, or as soon as the session they
/// renew is no longer current. It changes nothing itself: the caller applies the outcome.
struct RefreshAttempts: Sendable {
  /// How the tries ended.
  enum Outcome {
    /// GoTrue renewed the session on try number `attempt`.
    case renewed(AuthSession, attempt: Int)
    /// GoTrue ended the session (the refresh token is revoked, unknown or reused).
    case ended
    /// No renewal, but the session stays: transient failures used up the tries (or a
    /// `Retry-After` was too long to wait), the answer was not worth repeating, or the task
    /// was cancelled. `error` is the last failure.
    case gaveUp(any Error)
    /// The session changed (sign-in or sign-out) while the tries ran; nothing is to be kept.
    case superseded
  }

  let api: any GoTrueAPI
  let clock: AppClock
  let policy: RefreshPolicy
  let logger: AppLogger

  /// Exchanges `refreshToken` for a new session, asking `isCurrent` after every wait whether
  /// the result is still wanted.
  func run(
    refreshToken: String, isCurrent: @Sendable () async -> Bool
  ) async -> Outcome {
    var attempt = 0
    while true {
      attempt += 1
      let error: any Error
      do {
        let renewed = try await api.refresh(refreshToken: refreshToken)
        guard await isCurrent() else { return .superseded }
        return .renewed(renewed, attempt: attempt)
      } catch let failed {
        error = failed
      }
      guard await isCurrent() else { return .superseded }
      let failure = RefreshFailure(error)
      logger.notice(
        "refresh attempt \(attempt) of \(policy.maxAttempts) failed (\(failure)): "
          + AppError.diagnose(error).detail, category: .auth)
      switch failure {
      case .terminal:
        return .ended
      case .permanent:
        return .gaveUp(error)
      case .transient(let retryAfter):
        guard !Task.isCancelled,
          let delay = policy.delay(afterAttempt: attempt, retryAfter: retryAfter)
        else { return .gaveUp(error) }
        do {
          try await clock.sleep(.timeInterval(delay))
        } catch let interrupted {
          guard await isCurrent() else { return .superseded }
          return .gaveUp(interrupted)
        }
        guard await isCurrent() else { return .superseded }
      }
    }
  }
}
