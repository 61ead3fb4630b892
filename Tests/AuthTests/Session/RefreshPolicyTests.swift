import Auth
import Testing

@Suite struct RefreshPolicyTests {
  @Test func threeAttemptsWithTwoDoublingWaits() {
    let policy = RefreshPolicy.standard
    #expect(policy.delay(afterAttempt: 1) == 0.5)
    #expect(policy.delay(afterAttempt: 2) == 1)
    #expect(policy.delay(afterAttempt: 3) == nil)
  }

  @Test func waitsAreCappedBelowTheServersReuseInterval() {
    let policy = RefreshPolicy(maxAttempts: 10, baseDelay: 1, maxDelay: 8)
    #expect(policy.delay(afterAttempt: 6) == 8)
  }

  @Test func aShortRetryAfterIsHonouredAndALongOneEndsTheTries() {
    let policy = RefreshPolicy.standard
    #expect(policy.delay(afterAttempt: 1, retryAfter: 2) == 2)
    #expect(policy.delay(afterAttempt: 1, retryAfter: 0.1) == 0.5)
    #expect(policy.delay(afterAttempt: 1, retryAfter: 60) == nil)
  }

  @Test func atLeastOneAttempt() {
    #expect(RefreshPolicy(maxAttempts: 0).maxAttempts == 1)
  }
}
