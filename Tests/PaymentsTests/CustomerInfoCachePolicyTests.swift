import Foundation
import Payments
import TestSupport
import Testing

@Suite struct CustomerInfoCachePolicyTests {
  let fetched = Fixture.referenceDate
  let policy = CustomerInfoCachePolicy.standard

  @Test(arguments: [(299.0, false), (300.0, false), (301.0, true)])
  func foregroundStalenessAtFiveMinutes(age: TimeInterval, stale: Bool) {
    let now = fetched.addingTimeInterval(age)
    #expect(policy.isStale(fetchedAt: fetched, now: now, isInForeground: true) == stale)
  }

  @Test(arguments: [(89_999.0, false), (90_001.0, true)])
  /// 25 hours is 90 000 seconds.
  func backgroundStalenessAtTwentyFiveHours(age: TimeInterval, stale: Bool) {
    let now = fetched.addingTimeInterval(age)
    #expect(policy.isStale(fetchedAt: fetched, now: now, isInForeground: false) == stale)
  }

  @Test func aFetchDateInTheFutureIsStale() {
    let now = fetched.addingTimeInterval(-1)
    #expect(policy.isStale(fetchedAt: fetched, now: now, isInForeground: true))
  }
}
