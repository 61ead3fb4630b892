import Foundation
import Networking
import TestSupport
import Testing

@Suite struct RetryAfterTests {
  let now = Fixture.date(2026, 6, 1, hour: 12)

  @Test(arguments: [("120", 120.0), ("0", 0.0), (" 7 ", 7.0), ("1.5", 1.5), ("-3", 0.0)])
  func readsSeconds(value: String, expected: Double) {
    #expect(RetryAfter.parse(value, now: now) == expected)
  }

  @Test(arguments: [
    "Mon, 01 Jun 2026 12:00:30 GMT",
    "Monday, 01-Jun-26 12:00:30 GMT",
    "Mon Jun  1 12:00:30 2026",
  ])
  func readsHTTPDatesInAllThreeFormsRelativeToNow(value: String) {
    #expect(RetryAfter.parse(value, now: now) == 30)
  }

  @Test func aDateInThePastMeansNoWait() {
    #expect(RetryAfter.parse("Mon, 01 Jun 2026 11:00:00 GMT", now: now) == 0)
  }

  @Test(arguments: ["soon", "", "Mon, 99 Foo 2026"])
  func rejectsAnythingElse(value: String) {
    #expect(RetryAfter.parse(value, now: now) == nil)
  }

  @Test func readsTheHeaderCaseInsensitively() {
    #expect(RetryAfter.delay(in: ["retry-after": "4"], now: now) == 4)
    #expect(RetryAfter.delay(in: [:], now: now) == nil)
  }
}
