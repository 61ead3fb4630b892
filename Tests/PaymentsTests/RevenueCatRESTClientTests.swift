import Core
import Foundation
import Networking
import Payments
import TestSupport
import Testing

/// The REST client against a real HTTP server: requests, verdicts, cache and offline use.
@Suite struct RevenueCatRESTClientTests {
  let day = CustomerInfoFixture.day

  @Test func fetchesTheCustomerWithTheDocumentedRequest() async throws {
    let harness = try RESTHarness()
    defer { harness.server.stop() }
    let expiry = harness.clock.now.addingTimeInterval(20 * day)
    harness.server.route(.get, RESTHarness.customerPath, harness.customerJSON(expires: expiry))
    let client = await harness.configured()

    let state = await client.currentState()
    #expect(state.isSubscribed)
    #expect(state.activeEntitlementIDs == ["pro"])
    #expect(state.expirationDate == expiry)
    #expect(state.productID == .monthlySubscription)
    #expect(state.willRenew)
    #expect(state.managementURL?.host == "apps.apple.com")

    let request = try #require(harness.server.requests.first)
    #expect(request.method == "GET")
    #expect(request.path == RESTHarness.customerPath)
    #expect(request.headers["Authorization"] == "Bearer \(RESTHarness.apiKey)")
    #expect(request.headers["X-Platform"] == "ios")
    #expect(request.headers["Accept"] == "application/json")
    #expect(request.body.isEmpty)
    #expect(!harness.logsContainTheKey)
  }

