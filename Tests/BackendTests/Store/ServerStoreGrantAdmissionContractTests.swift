import Backend
import Foundation
import Testing

/// `AdmissionRequest.grantWaivesAllowance` on every store (decision 149): the admission
/// reads the operator's grant itself, so the proxy asks the store once per request.
@Suite("ServerStore contract: a grant judged in the admission")
struct ServerStoreGrantAdmissionContractTests {
  @Test(arguments: StoreKind.allCases)
  func aGrantThatHasNotEndedWaivesTheAllowanceAndChargesNoFreeMessage(
    kind: StoreKind
  ) async throws {
    let allowance = try freeMessages(1)
    try await withStore(kind) { (store: any ServerStore) async throws in
      try await store.grant(
        userID: "user-1", until: storeNoon.addingTimeInterval(60), now: storeNoon)
      for _ in 0..<3 {
        #expect(
          try await store.admit(waivable(free: allowance)) == .admitted(freeRemaining: nil))
      }
      // Nothing was charged to the allowance while the grant ran: once it has ended (its end
      // is exclusive), the one free message is still there.
      let end = storeNoon.addingTimeInterval(60)
      #expect(
        try await store.admit(waivable(at: end, free: allowance)) == .admitted(freeRemaining: 0))
      #expect(
        try await store.admit(waivable(at: end, free: allowance))
          == .freeQuotaExhausted(retryAfter: nil))
    }
  }

  @Test(arguments: StoreKind.allCases)
  func withoutAGrantTheAllowanceAppliesAsAlways(kind: StoreKind) async throws {
    let allowance = try freeMessages(2)
    try await withStore(kind) { (store: any ServerStore) async throws in
      try await store.grant(
        userID: "user-2", until: storeNoon.addingTimeInterval(60), now: storeNoon)
      #expect(try await store.admit(waivable(free: allowance)) == .admitted(freeRemaining: 1))
      #expect(
        try await store.admit(waivable(free: allowance, charge: false))
          == .admitted(freeRemaining: 1))
      #expect(try await store.admit(waivable(free: allowance)) == .admitted(freeRemaining: 0))
      #expect(
        try await store.admit(waivable(free: allowance)) == .freeQuotaExhausted(retryAfter: nil))
    }
  }

  @Test(arguments: StoreKind.allCases)
  func aGrantIsIgnoredUnlessTheRequestAsksForIt(kind: StoreKind) async throws {
    let allowance = try freeMessages(1)
    try await withStore(kind) { (store: any ServerStore) async throws in
      try await store.grant(
        userID: "user-1", until: storeNoon.addingTimeInterval(60), now: storeNoon)
      #expect(try await store.admit(admission(free: allowance)) == .admitted(freeRemaining: 0))
      #expect(
        try await store.admit(admission(free: allowance)) == .freeQuotaExhausted(retryAfter: nil))
    }
  }

  @Test(arguments: StoreKind.allCases)
  func aGrantLeavesTheRateLimitInForce(kind: StoreKind) async throws {
    let limit = try perSeconds(2, 60)
    let allowance = try freeMessages(5)
    try await withStore(kind) { (store: any ServerStore) async throws in
      try await store.grant(
        userID: "user-1", until: storeNoon.addingTimeInterval(3600), now: storeNoon)
      for _ in 0..<2 {
        #expect(
          try await store.admit(waivable(rate: limit, free: allowance))
            == .admitted(freeRemaining: nil))
      }
      #expect(rateLimitedWait(try await store.admit(waivable(rate: limit, free: allowance))) > 0)
    }
  }

  /// `admission(...)` with `grantWaivesAllowance` set.
  private func waivable(
    at now: Date = storeNoon, rate: RateLimit? = nil, free: FreeAllowance?, charge: Bool = true
  ) -> AdmissionRequest {
    var request = admission(at: now, rate: rate, free: free, charge: charge)
    request.grantWaivesAllowance = true
    return request
  }
}
