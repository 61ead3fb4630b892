import Core
import Foundation
import Payments
import TestSupport
import Testing

/// The mock really buys, restores, cancels and lapses, on an injected clock.
@Suite struct MockPaymentsClientTests {
  let clock = ManualClock()
  var calendar: Calendar { .utcTest }

  func makeClient(
    offerings: [PaymentsOffering] = PaymentsOffering.samples, logger: AppLogger = .disabled
  ) -> MockPaymentsClient {
    MockPaymentsClient(clock: clock.appClock, offerings: offerings, logger: logger)
  }

  @Test func startsFreeWithTheSampleOfferings() async throws {
    let client = makeClient()
    #expect(await client.currentState() == .free)
    let offerings = try await client.getOfferings()
    #expect(offerings.map(\.id) == [.monthlySubscription, .annualSubscription])
    #expect(offerings.map(\.priceText) == ["$9.99", "$79.99"])
  }

  @Test func buyingMonthlySubscribesUntilOneMonthLater() async throws {
    let client = makeClient()
    try await client.purchase(productID: .monthlySubscription)
    let state = await client.currentState()
    let expected = calendar.date(byAdding: .month, value: 1, to: clock.now)
    #expect(state.isSubscribed)
    #expect(state.activeEntitlementIDs == ["pro"])
    #expect(state.productID == .monthlySubscription)
    #expect(state.expirationDate == expected)
    #expect(state.willRenew)
    #expect(await client.purchasedProductIDs == [.monthlySubscription])
  }

  @Test func buyingAnnualSubscribesUntilOneYearLater() async throws {
    let client = makeClient()
    try await client.purchase(productID: .annualSubscription)
    let state = await client.currentState()
    #expect(state.expirationDate == calendar.date(byAdding: .year, value: 1, to: clock.now))
    #expect(state.productID == .annualSubscription)
  }

  @Test func thePurchaseReachesStateSubscribers() async throws {
    let client = makeClient()
    var updates = client.states().makeAsyncIterator()
    #expect(await updates.next() == .free)
    try await client.purchase(productID: .monthlySubscription)
    #expect(await updates.next()?.isSubscribed == true)
  }

  @Test func aLateSubscriberReceivesTheCurrentState() async throws {
    let client = makeClient()
    try await client.purchase(productID: .annualSubscription)
    var late = client.states().makeAsyncIterator()
    #expect(await late.next()?.productID == .annualSubscription)
  }