  @Test func aCustomerRevenueCatJustCreatedIsFree() async throws {
    let harness = try RESTHarness()
    defer { harness.server.stop() }
    let millis = Int64(harness.clock.now.timeIntervalSince1970 * 1000)
    harness.server.route(
      .get, RESTHarness.customerPath,
      .json(#"{"request_date_ms": \#(millis), "subscriber": {"entitlements": {}}}"#, status: 201))
    let client = await harness.configured()
    #expect(try await client.restore() == .free)
  }

  @Test func aRelayBaseURLKeepsItsPathPrefix() async throws {
    let harness = try RESTHarness()
    defer { harness.server.stop() }
    harness.server.route(
      .get, "/relay/rc/v1/subscribers/user-1", harness.customerJSON(expires: nil))
    let base = harness.server.url("/relay/rc/")
    await harness.client.configure(harness.config(appUserID: "user-1", baseURL: base))
    #expect(await harness.client.currentState().isLifetime)
    #expect(harness.server.requests.map(\.path) == ["/relay/rc/v1/subscribers/user-1"])
  }

  @Test func aFreshAnswerIsReusedAndAStaleOneRefetchedAfterFiveMinutes() async throws {
    let harness = try RESTHarness()
    defer { harness.server.stop() }
    harness.server.route(
      .get, RESTHarness.customerPath,
      harness.customerJSON(expires: harness.clock.now.addingTimeInterval(20 * day)))
    let client = await harness.configured()
    _ = await client.currentState()
    await harness.clock.advance(by: .seconds(300))
    #expect(await client.currentState().isSubscribed)
    #expect(harness.server.requests.count == 1)
    await harness.clock.advance(by: .seconds(1))
    #expect(await client.currentState().isSubscribed)
    #expect(harness.server.requests.count == 2)
  }

  @Test func inTheBackgroundTheAnswerStaysFreshFor25Hours() async throws {
    let harness = try RESTHarness()
    defer { harness.server.stop() }
    harness.server.route(
      .get, RESTHarness.customerPath,
      harness.customerJSON(expires: harness.clock.now.addingTimeInterval(20 * day)))
    let client = await harness.configured()
    _ = await client.currentState()
    await client.setInForeground(false)
    await harness.clock.advance(by: .seconds(25 * 3600))
    _ = await client.currentState()
    #expect(harness.server.requests.count == 1)
    await client.setInForeground(true)
    _ = await client.currentState()
    #expect(harness.server.requests.count == 2)
  }

  /// Offline after one answer: an entitlement that expired a day after the answer stays
  /// active until the answer is 3 days old, judged at the request date, then lapses.
  @Test func offlineTheCachedAnswerIsJudgedWithTheRequestDateRule() async throws {
    let harness = try RESTHarness()
    let answeredAt = harness.clock.now
    harness.server.route(
      .get, RESTHarness.customerPath,
      harness.customerJSON(expires: answeredAt.addingTimeInterval(day)))
    defer { harness.server.stop() }
    let client = await harness.configured()
    #expect(await client.currentState().isSubscribed)
    // From now on every connection closes without an answer: offline.
    harness.server.route(.get, RESTHarness.customerPath, .dropConnection())

    await harness.clock.advance(to: answeredAt.addingTimeInterval(3 * day - 1))
    #expect(await client.currentState().isSubscribed)
    await harness.clock.advance(to: answeredAt.addingTimeInterval(3 * day + 1))
    let lapsed = await client.currentState()
    #expect(!lapsed.isSubscribed)
    #expect(lapsed.productID == .monthlySubscription)
    #expect(harness.sink.text.contains("Refreshing the subscription state failed"))
    #expect(!harness.logsContainTheKey)
  }

  @Test func theCacheSurvivesARestartAndAnswersOffline() async throws {
    let clock = ManualClock()
    let values = InMemoryKeyValueStore()
    let first = try RESTHarness(clock: clock, values: values)
    first.server.route(
      .get, RESTHarness.customerPath,
      first.customerJSON(expires: clock.now.addingTimeInterval(20 * day)))
    _ = await first.configured().currentState()
    first.server.stop()

    // A new process an hour later, with the same store and no way to reach RevenueCat.
    await clock.advance(by: .seconds(3600))
    let second = try RESTHarness(clock: clock, values: values)
    defer { second.server.stop() }
    second.server.route(.get, RESTHarness.customerPath, .dropConnection())
    await second.client.configure(second.config())
    var states = second.client.states().makeAsyncIterator()
    #expect(await states.next()?.isSubscribed == true)
    #expect(await second.client.currentState().isSubscribed)
    #expect(!second.server.requests.isEmpty)
  }

  @Test func aLateSubscriberGetsTheFetchedState() async throws {
    let harness = try RESTHarness()
    defer { harness.server.stop() }
    harness.server.route(
      .get, RESTHarness.customerPath,
      harness.customerJSON(expires: harness.clock.now.addingTimeInterval(day), periodType: "trial"))
    let client = await harness.configured()
    var early = client.states().makeAsyncIterator()
    #expect(await early.next() == .free)
    let state = await client.currentState()
    #expect(state.isTrial)
    #expect(await early.next() == state)
    var late = client.states().makeAsyncIterator()
    #expect(await late.next() == state)
  }

  @Test func concurrentCallersShareOneRequest() async throws {
    let harness = try RESTHarness()
    defer { harness.server.stop() }
    let gate = LoopbackGate()
    harness.server.route(
      .get, RESTHarness.customerPath,
      harness.customerJSON(expires: harness.clock.now.addingTimeInterval(day)).waiting(for: gate))
    let client = await harness.configured()
    async let states = withTaskGroup(of: PaymentsState.self) { group in
      for _ in 0..<10 { group.addTask { await client.currentState() } }
      return await group.reduce(into: [PaymentsState]()) { $0.append($1) }
    }
    try await gate.waitUntilReached()
    await Task.megaYield(count: 200)
    gate.open()
    let results = await states
    #expect(results.count == 10)
    #expect(results.allSatisfy { $0.isSubscribed })
    #expect(harness.server.requests.count == 1)
  }

  @Test func anAnswerForThePreviousUserNeverBecomesTheNewUsersState() async throws {
    let harness = try RESTHarness()
    defer { harness.server.stop() }
    let gate = LoopbackGate()
    harness.server.route(
      .get, RESTHarness.customerPath,
      harness.customerJSON(expires: harness.clock.now.addingTimeInterval(day)).waiting(for: gate))
    harness.server.route(
      .get, "/v1/subscribers/user-2",
      .json(
        #"{"request_date_ms": \#(Int64(harness.clock.now.timeIntervalSince1970 * 1000)), "subscriber": {}}"#
      ))
    let client = await harness.configured()
    async let previous = client.currentState()
    try await gate.waitUntilReached()
    // Through the protocol, as the app switches users.
    let payments: any PaymentsClient = client
    await payments.changeAppUser(to: "user-2")
    gate.open()
    #expect(await previous == .free)
    // Nothing but the late answer could have changed the state since the switch.
    var states = client.states().makeAsyncIterator()
    #expect(await states.next() == .free)
    #expect(await client.currentState() == .free)
    #expect(
      harness.server.requests.map(\.path) == [RESTHarness.customerPath, "/v1/subscribers/user-2"])
  }

  @Test func purchasesAreUnavailableAndSendNothing() async throws {
    let harness = try RESTHarness()
    defer { harness.server.stop() }
    let client = await harness.configured()
    await #expect(throws: PaymentsError.purchasesUnavailable) {
      try await client.purchase(productID: .monthlySubscription)
    }
    #expect(harness.server.requests.isEmpty)
    guard case .validation = PaymentsError.purchasesUnavailable.asAppError() else {
      Issue.record("purchasesUnavailable should explain itself to the user")
      return
    }
  }

