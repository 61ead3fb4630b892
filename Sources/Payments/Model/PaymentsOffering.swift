import Foundation

/// A product the paywall offers, with its pricing when it is known.
///
/// `id` is the store product identifier: buy it with `purchase(productID: offering.id)`.
/// `price` is what the store (or, where there is no store, the configured product catalogue)
/// says it costs; it is `nil` when nobody knows yet, and the paywall then says the price is
/// shown at purchase. `packageID` is the RevenueCat package the product came in, when it came
/// from RevenueCat's offerings.
public struct PaymentsOffering: Identifiable, Sendable, Equatable, Hashable, Codable {
  /// The product identifier, used as `productID` when purchasing.
  public var id: ProductID
  /// The RevenueCat package (`$rc_monthly`, a custom name) the product was offered in, if any.
  public var packageID: PackageID?
  /// The plan's display name, e.g. "Monthly".
  public var title: String
  /// A short description of the plan, if the store has one.
  public var summary: String?
  /// The price of one period (or of the whole purchase, for a one-time product); `nil` when
  /// it is not known before the purchase.
  public var price: ProductPrice?
  /// The billing period; `nil` for a one-time (lifetime) purchase or a custom package whose
  /// period nobody stated.
  public var period: SubscriptionPeriod?
  /// An introductory offer (free trial or discounted first periods), if the product has one.
  public var introductoryOffer: IntroductoryOffer?

  /// An offering whose price may be unknown.
  public init(
    id: ProductID,
    packageID: PackageID? = nil,
    title: String,
    summary: String? = nil,
    price: ProductPrice?,
    period: SubscriptionPeriod?,
    introductoryOffer: IntroductoryOffer? = nil
  ) {
    self.id = id
    self.packageID = packageID
    self.title = title
    self.summary = summary
    self.price = price
    self.period = period
    self.introductoryOffer = introductoryOffer
  }

  /// An offering with a known price, as a store states it.
  public init(
    id: ProductID,
    title: String,
    summary: String? = nil,
    price: Decimal,
    currencyCode: String,
    priceText: String,
    period: SubscriptionPeriod?,
    introductoryOffer: IntroductoryOffer? = nil
  ) {
    self.init(
      id: id, title: title, summary: summary,
      price: ProductPrice(amount: price, currencyCode: currencyCode, text: priceText),
      period: period, introductoryOffer: introductoryOffer)
  }

  /// The price formatted for display ("$9.99"), or `nil` when it is not known.
  public var priceText: String? { price?.text }

  /// The price spread over one month, for comparing plans; `nil` for a one-time purchase or
  /// a period that does not parse.
  public var pricePerMonth: Double? {
    guard let amount = price?.amount, let months = period?.lengthInMonths, months > 0 else {
      return nil
    }
    return NSDecimalNumber(decimal: amount).doubleValue / months
  }

  /// How much cheaper per month this plan is than `monthly`, as a whole percentage rounded
  /// down (an annual plan at $79.99 against $9.99 a month saves 33 %). `nil` when the plans
  /// cannot be compared (a price unknown, different currencies, no period, a free plan) or
  /// this plan is not cheaper.
  public func savingsPercentage(comparedTo monthly: PaymentsOffering) -> Int? {
    guard let own = price, let other = monthly.price,
      own.currencyCode.uppercased() == other.currencyCode.uppercased(),
      let ownPerMonth = pricePerMonth, let otherPerMonth = monthly.pricePerMonth,
      otherPerMonth > 0
    else { return nil }
    let fraction = 1 - ownPerMonth / otherPerMonth
    // A tiny epsilon keeps values such as 0.25 from flooring to 24 through binary rounding.
    let percentage = Int((fraction * 100 + 1e-9).rounded(.down))
    return percentage > 0 ? percentage : nil
  }
}

/// A first-periods discount or free trial attached to a product.
public struct IntroductoryOffer: Sendable, Equatable, Hashable, Codable {
  /// How the user pays during the offer.
  public struct PaymentMode: RawRepresentable, Hashable, Codable, Sendable,
    ExpressibleByStringLiteral
  {
    /// The mode's name.
    public let rawValue: String
    /// A mode from its raw text.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A mode from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// Nothing is charged during the offer.
    public static let freeTrial: Self = "free_trial"
    /// A reduced price is charged every period of the offer.
    public static let payAsYouGo: Self = "pay_as_you_go"
    /// The whole offer is paid once, up front.
    public static let payUpFront: Self = "pay_up_front"
  }

  /// How the user pays during the offer.
  public var paymentMode: PaymentMode
  /// The offer price per period (0 for a free trial).
  public var price: Decimal
  /// The offer price formatted for display ("Free", "$0.99").
  public var priceText: String
  /// The length of one offer period.
  public var period: SubscriptionPeriod
  /// How many offer periods there are.
  public var periodCount: Int

  /// An introductory offer.
  public init(
    paymentMode: PaymentMode, price: Decimal, priceText: String, period: SubscriptionPeriod,
    periodCount: Int = 1
  ) {
    self.paymentMode = paymentMode
    self.price = price
    self.priceText = priceText
    self.period = period
    self.periodCount = periodCount
  }

  /// Whether the offer is a free trial.
  public var isFreeTrial: Bool { paymentMode == .freeTrial }
}

extension Array where Element == PaymentsOffering {
  /// The plan billed every month, if the list has one.
  public var monthlyOffering: PaymentsOffering? {
    first { $0.period?.unit == .month && $0.period?.value == 1 }
  }

  /// How much `offering` saves per month against this list's monthly plan (see
  /// `PaymentsOffering.savingsPercentage(comparedTo:)`); `nil` for the monthly plan itself or
  /// when the list has none.
  public func savingsVersusMonthly(for offering: PaymentsOffering) -> Int? {
    guard let monthly = monthlyOffering, monthly.id != offering.id else { return nil }
    return offering.savingsPercentage(comparedTo: monthly)
  }
}