  @Test func aCancelledPurchaseChangesNothingAndIsACancellation() async {
    let client = makeClient()
    await client.simulateUserCancellingNextPurchase()
    await #expect(throws: PaymentsError.purchaseCancelled) {
      try await client.purchase(productID: .monthlySubscription)
    }
    #expect(await client.currentState() == .free)
    #expect(await client.purchasedProductIDs.isEmpty)
    #expect(PaymentsError.isCancellation(PaymentsError.purchaseCancelled))
  }

  @Test func scriptedFailuresAreThrownOnceInOrder() async throws {
    let client = makeClient()
    await client.failNextPurchase(with: .network(.network(code: -1009, message: "Offline")))
    await client.failNextPurchase(with: .receiptInvalid)
    await #expect(throws: PaymentsError.network(.network(code: -1009, message: "Offline"))) {
      try await client.purchase(productID: .monthlySubscription)
    }
    await #expect(throws: PaymentsError.receiptInvalid) {
      try await client.purchase(productID: .monthlySubscription)
    }
    try await client.purchase(productID: .monthlySubscription)
    #expect(await client.currentState().isSubscribed)
  }

  @Test func anUnknownProductIsNotFound() async {
    let client = makeClient()
    await #expect(throws: PaymentsError.productNotFound("lifetime_unlock")) {
      try await client.purchase(productID: "lifetime_unlock")
    }
  }

  @Test func restoreWithNothingBoughtReturnsFree() async throws {
    let client = makeClient()
    #expect(try await client.restore() == .free)
    #expect(await client.restoreCount == 1)
  }

  @Test func restoreFindsAPurchaseMadeElsewhereAndPublishesIt() async throws {
    let client = makeClient()
    let elsewhere = PaymentsState(
      isSubscribed: true, activeEntitlementIDs: ["pro"],
      expirationDate: clock.now.addingTimeInterval(86_400), productID: .annualSubscription)
    await client.setRestorableState(elsewhere)
    var updates = client.states().makeAsyncIterator()
    #expect(await updates.next() == .free)
    #expect(try await client.restore() == elsewhere)
    #expect(await updates.next() == elsewhere)
    #expect(await client.currentState() == elsewhere)
  }

  @Test func restoreAfterAPurchaseReturnsThatPurchase() async throws {
    let client = makeClient()
    try await client.purchase(productID: .monthlySubscription)
    await client.setState(.free)
    let restored = try await client.restore()
    #expect(restored.isSubscribed)
    #expect(restored.productID == .monthlySubscription)
  }

  @Test func aFailedRestoreThrowsAndKeepsTheState() async {
    let client = makeClient()
    await client.failNextRestore(with: .server(status: 503, code: nil, message: nil))
    await #expect(throws: PaymentsError.server(status: 503, code: nil, message: nil)) {
      try await client.restore()
    }
    #expect(await client.restoreCount == 0)
  }

  @Test func theSubscriptionLapsesOneSecondAfterItsExpiry() async throws {
    let client = makeClient()
    try await client.purchase(productID: .monthlySubscription)
    let expiry = try #require(await client.currentState().expirationDate)
    await clock.advance(to: expiry.addingTimeInterval(-1))
    #expect(await client.currentState().isSubscribed)
    await clock.advance(to: expiry)
    #expect(await client.currentState().isSubscribed)
    var updates = client.states().makeAsyncIterator()
    _ = await updates.next()
    await clock.advance(to: expiry.addingTimeInterval(1))
    let lapsed = await client.currentState()
    #expect(!lapsed.isSubscribed)
    #expect(lapsed.activeEntitlementIDs.isEmpty)
    #expect(lapsed.expirationDate == expiry)
    #expect(await updates.next() == lapsed)
  }

  @Test func aFreeTrialIsUsedOncePerProduct() async throws {
    var annual = PaymentsOffering.sampleAnnual
    annual.introductoryOffer = IntroductoryOffer(
      paymentMode: .freeTrial, price: 0, priceText: "Free", period: .weekly, periodCount: 1)
    let client = makeClient(offerings: [annual])
    try await client.purchase(productID: .annualSubscription)
    let trial = await client.currentState()
    #expect(trial.isTrial)
    #expect(trial.expirationDate == calendar.date(byAdding: .day, value: 7, to: clock.now))
    try await client.purchase(productID: .annualSubscription)
    let paid = await client.currentState()
    #expect(!paid.isTrial)
    #expect(paid.expirationDate == calendar.date(byAdding: .year, value: 1, to: clock.now))
  }

  @Test func configureIsIdempotentAndKeepsTheFirstConfiguration() async throws {
    let sink = InMemoryLogSink()
    let client = makeClient(logger: AppLogger(sinks: [sink]))
    let first = PaymentsConfig(apiKey: "appl_FirstKeyValue123456", entitlementID: "premium")
    await client.configure(first)
    await client.configure(first)
    await client.configure(PaymentsConfig(apiKey: "appl_OtherKeyValue654321"))
    #expect(await client.configureCallCount == 3)
    #expect(await client.configuration == first)
    try await client.purchase(productID: .monthlySubscription)
    #expect(await client.currentState().activeEntitlementIDs == ["premium"])
    #expect(!sink.text.contains("FirstKeyValue"))
    #expect(!sink.text.contains("OtherKeyValue"))
    #expect(sink.text.contains("ignoring a different configuration"))
  }

  @Test func offeringsFailuresAndPrefetchAreScriptable() async throws {
    let client = makeClient()
    await client.prefetchOfferings()
    #expect(await client.prefetchCount == 1)
    await client.failNextOfferingsLoad(with: .network(.network(code: -1001, message: nil)))
    await #expect(throws: PaymentsError.self) { try await client.getOfferings() }
    #expect(try await client.getOfferings().count == 2)
  }
}
