import Core
import DesignSystem
import FeatureSettings
import Localization
import Payments
import TestSupport
import Testing

/// Loading plans (once), the "Already Subscribed" state, plan cards and live state.
@MainActor @Suite struct PaywallViewModelTests {
  let clock = ManualClock()

  func makeMock(
    offerings: [PaymentsOffering] = PaymentsOffering.samples, state: PaymentsState = .free
  ) -> MockPaymentsClient {
    MockPaymentsClient(clock: clock.appClock, offerings: offerings, initialState: state)
  }

  var subscribed: PaymentsState { SettingsHarness.subscribed(at: clock.now) }

  @Test func startsLoadingWithNothingSelected() {
    let paywall = PaywallViewModel(payments: makeMock())
    #expect(paywall.content == .loading)
    #expect(paywall.offerings == .idle)
    #expect(paywall.selectedOffering == nil)
    #expect(paywall.subscription == nil)
    #expect(paywall.errorMessage == nil)
  }

  @Test func loadShowsThePlansInOrderForAFreeUser() async {
    let paywall = PaywallViewModel(payments: makeMock())
    await paywall.load()
    #expect(paywall.offerings == .loaded(PaymentsOffering.samples))
    #expect(paywall.subscription == .free)
    #expect(!paywall.isSubscribed)
    guard case .plans(let plans) = paywall.content else {
      Issue.record("expected plans, got \(paywall.content)")
      return
    }
    #expect(plans.map(\.id) == [.monthlySubscription, .annualSubscription])
    #expect(plans.allSatisfy { !$0.isSelected })
  }

  @Test func plansLoadOnceWhenLoadIsCalledAgainAfterwards() async {
    let client = GatedPaymentsClient(makeMock())
    let paywall = PaywallViewModel(payments: client)
    await paywall.load()
    await client.mock.setOfferings([.sampleAnnual])
    await paywall.load()
    #expect(await client.offeringsCalls == 1)
    #expect(paywall.offerings == .loaded(PaymentsOffering.samples))
  }

  @Test func concurrentLoadsShareOneRequest() async {
    let client = GatedPaymentsClient(makeMock())
    await client.holdOfferings()
    let paywall = PaywallViewModel(payments: client)
    let first = Task { await paywall.load() }
    #expect(await eventually { await client.waitingCount == 1 })
    #expect(paywall.offerings == .loading)
    let second = Task { await paywall.load() }
    await Task.megaYield()
    await client.release()
    await first.value
    await second.value
    #expect(await client.offeringsCalls == 1)
    #expect(paywall.offerings == .loaded(PaymentsOffering.samples))
  }

