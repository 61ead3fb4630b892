import Localization
import Payments

/// One plan card on the paywall: the offering and what to say about it.
public struct PaywallPlan: Identifiable, Equatable, Sendable {
  /// The product on sale.
  public let offering: PaymentsOffering
  /// Whether the user picked this plan.
  public let isSelected: Bool
  /// How much cheaper per month than the monthly plan, as a whole percentage.
  public let savingsPercentage: Int?
  /// Whether this plan saves the most of all plans (the "Best Value" badge).
  public let isBestValue: Bool

  /// A card for `offering`.
  public init(
    offering: PaymentsOffering, isSelected: Bool, savingsPercentage: Int?, isBestValue: Bool
  ) {
    self.offering = offering
    self.isSelected = isSelected
    self.savingsPercentage = savingsPercentage
    self.isBestValue = isBestValue
  }

  /// The product identifier.
  public var id: ProductID { offering.id }

  /// The plan's name: for a RevenueCat package type, its name in the user's language
  /// ("Monthly", "Lifetime"); otherwise the name the store gives (a custom package is named
  /// by its identifier).
  public var title: String {
    switch offering.packageID {
    case .monthly?: return L10n.Payments.monthly
    case .annual?: return L10n.Payments.annual
    case .weekly?: return L10n.Payments.weekly
    case .twoMonth?: return L10n.Payments.twoMonths
    case .threeMonth?: return L10n.Payments.threeMonths
    case .sixMonth?: return L10n.Payments.sixMonths
    case .lifetime?: return L10n.Payments.lifetime
    default: return offering.title
    }
  }

  /// The price with its period: "$9.99 per month", "$79.99 per year", the bare price for
  /// other periods and one-time purchases, or "price shown at purchase" when it is not known.
  public var priceText: String {
    guard let price = offering.priceText else { return L10n.Payments.priceAtPurchase }
    guard let period = offering.period, period.value == 1 else { return price }
    switch period.unit {
    case .month: return L10n.Payments.perMonth(price)
    case .year: return L10n.Payments.perYear(price)
    case .day, .week, .none: return price
    }
  }

  /// "Save 33%", when the plan is cheaper per month than the monthly plan.
  public var savingsText: String? {
    savingsPercentage.map(L10n.Payments.savePercent)
  }

  /// "7-day free trial", when the plan starts with a free trial counted in days or weeks.
  public var freeTrialText: String? {
    guard let offer = offering.introductoryOffer, offer.isFreeTrial,
      let value = offer.period.value, let unit = offer.period.unit
    else { return nil }
    let count = value * max(1, offer.periodCount)
    switch unit {
    case .day: return L10n.Payments.freeTrialDays(count)
    case .week: return L10n.Payments.freeTrialDays(count * 7)
    case .month, .year: return nil
    }
  }

  /// The cards for `offerings`, in their order, with `selectedID` marked.
  static func plans(for offerings: [PaymentsOffering], selectedID: ProductID?) -> [PaywallPlan] {
    let savings = offerings.map { offerings.savingsVersusMonthly(for: $0) }
    let best = savings.compactMap { $0 }.max()
    return zip(offerings, savings).map { offering, saving in
      PaywallPlan(
        offering: offering, isSelected: offering.id == selectedID, savingsPercentage: saving,
        isBestValue: saving != nil && saving == best)
    }
  }
}
