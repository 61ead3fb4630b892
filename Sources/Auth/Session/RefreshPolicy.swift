import Foundation

/// When and how hard the session manager renews tokens.
public struct RefreshPolicy: Equatable, Sendable {
  /// Renew when the access token expires within this many seconds (60, as the seed says), or
  /// within half its lifetime when it lives no longer than this (`AuthSession.refreshMargin(_:)`).
  public var margin: TimeInterval
  /// Tries per refresh, the first included (3: the seed's "for attempt in 1...3").
  public var maxAttempts: Int
  /// The wait after the first failed try; it doubles after each further one.
  public var baseDelay: TimeInterval
  /// The longest wait between tries. GoTrue accepts a just-used refresh token again only for
  /// a short reuse interval (10 s on hosted projects), so retries of a refresh whose answer was
  /// lost must happen well inside it.
  public var maxDelay: TimeInterval
  /// After a refresh gave up on transient failures, the next scheduled try comes this much
  /// later (the scheduler never stops while a session exists).
  public var retryInterval: TimeInterval

  /// A policy; the defaults are 60 s margin, 3 attempts, 0.5 s then 1 s backoff, at most 8 s,
  /// and a scheduled retry a minute after a failed refresh.
  public init(
    margin: TimeInterval = AuthSession.refreshMargin, maxAttempts: Int = 3,
    baseDelay: TimeInterval = 0.5, maxDelay: TimeInterval = 8, retryInterval: TimeInterval = 60
  ) {
    self.margin = margin
    self.maxAttempts = max(1, maxAttempts)
    self.baseDelay = baseDelay
    self.maxDelay = maxDelay
    self.retryInterval = retryInterval
  }

  /// The standard policy.
  public static let standard = RefreshPolicy()

  /// How long to wait after failed try number `attempt` (1-based) before the next, or `nil`
  /// when no try is left. A `Retry-After` longer than `maxDelay` also ends the tries: waiting
  /// that long inside one refresh would hold every caller.
  public func delay(afterAttempt attempt: Int, retryAfter: TimeInterval? = nil) -> TimeInterval? {
    guard attempt < maxAttempts else { return nil }
    let exponent = Double(max(0, attempt - 1))
    let backoff = min(maxDelay, baseDelay * pow(2, exponent))
    guard let retryAfter else { return backoff }
    guard retryAfter <= maxDelay else { return nil }
    return max(backoff, retryAfter)
  }
}
