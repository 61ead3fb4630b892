import Backend
import Foundation
import Testing

/// One set of behaviours every `ServerStore` keeps: in memory, in a SQLite file and on
/// PostgreSQL.
@Suite("ServerStore contract")
struct ServerStoreContractTests {
  @Test(arguments: StoreKind.allCases)
  func aBurstIsAdmittedThenRefusedWithTheWaitUntilTheNextSlot(kind: StoreKind) async throws {
    let limit = try perSeconds(3, 60)
    try await withStore(kind) { (store: any ServerStore) async throws in
      for _ in 0..<3 {
        #expect(try await store.admit(admission(rate: limit)) == .admitted(freeRemaining: nil))
      }
      let wait = rateLimitedWait(try await store.admit(admission(rate: limit)))
      #expect(abs(wait - 20) < 1e-6)
      let later = storeNoon.addingTimeInterval(20)
      #expect(
        try await store.admit(admission(at: later, rate: limit)) == .admitted(freeRemaining: nil))
      #expect(rateLimitedWait(try await store.admit(admission(at: later, rate: limit))) > 0)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func freeMessagesCountDownThenRefuseForLife(kind: StoreKind) async throws {
    let allowance = try freeMessages(3)
    try await withStore(kind) { (store: any ServerStore) async throws in
      for remaining in [2, 1, 0] {
        #expect(
          try await store.admit(admission(free: allowance)) == .admitted(freeRemaining: remaining))
      }
      let nextYear = storeNoon.addingTimeInterval(365 * 86_400)
      #expect(
        try await store.admit(admission(at: nextYear, free: allowance))
          == .freeQuotaExhausted(retryAfter: nil))
      #expect(
        try await store.admit(admission("user-2", free: allowance)) == .admitted(freeRemaining: 2))
    }
  }

  @Test(arguments: StoreKind.allCases)
  func aDailyAllowanceRenewsAtUTCMidnight(kind: StoreKind) async throws {
    let allowance = try freeMessages(2, .day)
    try await withStore(kind) { (store: any ServerStore) async throws in
      #expect(try await store.admit(admission(free: allowance)) == .admitted(freeRemaining: 1))
      #expect(try await store.admit(admission(free: allowance)) == .admitted(freeRemaining: 0))
      guard
        case .freeQuotaExhausted(let renewal?) = try await store.admit(admission(free: allowance))
      else {
        Issue.record("the third message of the day was not refused with a renewal")
        return
      }
      #expect(abs(renewal - (43_200 - 0.125)) < 1e-6)
      let justAfterMidnight = storeNoon.addingTimeInterval(renewal + 1)
      #expect(
        try await store.admit(admission(at: justAfterMidnight, free: allowance))
          == .admitted(freeRemaining: 1))
    }
  }

  @Test(arguments: StoreKind.allCases)
  func aRequestRefusedByTheRateLimitSpendsNoFreeMessageAndNoSlot(kind: StoreKind) async throws {
    let limit = try perSeconds(1, 60)
    let allowance = try freeMessages(2)
    try await withStore(kind) { (store: any ServerStore) async throws in
      #expect(
        try await store.admit(admission(rate: limit, free: allowance))
          == .admitted(freeRemaining: 1))
      let first = rateLimitedWait(try await store.admit(admission(rate: limit, free: allowance)))
      let second = rateLimitedWait(try await store.admit(admission(rate: limit, free: allowance)))
      #expect(abs(first - 60) < 1e-6)
      #expect(abs(second - 60) < 1e-6)
      let nextSlot = storeNoon.addingTimeInterval(60)
      #expect(
        try await store.admit(admission(at: nextSlot, rate: limit, free: allowance))
          == .admitted(freeRemaining: 0))
    }
  }

  @Test(arguments: StoreKind.allCases)
  func aRequestRefusedForItsFreeQuotaSpendsNoRateSlot(kind: StoreKind) async throws {
    let limit = try perSeconds(1, 60)
    let allowance = try freeMessages(1)
    try await withStore(kind) { (store: any ServerStore) async throws in
      #expect(
        try await store.admit(admission(rate: limit, free: allowance))
          == .admitted(freeRemaining: 0))
      let nextSlot = storeNoon.addingTimeInterval(60)
      #expect(
        try await store.admit(admission(at: nextSlot, rate: limit, free: allowance))
          == .freeQuotaExhausted(retryAfter: nil))
      // The user subscribes: the refused request above must not have taken this slot.
      #expect(
        try await store.admit(admission(at: nextSlot, rate: limit))
          == .admitted(freeRemaining: nil))
    }
  }

  @Test(arguments: StoreKind.allCases)
  func lookingWithoutChargingChangesNothing(kind: StoreKind) async throws {
    let limit = try perSeconds(1, 60)
    let allowance = try freeMessages(1)
    try await withStore(kind) { (store: any ServerStore) async throws in
      for _ in 0..<5 {
        #expect(
          try await store.admit(admission(rate: limit, free: allowance, charge: false))
            == .admitted(freeRemaining: 1))
      }
      #expect(
        try await store.admit(admission(rate: limit, free: allowance))
          == .admitted(freeRemaining: 0))
      #expect(
        try await store.admit(admission(rate: limit, free: allowance, charge: false))
          == .freeQuotaExhausted(retryAfter: nil))
      #expect(
        abs(rateLimitedWait(try await store.admit(admission(rate: limit, charge: false))) - 60)
          < 1e-6)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func aSavedEntitlementIsReadBackAndReplacedWhole(kind: StoreKind) async throws {
    let first = EntitlementRecord(
      userID: "user-1", isActive: true, expiresAt: storeNoon.addingTimeInterval(86_400.5),
      fetchedAt: storeNoon, source: "revenuecat")
    let second = EntitlementRecord(
      userID: "user-1", isActive: false, expiresAt: nil,
      fetchedAt: Date(timeIntervalSince1970: storeNoon.timeIntervalSince1970 + 0.001),
      source: "webhook")
    try await withStore(kind) { (store: any ServerStore) async throws in
      #expect(try await store.entitlement(for: "user-1") == nil)
      try await store.saveEntitlement(first)
      #expect(try await store.entitlement(for: "user-1") == first)
      try await store.saveEntitlement(second)
      #expect(try await store.entitlement(for: "user-1") == second)
      #expect(try await store.entitlement(for: "user-2") == nil)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func aGrantLastsUntilReplacedOrRevoked(kind: StoreKind) async throws {
    let until = storeNoon.addingTimeInterval(7 * 86_400)
    try await withStore(kind) { (store: any ServerStore) async throws in
      #expect(try await store.grantExpiry(for: "user-1") == nil)
      try await store.grant(userID: "user-1", until: until, now: storeNoon)
      #expect(try await store.grantExpiry(for: "user-1") == until)
      try await store.grant(userID: "user-1", until: until.addingTimeInterval(1.5), now: storeNoon)
      #expect(try await store.grantExpiry(for: "user-1") == until.addingTimeInterval(1.5))
      #expect(try await store.grantExpiry(for: "user-2") == nil)
      #expect(try await store.revokeGrant(userID: "user-1"))
      #expect(try await store.revokeGrant(userID: "user-1") == false)
      #expect(try await store.grantExpiry(for: "user-1") == nil)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func aWebhookEventIsNewOnlyTheFirstTime(kind: StoreKind) async throws {
    try await withStore(kind) { (store: any ServerStore) async throws in
      #expect(try await store.recordWebhookEvent(id: "evt_1", receivedAt: storeNoon))
      #expect(try await store.recordWebhookEvent(id: "evt_1", receivedAt: storeNoon) == false)
      #expect(
        try await store.recordWebhookEvent(id: "evt_1", receivedAt: storeNoon.addingTimeInterval(9))
          == false)
      #expect(try await store.recordWebhookEvent(id: "evt_2", receivedAt: storeNoon))
    }
  }

  @Test(arguments: StoreKind.allCases)
  func theLedgerIsReadByUserInOrderAndErasingForgetsTheUser(kind: StoreKind) async throws {
    let lines = usageLines()
    let allowance = try freeMessages(1)
    try await withStore(kind) { (store: any ServerStore) async throws in
      for line in lines { try await store.recordUsage(line) }
      #expect(try await store.usage(for: "user-1") == [lines[0], lines[2]])
      #expect(try await store.usage(for: "user-2") == [lines[1]])
      #expect(try await store.admit(admission(free: allowance)) == .admitted(freeRemaining: 0))
      try await store.saveEntitlement(
        EntitlementRecord(
          userID: "user-1", isActive: true, expiresAt: nil, fetchedAt: storeNoon,
          source: "revenuecat"))
      try await store.grant(userID: "user-1", until: storeNoon, now: storeNoon)

      try await store.eraseUser("user-1")

      #expect(try await store.usage(for: "user-1").isEmpty)
      #expect(try await store.usage(for: "user-2") == [lines[1]])
      #expect(try await store.entitlement(for: "user-1") == nil)
      #expect(try await store.grantExpiry(for: "user-1") == nil)
      #expect(try await store.admit(admission(free: allowance)) == .admitted(freeRemaining: 0))
    }
  }

  @Test(arguments: StoreKind.allCases)
  func aStoreThatCanAnswerSaysItIsReachable(kind: StoreKind) async throws {
    try await withStore(kind) { (store: any ServerStore) async throws in
      try await store.checkReachable()
    }
  }
}

/// Three ledger lines, two of `user-1` (first and last) and one of `user-2`.
func usageLines() -> [UsageRecord] {
  [
    UsageRecord(
      requestID: "req-1", userID: "user-1", model: "openai/gpt-4o-mini", promptTokens: 12,
      completionTokens: 30, status: "completed", startedAt: storeNoon,
      durationMilliseconds: 840, upstreamGenerationID: "gen-1"),
    UsageRecord(
      requestID: "req-2", userID: "user-2", model: "openai/gpt-3.5-turbo", promptTokens: nil,
      completionTokens: nil, status: "upstream_error", startedAt: storeNoon.addingTimeInterval(1),
      durationMilliseconds: 15, upstreamGenerationID: nil),
    UsageRecord(
      requestID: "req-3", userID: "user-1", model: "openai/gpt-4o-mini", promptTokens: 3,
      completionTokens: 0, status: "cancelled", startedAt: storeNoon.addingTimeInterval(2.25),
      durationMilliseconds: 99, upstreamGenerationID: "gen-3"),
  ]
}
