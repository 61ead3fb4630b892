import Core
import Foundation
import Networking
import Testing

@Suite struct RetryPolicyTests {
  let middle = RetryPolicy(random: .constant(0.5))

  @Test(arguments: [(1, 0.5), (2, 1.0), (3, 2.0), (4, 4.0), (5, 8.0), (6, 8.0), (40, 8.0)])
  func backoffDoublesUpToTheCap(attempt: Int, expected: Double) {
    #expect(middle.nextDelay(for: attempt) == expected)
  }

  @Test func jitterSpreadsEachDelayByTwentyPercentEitherWay() {
    let low = RetryPolicy(random: .constant(0))
    let high = RetryPolicy(random: .constant(1))
    #expect(abs(low.nextDelay(for: 2) - 0.8) < 1e-9)
    #expect(abs(high.nextDelay(for: 2) - 1.2) < 1e-9)
    let seeded = RetryPolicy(random: .seeded(7))
    for attempt in 1...8 {
      let plain = min(0.5 * pow(2, Double(attempt - 1)), 8)
      let delay = seeded.nextDelay(for: attempt)
      #expect(delay >= plain * 0.8 && delay <= plain * 1.2)
    }
  }

  @Test func jitterIsClampedToZeroThroughOne() {
    #expect(RetryPolicy(jitter: 3, random: .constant(0)).jitter == 1)
    #expect(RetryPolicy(jitter: -1, random: .constant(0)).jitter == 0)
  }

  static func context(_ error: HTTPError, attempt: Int = 1) -> HTTPRetryContext {
    HTTPRetryContext(
      request: HTTPRequest(path: "/p"), error: error, attempt: attempt, isStreaming: false)
  }

  static func status(_ code: Int, retryAfter: Double? = nil) -> HTTPError {
    .status(HTTPResponse(statusCode: code), retryAfter: retryAfter)
  }

  @Test(arguments: [408, 425, 429, 500, 502, 503, 504, 599])
  func retriesTheTransientStatuses(code: Int) {
    #expect(middle.decision(for: Self.context(Self.status(code))) == .retry(after: 0.5))
  }

  @Test(arguments: [400, 401, 403, 404, 409, 413, 422])
  func doesNotRetryOtherStatuses(code: Int) {
    #expect(middle.decision(for: Self.context(Self.status(code))) == .noRetry)
  }

  @Test(arguments: [-1001, -1003, -1004, -1005, -1006])
  func retriesTransportFailures(code: Int) {
    let error = HTTPError.transport(code: code, message: "")
    #expect(middle.decision(for: Self.context(error, attempt: 2)) == .retry(after: 1.0))
  }

  @Test(arguments: [
    HTTPError.cancelled, .invalidRequest("x"), .transport(code: -1009, message: ""),
  ])
  func neverRetriesCancellationOrUnfixableFailures(error: HTTPError) {
    #expect(middle.decision(for: Self.context(error)) == .noRetry)
  }

  @Test func stopsAfterMaxAttemptsCountingTheFirstTry() {
    let error = Self.status(503)
    #expect(middle.decision(for: Self.context(error, attempt: 2)) == .retry(after: 1.0))
    #expect(middle.decision(for: Self.context(error, attempt: 3)) == .noRetry)
    let single = RetryPolicy(maxAttempts: 1, random: .constant(0.5))
    #expect(single.decision(for: Self.context(error, attempt: 1)) == .noRetry)
  }

  @Test func retryAfterReplacesBackoffUpToTheCap() {
    #expect(middle.decision(for: Self.context(Self.status(429, retryAfter: 3))) == .retry(after: 3))
    #expect(
      middle.decision(for: Self.context(Self.status(503, retryAfter: 10))) == .retry(after: 10))
    #expect(middle.decision(for: Self.context(Self.status(429, retryAfter: 10.5))) == .noRetry)
    let patient = RetryPolicy(maxRetryAfter: 60, random: .constant(0.5))
    #expect(
      patient.decision(for: Self.context(Self.status(429, retryAfter: 30))) == .retry(after: 30))
  }

  @Test func theRetryInterceptorFollowsItsPolicy() {
    let interceptor = RetryInterceptor(policy: middle)
    #expect(interceptor.shouldRetry(Self.context(Self.status(502))) == .retry(after: 0.5))
    #expect(interceptor.shouldRetry(Self.context(.cancelled)) == .noRetry)
  }
}
