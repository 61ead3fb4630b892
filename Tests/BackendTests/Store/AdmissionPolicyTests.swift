import Foundation
import Testing

@testable import Backend

@Suite("GCRA rate limit and free periods")
struct AdmissionPolicyTests {
  @Test func aFullBurstFitsThenOneRequestPerInterval() throws {
    let limit = try #require(RateLimit(count: 60, period: 3_600))
    var arrival: Double?
    for _ in 0..<60 {
      guard case .allowed(let next) = limit.step(storedArrival: arrival, now: 1_000) else {
        Issue.record("a request inside the burst was refused")
        return
      }
      arrival = next
    }
    guard case .refused(let wait) = limit.step(storedArrival: arrival, now: 1_000) else {
      Issue.record("the 61st request in one instant was allowed")
      return
    }
    #expect(abs(wait - 60) < 1e-6)
    guard case .allowed = limit.step(storedArrival: arrival, now: 1_060) else {
      Issue.record("the request one interval later was refused")
      return
    }
  }

  @Test func aLimitNeedsAPositiveCountAndPeriod() {
    #expect(RateLimit(count: 0, period: 60) == nil)
    #expect(RateLimit(count: 1, period: 0) == nil)
    #expect(RateLimit(count: 1, period: .infinity) == nil)
  }

  @Test func aDailyAllowanceIsBucketedByUTCDateAndRenewsAtMidnight() {
    let noonDecember2 = Date(timeIntervalSince1970: 1_796_212_800)
    #expect(FreePeriod.day.bucket(at: noonDecember2) == "2026-12-02")
    #expect(FreePeriod.day.renewal(after: noonDecember2) == 43_200)
    #expect(FreePeriod.lifetime.bucket(at: noonDecember2) == "lifetime")
    #expect(FreePeriod.lifetime.renewal(after: noonDecember2) == nil)
  }

  @Test func anAPIErrorIsTheProxyContractsJSONWithARoundedUpRetryAfter() {
    let error = APIError(
      status: 429, code: "rate_limited", message: "Slow \"down\"", retryAfter: 1.2)
    let response = error.response
    #expect(response.status == 429)
    #expect(response.header("retry-after") == "2")
    #expect(response.header("Content-Type") == "application/json")
    guard case .bytes(let body) = response.body else {
      Issue.record("an error body was streamed")
      return
    }
    #expect(
      String(decoding: body, as: UTF8.self)
        == #"{"error":{"code":"rate_limited","message":"Slow \"down\""}}"#)
  }
}
