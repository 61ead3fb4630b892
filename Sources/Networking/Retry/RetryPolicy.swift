import Core
import Foundation

/// When and how long to wait before trying a failed request again.
///
/// The delay before retry `n` is `min(baseDelay · 2^(n−1), maxDelay)`, spread by ±`jitter`
/// with the injected `RandomSource`: 0.5 s, 1 s, 2 s, 4 s, 8 s, 8 s… before jitter. A server's
/// `Retry-After` replaces the backoff, but one longer than `maxRetryAfter` is not waited for:
/// the error reaches the caller (as `AppError.rateLimited(retryAfter:)` for a 429) so the
/// app can tell the user instead of hanging.
public struct RetryPolicy: Sendable {
  /// Attempts in total, counting the first try.
  public var maxAttempts: Int
  /// The delay before the first retry, in seconds.
  public var baseDelay: TimeInterval
  /// The longest backoff delay, in seconds.
  public var maxDelay: TimeInterval
  /// The relative spread of each delay, `0...1` (0.2 is ±20 %).
  public var jitter: Double
  /// The longest `Retry-After` the client waits for, in seconds.
  public var maxRetryAfter: TimeInterval
  /// Statuses worth another try.
  public var retryableStatusCodes: Set<Int>
  /// Transport failures worth another try (`NSURLErrorDomain` codes).
  public var retryableTransportCodes: Set<Int>
  /// Where the jitter comes from.
  public var random: RandomSource

  /// 408, 425, 429 and every 5xx.
  public static let defaultRetryableStatusCodes: Set<Int> = Set([408, 425, 429]).union(500...599)

  /// Timed out, host not found, cannot connect, connection lost, DNS failure.
  public static let defaultRetryableTransportCodes: Set<Int> = [
    URLErrorCode.timedOut, URLErrorCode.cannotFindHost, URLErrorCode.cannotConnectToHost,
    URLErrorCode.networkConnectionLost, URLErrorCode.dnsLookupFailed,
  ]

  /// A policy; the defaults are 3 attempts, 0.5 s base, 8 s cap, ±20 % jitter and a 10 s
  /// `Retry-After` cap.
  public init(
    maxAttempts: Int = 3,
    baseDelay: TimeInterval = 0.5,
    maxDelay: TimeInterval = 8,
    jitter: Double = 0.2,
    maxRetryAfter: TimeInterval = 10,
    retryableStatusCodes: Set<Int> = RetryPolicy.defaultRetryableStatusCodes,
    retryableTransportCodes: Set<Int> = RetryPolicy.defaultRetryableTransportCodes,
    random: RandomSource
  ) {
    self.maxAttempts = maxAttempts
    self.baseDelay = baseDelay
    self.maxDelay = maxDelay
    self.jitter = min(max(jitter, 0), 1)
    self.maxRetryAfter = maxRetryAfter
    self.retryableStatusCodes = retryableStatusCodes
    self.retryableTransportCodes = retryableTransportCodes
    self.random = random
  }

  /// The backoff before retrying after failed attempt `attempt` (1 for the first try):
  /// `min(baseDelay · 2^(attempt−1), maxDelay)` times a factor in `1 ± jitter`.
  public func nextDelay(for attempt: Int) -> TimeInterval {
    let exponent = Double(max(attempt, 1) - 1)
    let plain = min(baseDelay * pow(2, min(exponent, 62)), maxDelay)
    let factor = 1 + jitter * (2 * random.unit() - 1)
    return max(0, plain * factor)
  }

  /// Whether `error` is the kind of failure this policy retries (ignoring attempts left).
  public func isRetryable(_ error: HTTPError) -> Bool {
    switch error {
    case .transport(let code, _): return retryableTransportCodes.contains(code)
    case .status(let response, _): return retryableStatusCodes.contains(response.statusCode)
    case .cancelled, .invalidRequest: return false
    }
  }

  /// The decision for a failed attempt: retry while attempts remain and the failure is
  /// retryable, after `Retry-After` (if within `maxRetryAfter`) or the backoff.
  public func decision(for context: HTTPRetryContext) -> RetryDecision {
    guard context.attempt < maxAttempts, isRetryable(context.error) else { return .noRetry }
    if let retryAfter = context.error.retryAfter {
      return retryAfter <= maxRetryAfter ? .retry(after: retryAfter) : .noRetry
    }
    return .retry(after: nextDelay(for: context.attempt))
  }
}
