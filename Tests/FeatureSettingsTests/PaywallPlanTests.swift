import FeatureSettings
import Localization
import Payments
import TestSupport
import Testing

/// Plan cards for offerings RevenueCat sends without prices: their names come from the
/// package type in the user's language, and a price nobody knows says when it will be shown.
@MainActor @Suite struct PaywallPlanTests {
  let clock = ManualClock()

  static let unpriced: [PaymentsOffering] = [
    PaymentsOffering(
      id: "monthly_free_trial", packageID: .monthly, title: "Monthly", price: nil,
      period: .monthly),
    PaymentsOffering(
      id: "consumable1", packageID: "consumable", title: "consumable", price: nil, period: nil),
    PaymentsOffering(
      id: "lifetime_access", packageID: .lifetime, title: "Lifetime", price: nil, period: nil),
  ]

  private func plans(_ offerings: [PaymentsOffering]) async throws -> [PaywallPlan] {
    let paywall = PaywallViewModel(
      payments: MockPaymentsClient(clock: clock.appClock, offerings: offerings))
    await paywall.load()
    guard case .plans(let plans) = paywall.content else {
      Issue.record("expected plans, got \(paywall.content)")
      return []
    }
    return plans
  }

  @Test func anUnknownPriceIsShownAtPurchaseInEveryLanguage() async throws {
    let plans = try await plans(Self.unpriced)
    #expect(plans.count == 3)
    #expect(
      L10n.withLanguage(.english) { plans.map(\.priceText) }
        == Array(repeating: "price shown at purchase", count: 3))
    #expect(
      L10n.withLanguage(.spanish) { plans.map(\.priceText) }
        == Array(repeating: "precio indicado al comprar", count: 3))
    #expect(plans.allSatisfy { $0.savingsText == nil && !$0.isBestValue })
  }

  @Test func packageTypesAreNamedInTheUsersLanguageAndCustomOnesByName() async throws {
    let plans = try await plans(Self.unpriced)
    #expect(
      L10n.withLanguage(.english) { plans.map(\.title) } == ["Monthly", "consumable", "Lifetime"])
    #expect(
      L10n.withLanguage(.spanish) { plans.map(\.title) } == [
        "Mensual", "consumable", "De por vida",
      ])
  }

  @Test func aPricedPackageKeepsItsPricePerPeriod() async throws {
    var annual = PaymentsOffering(
      id: "yearly_free_trial", packageID: .annual, title: "Annual",
      price: ProductPrice(amount: 79.99, currencyCode: "USD", text: "$79.99"), period: .annual)
    let plans = try await plans([annual])
    #expect(L10n.withLanguage(.english) { plans.first?.priceText } == "$79.99 per year")
    annual.packageID = nil
    annual.title = "Yearly (store name)"
    let storeNamed = try await self.plans([annual])
    #expect(storeNamed.first?.title == "Yearly (store name)", "no package: the store's name")
  }

  @Test func thePaywallAsksForTheOfferingOfItsPlacement() async throws {
    let mock = MockPaymentsClient(clock: clock.appClock)
    let limitOffer = PaymentsOffering(
      id: "yearly_limit_offer", packageID: .annual, title: "Annual", price: nil, period: .annual)
    await mock.setOfferings([limitOffer], for: .messageLimitReached)
    let outOfMessages = PaywallViewModel(payments: mock, placement: .messageLimitReached)
    await outOfMessages.load()
    #expect(outOfMessages.offerings == .loaded([limitOffer]))
    let openedByTheUser = PaywallViewModel(payments: mock)
    await openedByTheUser.load()
    #expect(openedByTheUser.offerings == .loaded(PaymentsOffering.samples))
  }
}
