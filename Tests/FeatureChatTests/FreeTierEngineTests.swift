import FeatureChat
import Foundation
import TestSupport
import Testing

@Suite struct FreeTierEngineTests {
  private func decide(
    used: Int, pending: Int = 0, server: Int? = nil, subscribed: Bool = false,
    provider: ChatProviderKind = .proxy, policy: FreeTierPolicy = .standard
  ) -> FreeTierEngine.Decision {
    FreeTierEngine.decision(
      used: used, pending: pending, serverRemaining: server, isSubscribed: subscribed,
      provider: provider, policy: policy)
  }

  @Test func theTenthMessageIsAllowedAndTheEleventhBlocked() {
    #expect(kFreeMessageLimit == 10)
    #expect(decide(used: 9) == .allowed(remaining: 1))
    #expect(decide(used: 10) == .blocked)
    #expect(decide(used: 0) == .allowed(remaining: 10))
  }

  @Test func messagesInFlightCountAgainstTheLimit() {
    #expect(decide(used: 8, pending: 1) == .allowed(remaining: 1))
    #expect(decide(used: 9, pending: 1) == .blocked)
  }

  @Test func theServersFigureWinsInBothDirections() {
    #expect(decide(used: 10, server: 3) == .allowed(remaining: 3))
    #expect(decide(used: 2, server: 0) == .blocked)
    #expect(decide(used: 2, pending: 1, server: 1) == .blocked)
  }

  @Test(arguments: ChatProviderKind.allCases)
  func subscribersAreNeverCapped(provider: ChatProviderKind) {
    #expect(decide(used: 500, server: 0, subscribed: true, provider: provider) == .unlimited)
  }

  @Test func directModeIsNeverCappedButEchoAndProxyAre() {
    #expect(decide(used: 50, provider: .direct) == .unlimited)
    #expect(decide(used: 10, provider: .echo) == .blocked)
    #expect(decide(used: 10, provider: .proxy) == .blocked)
  }

  @Test func aCustomLimitMovesTheBoundary() {
    let policy = FreeTierPolicy(limit: 3, period: .daily)
    #expect(decide(used: 2, policy: policy) == .allowed(remaining: 1))
    #expect(decide(used: 3, policy: policy) == .blocked)
  }

  @Test func remainingIsNeverNegative() {
    #expect(
      FreeTierEngine.remaining(used: 14, pending: 2, serverRemaining: nil, policy: .standard)
        == 0)
  }

  @Test func dayKeysFollowTheInjectedCalendarsTimeZone() throws {
    let lateEvening = Fixture.date(2026, 6, 1, hour: 23, minute: 30)
    #expect(FreeTierEngine.dayKey(for: lateEvening, calendar: .utcTest) == "2026-06-01")
    var tokyo = Calendar.utcTest
    tokyo.timeZone = try #require(TimeZone(identifier: "Asia/Tokyo"))
    #expect(FreeTierEngine.dayKey(for: lateEvening, calendar: tokyo) == "2026-06-02")
    #expect(FreeTierEngine.dayKey(for: Fixture.date(987, 1, 9), calendar: .utcTest) == "0987-01-09")
  }
}
