import Core
import FeatureSettings
import Localization
import Payments
import TestSupport
import Testing

/// Buying and restoring: success, the user cancelling, failures and retries.
@MainActor @Suite struct PaywallViewModelActionsTests {
  let clock = ManualClock()

  func makeLoadedPaywall(
    _ mock: MockPaymentsClient,
    onPurchaseCompleted: @escaping @MainActor (ProductID) -> Void = {
      _ in
    }
  ) async -> PaywallViewModel {
    let paywall = PaywallViewModel(payments: mock, onPurchaseCompleted: onPurchaseCompleted)
    await paywall.load()
    return paywall
  }

  var mock: MockPaymentsClient { MockPaymentsClient(clock: clock.appClock) }

  @Test func upgradeWithoutAPlanAsksForOne() async {
    let mock = mock
    let paywall = await makeLoadedPaywall(mock)
    await paywall.upgradeButtonTapped()
    #expect(paywall.purchaseState == .failed(.noPlanSelected))
    #expect(
      L10n.withLanguage(.english) { paywall.errorMessage } == "Please select a subscription plan")
    #expect(
      L10n.withLanguage(.spanish) { paywall.errorMessage }
        == L10n.withLanguage(.spanish) {
          L10n.Payments.selectPlan
        })
    #expect(await mock.purchasedProductIDs.isEmpty)
  }

  @Test func choosingAPlanClearsTheSelectPlanMessage() async {
    let paywall = await makeLoadedPaywall(mock)
    await paywall.upgradeButtonTapped()
    paywall.planSelected(.annualSubscription)
    #expect(paywall.purchaseState == .idle)
    #expect(paywall.errorMessage == nil)
  }

  @Test func aSuccessfulPurchaseSubscribes() async {
    let mock = mock
    var completed: [ProductID] = []
    let paywall = await makeLoadedPaywall(mock) { completed.append($0) }
    paywall.planSelected(.annualSubscription)
    await paywall.upgradeButtonTapped()
    #expect(paywall.purchaseState == .purchased(.annualSubscription))
    #expect(paywall.isSubscribed)
    #expect(paywall.subscription?.productID == .annualSubscription)
    guard case .alreadySubscribed(let state) = paywall.content else {
      Issue.record("expected the subscribed state, got \(paywall.content)")
      return
    }
    #expect(state.activeEntitlementIDs == ["pro"])
    #expect(L10n.withLanguage(.english) { paywall.successMessage } == "Welcome to Pro!")
    #expect(paywall.errorMessage == nil)
    #expect(await mock.purchasedProductIDs == [.annualSubscription])
    #expect(completed == [.annualSubscription])
  }

  @Test func cancellingThePurchaseIsNotAnError() async {
    let mock = mock
    await mock.simulateUserCancellingNextPurchase()
    var completed: [ProductID] = []
    let paywall = await makeLoadedPaywall(mock) { completed.append($0) }
    paywall.planSelected(.monthlySubscription)
    await paywall.upgradeButtonTapped()
    #expect(paywall.purchaseState == .idle)
    #expect(paywall.errorMessage == nil)
    #expect(paywall.successMessage == nil)
    #expect(!paywall.isSubscribed)
    #expect(completed.isEmpty)
  }

  @Test func aFailedPurchaseShowsALocalizedErrorAndCanBeRetried() async {
    let mock = mock
    await mock.failNextPurchase(with: .network(.network(code: -1001, message: "Timed out")))
    let paywall = await makeLoadedPaywall(mock)
    paywall.planSelected(.monthlySubscription)
    await paywall.upgradeButtonTapped()
    #expect(paywall.purchaseState == .failed(.error(.network(code: -1001, message: "Timed out"))))
    #expect(
      L10n.withLanguage(.english) { paywall.errorMessage } == "Request timed out. Please try again."
    )
    #expect(
      L10n.withLanguage(.spanish) { paywall.errorMessage }
        == "La solicitud ha tardado demasiado. Inténtalo de nuevo.")
    #expect(!paywall.isSubscribed)

    await paywall.upgradeButtonTapped()
    #expect(paywall.purchaseState == .purchased(.monthlySubscription))
    #expect(paywall.isSubscribed)
  }

  @Test func aStoreRefusalShowsItsOwnSentence() async {
    let mock = mock
    await mock.failNextPurchase(with: .paymentPending)
    let paywall = await makeLoadedPaywall(mock)
    paywall.planSelected(.monthlySubscription)
    await paywall.upgradeButtonTapped()
    #expect(
      paywall.errorMessage
        == "Your purchase is waiting for approval. You'll get access once it's approved.")
  }

  @Test func aSecondTapWhilePurchasingIsIgnored() async {
    let client = GatedPaymentsClient(mock)
    await client.holdPurchases()
    let paywall = PaywallViewModel(payments: client)
    await paywall.load()
    paywall.planSelected(.monthlySubscription)
    let first = Task { await paywall.upgradeButtonTapped() }
    #expect(await eventually { await client.waitingCount == 1 })
    #expect(paywall.purchaseState == .purchasing(.monthlySubscription))
    #expect(paywall.isBusy)
    await paywall.upgradeButtonTapped()
    await paywall.restoreButtonTapped()
    paywall.planSelected(.annualSubscription)
    #expect(paywall.selectedOfferingID == .monthlySubscription)
    await client.release()
    await first.value
    #expect(await client.purchaseCalls == 1)
    #expect(await client.mock.restoreCount == 0)
    #expect(paywall.purchaseState == .purchased(.monthlySubscription))
  }

  @Test func restoreThatFindsASubscriptionSubscribes() async {
    let mock = mock
    let bought = PaymentsState(
      isSubscribed: true, activeEntitlementIDs: ["pro"],
      expirationDate: clock.now.addingTimeInterval(3_600), productID: .annualSubscription)
    await mock.setRestorableState(bought)
    let paywall = await makeLoadedPaywall(mock)
    await paywall.restoreButtonTapped()
    #expect(paywall.purchaseState == .restored)
    #expect(paywall.content == .alreadySubscribed(bought))
    #expect(
      L10n.withLanguage(.english) { paywall.successMessage }
        == "Your purchases have been restored.")
    #expect(await mock.restoreCount == 1)
  }

  @Test func restoreThatFindsNothingSaysSo() async {
    let paywall = await makeLoadedPaywall(mock)
    await paywall.restoreButtonTapped()
    #expect(paywall.purchaseState == .failed(.nothingToRestore))
    #expect(!paywall.isSubscribed)
    #expect(
      L10n.withLanguage(.english) { paywall.errorMessage }
        == "No active subscription found to restore.")
    #expect(
      L10n.withLanguage(.spanish) { paywall.errorMessage }
        == L10n.withLanguage(.spanish) { L10n.Payments.nothingToRestore })
  }

  @Test func restoreOfALapsedSubscriptionFindsNothing() async {
    let mock = mock
    let lapsed = PaymentsState(
      isSubscribed: true, activeEntitlementIDs: ["pro"],
      expirationDate: clock.now.addingTimeInterval(-1), productID: .monthlySubscription)
    await mock.setRestorableState(lapsed)
    let paywall = await makeLoadedPaywall(mock)
    await paywall.restoreButtonTapped()
    #expect(paywall.purchaseState == .failed(.nothingToRestore))
  }

  @Test func aFailedRestoreShowsTheErrorNotNothingToRestore() async {
    let mock = mock
    await mock.failNextRestore(with: .server(status: 503, code: nil, message: nil))
    let paywall = await makeLoadedPaywall(mock)
    await paywall.restoreButtonTapped()
    #expect(paywall.purchaseState == .failed(.error(.network(code: 503, message: nil))))
    #expect(
      L10n.withLanguage(.english) { paywall.errorMessage }
        == "The server had a problem. Please try again in a moment.")
    await paywall.restoreButtonTapped()
    #expect(paywall.purchaseState == .failed(.nothingToRestore), "the retry reached the store")
  }

  @Test func dismissingTheMessageReturnsToIdle() async {
    let paywall = await makeLoadedPaywall(mock)
    await paywall.restoreButtonTapped()
    paywall.messageDismissed()
    #expect(paywall.purchaseState == .idle)
    #expect(paywall.errorMessage == nil)
  }
}
