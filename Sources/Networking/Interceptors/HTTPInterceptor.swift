/// A step every request passes through: it may change the request before each attempt and
/// may ask for a failed attempt to be retried.
///
/// A client runs its interceptors in array order, and the standard order is
/// headers → auth → retry (`HeadersInterceptor`, `AuthInterceptor`, `RetryInterceptor`).
/// `adapt` runs again before every attempt, on the request as the caller built it, so a
/// retried request carries a fresh token. After a failed attempt the client asks each
/// interceptor in order and follows the first `.retry`. Interceptors that do not own retry
/// logic keep the default `.noRetry`.
public protocol HTTPInterceptor: Sendable {
  /// Changes the request before an attempt, e.g. adds headers. May suspend (a token provider
  /// may refresh).
  /// - Throws: to stop the request; the error reaches the caller unchanged and is never
  ///   retried.
  func adapt(_ request: inout HTTPRequest) async throws

  /// Whether to try again after a failed attempt, and after how long.
  func shouldRetry(_ context: HTTPRetryContext) -> RetryDecision
}

extension HTTPInterceptor {
  /// Leaves the request unchanged.
  public func adapt(_ request: inout HTTPRequest) async throws {}

  /// Never asks for a retry.
  public func shouldRetry(_ context: HTTPRetryContext) -> RetryDecision { .noRetry }
}

/// What an interceptor knows about a failed attempt.
public struct HTTPRetryContext: Sendable {
  /// The request as it was sent (after `adapt`).
  public var request: HTTPRequest
  /// Why the attempt failed. Never `.cancelled`: cancellation is not offered for retry.
  public var error: HTTPError
  /// The attempt that failed, counting the first try as 1.
  public var attempt: Int
  /// Whether the caller asked for a stream. A stream is only ever retried before its body
  /// reaches the caller: once `stream(_:)` has returned, nothing is sent again.
  public var isStreaming: Bool

  /// A context with the given parts.
  public init(request: HTTPRequest, error: HTTPError, attempt: Int, isStreaming: Bool) {
    self.request = request
    self.error = error
    self.attempt = attempt
    self.isStreaming = isStreaming
  }
}

/// An interceptor's answer to a failed attempt.
public enum RetryDecision: Sendable, Equatable {
  /// Give up; the caller gets the error.
  case noRetry
  /// Send the request again after waiting `after` seconds on the client's clock.
  case retry(after: Double)
}
