import Backend
import Foundation
import Testing

/// The body's checks are made before the quota's because they need no store, but a refusal is
/// still the first one in the contract's order, and an admitted request asks the store once
/// (the operator's grant included).
@Suite struct ProxyCheckOrderTests {
  @Test func anAdmittedRequestIsJudgedByTheStoreOnceWithTheCharge() async throws {
    let store = ChargeRefusingStore(mode: .answer)
    let harness = try ProxyHarness(storeOverride: store)
    defer { harness.stop() }
    harness.scriptStream(UpstreamScript.reply())
    let response = try await harness.ask()
    #expect(response.status == 200)
    _ = try await response.streamedText()
    #expect(await store.admissions.charged == [true])
    // The grant is read inside that one admission, not asked for first (decision 149).
    #expect(await store.admissions.grantWaived == [true])
    #expect(await store.admissions.grantReads == 0)
  }

  @Test func aSubscriberIsAdmittedByTheOneAdmissionThatReadsTheGrant() async throws {
    let store = ChargeRefusingStore(mode: .answer)
    let harness = try ProxyHarness(storeOverride: store) { $0.freeLimit = 1 }
    defer { harness.stop() }
    try await store.grant(
      userID: "user-1", until: harness.clock.now.addingTimeInterval(3600), now: harness.clock.now)
    for _ in 0..<2 {
      harness.scriptStream(UpstreamScript.reply())
      let response = try await harness.ask()
      #expect(response.status == 200)
      #expect(response.header(ProxyService.freeMessagesHeader) == nil)
      _ = try await response.streamedText()
    }
    #expect(await store.admissions.charged == [true, true])
    #expect(await store.admissions.grantReads == 0)
    // The subscriber's requests charged nothing to the free allowance.
    #expect(
      try await store.admit(
        AdmissionRequest(
          userID: "user-1", now: harness.clock.now, rateLimit: nil,
          freeAllowance: FreeAllowance(limit: 1, period: .lifetime), charge: false))
        == .admitted(freeRemaining: 1))
  }

  @Test func aRefusedBodyFromASubscriberCarriesNoQuotaHeader() async throws {
    let store = ChargeRefusingStore(mode: .answer)
    let harness = try ProxyHarness(storeOverride: store)
    defer { harness.stop() }
    try await store.grant(
      userID: "user-1", until: harness.clock.now.addingTimeInterval(3600), now: harness.clock.now)
    let response = try await harness.ask(ProxyHarness.body(model: "openai/gpt-4o"))
    #expect(response.status == 400)
    #expect(response.errorCode == "invalid_model")
    #expect(response.header(ProxyService.freeMessagesHeader) == nil)
    #expect(await store.admissions.charged == [false])
    #expect(await store.admissions.grantReads == 0)
  }

  @Test func aSpentQuotaIsTheRefusalEvenWhenTheModelIsWrongToo() async throws {
    let store = ChargeRefusingStore(mode: .answer)
    let harness = try ProxyHarness(storeOverride: store) { $0.freeLimit = 1 }
    defer { harness.stop() }
    harness.scriptStream(UpstreamScript.reply())
    let first = try await harness.ask()
    #expect(first.status == 200)
    _ = try await first.streamedText()
    let second = try await harness.ask(ProxyHarness.body(model: "openai/gpt-4o"))
    #expect(second.status == 429)
    #expect(second.errorCode == "free_quota_exhausted")
    #expect(second.header(ProxyService.freeMessagesHeader) == "0")
    // The refused body was answered after a look that charged nothing.
    #expect(await store.admissions.charged == [true, false])
    #expect(harness.upstream?.requests.count == 1)
  }

  @Test func aWrongModelWithQuotaLeftIsInvalidModelAndChargesNothing() async throws {
    let store = ChargeRefusingStore(mode: .answer)
    let harness = try ProxyHarness(storeOverride: store)
    defer { harness.stop() }
    let response = try await harness.ask(ProxyHarness.body(model: "openai/gpt-4o"))
    #expect(response.status == 400)
    #expect(response.errorCode == "invalid_model")
    #expect(response.header(ProxyService.freeMessagesHeader) == "10")
    #expect(await store.admissions.charged == [false])
    #expect(harness.upstream?.requests.isEmpty == true)
  }
}
