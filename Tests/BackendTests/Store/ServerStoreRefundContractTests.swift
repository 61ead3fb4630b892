import Backend
import Foundation
import Testing

/// Giving back a free message after an upstream failure (decision 133), the same in memory,
/// in a SQLite file and on PostgreSQL: the count comes back with its ledger line, never
/// beyond what was charged, only to the counter it was taken from, and the rate-limit slot
/// stays spent.
@Suite("ServerStore refund contract")
struct ServerStoreRefundContractTests {
  /// A ledger line for a failed request of `user`.
  private func failure(_ request: String, user: String = "user-1") -> UsageRecord {
    UsageRecord(
      requestID: request, userID: user, model: "openai/gpt-4o-mini", promptTokens: nil,
      completionTokens: nil, status: "upstream_error", startedAt: storeNoon,
      durationMilliseconds: 12, upstreamGenerationID: nil)
  }

  @Test(arguments: StoreKind.allCases)
  func aRefundGivesTheMessageBackAndWritesTheLedgerLine(kind: StoreKind) async throws {
    let allowance = try freeMessages(2)
    try await withStore(kind) { (store: any ServerStore) async throws in
      #expect(try await store.admit(admission(free: allowance)) == .admitted(freeRemaining: 1))
      #expect(try await store.admit(admission(free: allowance)) == .admitted(freeRemaining: 0))
      let line = failure("req-1")
      #expect(
        try await store.refundFreeMessage(userID: "user-1", bucket: "lifetime", recording: line))
      #expect(try await store.usage(for: "user-1") == [line])
      #expect(
        try await store.admit(admission(free: allowance, charge: false))
          == .admitted(freeRemaining: 1))
      #expect(try await store.admit(admission(free: allowance)) == .admitted(freeRemaining: 0))
      #expect(
        try await store.admit(admission(free: allowance)) == .freeQuotaExhausted(retryAfter: nil))
    }
  }

  @Test(arguments: StoreKind.allCases)
  func aRefundNeverGivesBackMoreThanWasCharged(kind: StoreKind) async throws {
    let allowance = try freeMessages(2)
    try await withStore(kind) { (store: any ServerStore) async throws in
      let lines = [failure("req-1"), failure("req-2"), failure("req-3", user: "user-2")]
      #expect(
        try await store.refundFreeMessage(userID: "user-1", bucket: "lifetime", recording: lines[0])
          == false)
      #expect(try await store.admit(admission(free: allowance)) == .admitted(freeRemaining: 1))
      #expect(
        try await store.refundFreeMessage(userID: "user-1", bucket: "lifetime", recording: lines[1])
      )
      #expect(
        try await store.refundFreeMessage(userID: "user-2", bucket: "lifetime", recording: lines[2])
          == false, "another user's charge is not theirs to get back")
      #expect(try await store.usage(for: "user-1") == [lines[0], lines[1]])
      #expect(try await store.usage(for: "user-2") == [lines[2]])
      #expect(try await store.admit(admission(free: allowance)) == .admitted(freeRemaining: 1))
      #expect(try await store.admit(admission(free: allowance)) == .admitted(freeRemaining: 0))
      #expect(
        try await store.admit(admission(free: allowance)) == .freeQuotaExhausted(retryAfter: nil))
    }
  }

  @Test(arguments: StoreKind.allCases)
  func aRefundLeavesTheRateLimitSlotSpent(kind: StoreKind) async throws {
    let limit = try perSeconds(1, 60)
    let allowance = try freeMessages(3)
    try await withStore(kind) { (store: any ServerStore) async throws in
      #expect(
        try await store.admit(admission(rate: limit, free: allowance))
          == .admitted(freeRemaining: 2))
      #expect(
        try await store.refundFreeMessage(
          userID: "user-1", bucket: "lifetime", recording: failure("req-1")))
      #expect(
        abs(rateLimitedWait(try await store.admit(admission(rate: limit, free: allowance))) - 60)
          < 1e-6)
      let nextSlot = storeNoon.addingTimeInterval(60)
      #expect(
        try await store.admit(admission(at: nextSlot, rate: limit, free: allowance))
          == .admitted(freeRemaining: 2))
    }
  }

  @Test(arguments: StoreKind.allCases)
  func aRefundGoesBackToTheDayItWasChargedTo(kind: StoreKind) async throws {
    let allowance = try freeMessages(1, .day)
    try await withStore(kind) { (store: any ServerStore) async throws in
      #expect(try await store.admit(admission(free: allowance)) == .admitted(freeRemaining: 0))
      let yesterday = FreePeriod.day.bucket(at: storeNoon.addingTimeInterval(-86_400))
      #expect(
        try await store.refundFreeMessage(
          userID: "user-1", bucket: yesterday, recording: failure("req-1")) == false)
      let look = try await store.admit(admission(free: allowance, charge: false))
      guard case .freeQuotaExhausted = look else {
        Issue.record("a refund to yesterday freed a message today: \(look)")
        return
      }
      let today = FreePeriod.day.bucket(at: storeNoon)
      #expect(
        try await store.refundFreeMessage(
          userID: "user-1", bucket: today, recording: failure("req-2")))
      #expect(try await store.admit(admission(free: allowance)) == .admitted(freeRemaining: 0))
    }
  }

  @Test(arguments: StoreKind.allCases)
  func concurrentRefundsAndChargesLoseNoCount(kind: StoreKind) async throws {
    let allowance = try freeMessages(10)
    try await withStore(kind) { (store: any ServerStore) async throws in
      for _ in 0..<6 { _ = try await store.admit(admission(free: allowance)) }
      // Six refunds race four charges: every charge fits (4 left), every refund finds one.
      let outcomes = try await withThrowingTaskGroup(of: String.self) { group in
        for index in 0..<6 {
          group.addTask {
            let line = UsageRecord(
              requestID: "req-\(index)", userID: "user-1", model: "openai/gpt-4o-mini",
              promptTokens: nil, completionTokens: nil, status: "upstream_error",
              startedAt: storeNoon, durationMilliseconds: 1, upstreamGenerationID: nil)
            let refunded = try await store.refundFreeMessage(
              userID: "user-1", bucket: "lifetime", recording: line)
            return refunded ? "refunded" : "nothing to refund"
          }
        }
        for _ in 0..<4 {
          group.addTask {
            let decision = try await store.admit(admission(free: allowance))
            if case .admitted = decision { return "admitted" }
            return "refused"
          }
        }
        var all: [String] = []
        for try await outcome in group { all.append(outcome) }
        return all.sorted()
      }
      #expect(
        outcomes == Array(repeating: "admitted", count: 4) + Array(repeating: "refunded", count: 6))
      #expect(try await store.usage(for: "user-1").count == 6)
      #expect(
        try await store.admit(admission(free: allowance, charge: false))
          == .admitted(freeRemaining: 6))
    }
  }
}
