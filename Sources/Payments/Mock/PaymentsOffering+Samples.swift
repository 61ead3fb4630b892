import Foundation

extension PaymentsOffering {
  /// The sample monthly plan: `monthly_subscription`, $9.99 a month.
  public static let sampleMonthly = PaymentsOffering(
    id: .monthlySubscription,
    title: "Monthly",
    summary: "Full access, billed every month",
    price: Decimal(string: "9.99") ?? 0,
    currencyCode: "USD",
    priceText: "$9.99",
    period: .monthly)

  /// The sample annual plan: `annual_subscription`, $79.99 a year (33 % less than monthly).
  public static let sampleAnnual = PaymentsOffering(
    id: .annualSubscription,
    title: "Annual",
    summary: "Full access, billed once a year",
    price: Decimal(string: "79.99") ?? 0,
    currencyCode: "USD",
    priceText: "$79.99",
    period: .annual)

  /// The sample plans, monthly first.
  public static let samples: [PaymentsOffering] = [sampleMonthly, sampleAnnual]
}
