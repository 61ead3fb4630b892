/// Retries failed attempts as its `RetryPolicy` says: transport failures (timeout, host not
/// found, connection refused or lost) and statuses 408, 425, 429 and 5xx, honouring
/// `Retry-After`, never cancellation. The client does the waiting on its injected clock.
public struct RetryInterceptor: HTTPInterceptor {
  /// The policy deciding retries and delays.
  public let policy: RetryPolicy

  /// An interceptor following `policy`.
  public init(policy: RetryPolicy) {
    self.policy = policy
  }

  /// The policy's decision for this failure.
  public func shouldRetry(_ context: HTTPRetryContext) -> RetryDecision {
    policy.decision(for: context)
  }
}