  @Test func restoreRefetchesEvenWhenTheCacheIsFresh() async throws {
    let harness = try RESTHarness()
    defer { harness.server.stop() }
    harness.server.enqueue(
      .json(
        CustomerInfoFixture.json(requestDate: harness.clock.now, expires: nil)
          .replacingOccurrences(of: #""pro""#, with: #""old""#)),
      harness.customerJSON(expires: harness.clock.now.addingTimeInterval(day)),
      path: RESTHarness.customerPath)
    let client = await harness.configured()
    #expect(await client.currentState().isSubscribed == false)
    let restored = try await client.restore()
    #expect(restored.isSubscribed)
    #expect(harness.server.requests.count == 2)
  }

  @Test func configureIsIdempotentAndKeepsTheFirstKey() async throws {
    let harness = try RESTHarness()
    defer { harness.server.stop() }
    harness.server.route(.get, RESTHarness.customerPath, harness.customerJSON(expires: nil))
    let client = await harness.configured()
    await client.configure(harness.config())
    await client.configure(harness.config(apiKey: "appl_SomeOtherKey9876543210"))
    _ = try await client.restore()
    #expect(
      harness.server.requests.first?.headers["Authorization"] == "Bearer \(RESTHarness.apiKey)")
    #expect(harness.sink.text.contains("ignoring a different configuration"))
    #expect(!harness.sink.text.contains("SomeOtherKey"))
  }

  @Test func withoutAUserOrAUsableKeyNothingIsFetched() async throws {
    let harness = try RESTHarness()
    defer { harness.server.stop() }
    await harness.client.configure(harness.config(apiKey: "appl_YOUR_KEY_HERE"))
    #expect(await harness.client.currentState() == .free)
    await #expect(throws: PaymentsError.notConfigured("RevenueCat API key")) {
      try await harness.client.restore()
    }
    let anonymous = try RESTHarness()
    defer { anonymous.server.stop() }
    await anonymous.client.configure(anonymous.config(appUserID: nil))
    #expect(await anonymous.client.currentState() == .free)
    await #expect(throws: PaymentsError.notSignedIn) { try await anonymous.client.restore() }
    #expect(harness.server.requests.isEmpty && anonymous.server.requests.isEmpty)
  }
}
