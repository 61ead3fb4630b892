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

  /// The plan's name as the store gives it ("Monthly").
  public var title: String { offering.title }

  /// The price with its period: "$9.99 per month", "$79.99 per year", or the bare price for
  /// other periods and one-time purchases.
  public var priceText: String {
    guard let period = offering.period, period.value == 1 else { return offering.priceText }
    switch period.unit {
    case .month: return L10n.Payments.perMonth(offering.priceText)
    case .year: return L10n.Payments.perYear(offering.priceText)
    case .day, .week, .none: return offering.priceText
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