  @Test func aFailedLoadShowsALocalizedMessageAndRetryLoadsAgain() async {
    let mock = makeMock()
    await mock.failNextOfferingsLoad(with: .network(.network(code: -1009, message: "Offline")))
    let paywall = PaywallViewModel(payments: mock)
    await paywall.load()
    let english = L10n.withLanguage(.english) { paywall.content }
    #expect(
      english == .unavailable(message: "You're offline. Please check your internet connection."))
    let spanish = L10n.withLanguage(.spanish) { paywall.content }
    #expect(
      spanish == .unavailable(message: "No tienes conexión. Comprueba tu conexión a internet."))
    await paywall.retryButtonTapped()
    #expect(paywall.offerings == .loaded(PaymentsOffering.samples))
  }

  @Test func noPlansForSaleSaysPlansAreUnavailable() async {
    let paywall = PaywallViewModel(payments: makeMock(offerings: []))
    await paywall.load()
    #expect(paywall.offerings == .empty)
    let content = L10n.withLanguage(.english) { paywall.content }
    #expect(
      content == .unavailable(message: "Plans are unavailable right now. Please try again later."))
  }

  @Test func aSubscribedUserSeesTheAlreadySubscribedState() async {
    let state = subscribed
    let paywall = PaywallViewModel(payments: makeMock(state: state))
    await paywall.load()
    #expect(paywall.isSubscribed)
    #expect(paywall.content == .alreadySubscribed(state))
  }

  @Test func aPurchaseFinishedElsewhereShowsWhileObserving() async {
    let mock = makeMock()
    let paywall = PaywallViewModel(payments: mock)
    await paywall.load()
    let observer = Task { await paywall.observeSubscriptionChanges() }
    defer { observer.cancel() }
    let state = subscribed
    await mock.setState(state)
    #expect(await eventually { paywall.content == .alreadySubscribed(state) })
    await mock.setState(.free)
    #expect(await eventually { !paywall.isSubscribed })
    #expect(paywall.content.isPlans)
  }

  @Test func selectingAPlanMarksItsCard() async throws {
    let paywall = PaywallViewModel(payments: makeMock())
    await paywall.load()
    paywall.planSelected(.annualSubscription)
    #expect(paywall.selectedOffering == .sampleAnnual)
    guard case .plans(let plans) = paywall.content else {
      Issue.record("expected plans")
      return
    }
    #expect(plans.map(\.isSelected) == [false, true])
    paywall.planSelected(.monthlySubscription)
    #expect(paywall.selectedOfferingID == .monthlySubscription)
  }

  @Test func selectingAPlanThatIsNotOnSaleChangesNothing() async {
    let paywall = PaywallViewModel(payments: makeMock())
    paywall.planSelected(.annualSubscription)
    #expect(paywall.selectedOfferingID == nil, "nothing is on sale before loading")
    await paywall.load()
    paywall.planSelected(.monthlySubscription)
    paywall.planSelected("lifetime")
    #expect(paywall.selectedOfferingID == .monthlySubscription)
  }

  @Test func planCardsSayPricePerPeriodSavingsAndBestValue() async throws {
    let paywall = PaywallViewModel(payments: makeMock())
    await paywall.load()
    guard case .plans(let plans) = paywall.content else {
      Issue.record("expected plans")
      return
    }
    let texts = L10n.withLanguage(.english) {
      plans.map { [$0.title, $0.priceText, $0.savingsText ?? "-"] }
    }
    #expect(
      texts == [["Monthly", "$9.99 per month", "-"], ["Annual", "$79.99 per year", "Save 33%"]])
    #expect(plans.map(\.isBestValue) == [false, true])
    #expect(plans.map(\.savingsPercentage) == [nil, 33])
  }

  @Test func legalLinksComeFromTheBrand() {
    let paywall = PaywallViewModel(
      payments: makeMock(),
      brand: BrandConfig(
        privacyPolicyURLString: "https://kiln.dev/privacy",
        termsOfServiceURLString: "https://kiln.dev/terms",
        subscriptionTermsURLString: "https://example.com/subscription-terms"))
    #expect(paywall.legalLinks.map(\.kind) == [.privacyPolicy, .termsOfService])
    #expect(PaywallViewModel(payments: makeMock()).legalLinks.isEmpty, "unset links are hidden")
  }

  @Test func aFreeTrialInDaysOrWeeksIsNamed() {
    var weekly = PaymentsOffering.sampleMonthly
    weekly.introductoryOffer = IntroductoryOffer(
      paymentMode: .freeTrial, price: 0, priceText: "Free", period: .weekly)
    var threeDays = PaymentsOffering.sampleAnnual
    threeDays.introductoryOffer = IntroductoryOffer(
      paymentMode: .freeTrial, price: 0, priceText: "Free", period: "P1D", periodCount: 3)
    var discounted = PaymentsOffering.sampleAnnual
    discounted.introductoryOffer = IntroductoryOffer(
      paymentMode: .payAsYouGo, price: 1, priceText: "$0.99", period: .monthly)
    let plans = [weekly, threeDays, discounted].map {
      PaywallPlan(offering: $0, isSelected: false, savingsPercentage: nil, isBestValue: false)
    }
    let texts = L10n.withLanguage(.english) { plans.map(\.freeTrialText) }
    #expect(texts == ["7-day free trial", "3-day free trial", nil])
  }

  @Test func aPlanBilledOtherThanMonthlyOrYearlyShowsTheBarePrice() {
    var quarterly = PaymentsOffering.sampleMonthly
    quarterly.period = .threeMonths
    var lifetime = PaymentsOffering.sampleAnnual
    lifetime.period = nil
    let plans = [quarterly, lifetime].map {
      PaywallPlan(offering: $0, isSelected: false, savingsPercentage: nil, isBestValue: false)
    }
    #expect(plans.map(\.priceText) == ["$9.99", "$79.99"])
  }
}

extension PaywallViewModel.Content {
  var isPlans: Bool {
    if case .plans = self { return true }
    return false
  }
}
