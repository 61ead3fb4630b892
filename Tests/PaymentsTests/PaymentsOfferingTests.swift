import Foundation
import Payments
import TestSupport
import Testing

@Suite struct PaymentsOfferingTests {
  @Test func annualSavesThirtyThreePercentAgainstMonthly() {
    let annual = PaymentsOffering.sampleAnnual
    #expect(annual.savingsPercentage(comparedTo: .sampleMonthly) == 33)
    #expect(PaymentsOffering.samples.savingsVersusMonthly(for: annual) == 33)
    #expect(PaymentsOffering.samples.savingsVersusMonthly(for: .sampleMonthly) == nil)
  }

  @Test(arguments: [("90", 25), ("119.88", nil), ("130", nil), ("0.12", 99)])
  func savingsRoundDownAndNeverGoNegative(annualPrice: String, expected: Int?) {
    var monthly = PaymentsOffering.sampleMonthly
    monthly.price = ProductPrice(amount: 10, currencyCode: "USD", text: "$10.00")
    var annual = PaymentsOffering.sampleAnnual
    annual.price?.amount = Decimal(string: annualPrice) ?? 0
    // $90 a year is $7.50 a month: exactly 25 % off $10.
    #expect(annual.savingsPercentage(comparedTo: monthly) == expected)
  }

  @Test func plansInDifferentCurrenciesOrWithoutPeriodsAreNotCompared() {
    var euros = PaymentsOffering.sampleAnnual
    euros.price?.currencyCode = "EUR"
    #expect(euros.savingsPercentage(comparedTo: .sampleMonthly) == nil)
    var lifetime = PaymentsOffering.sampleAnnual
    lifetime.period = nil
    #expect(lifetime.savingsPercentage(comparedTo: .sampleMonthly) == nil)
    #expect([PaymentsOffering.sampleAnnual].savingsVersusMonthly(for: .sampleAnnual) == nil)
  }

  @Test func aPlanWhosePriceIsUnknownIsNeitherComparedNorSpreadOverMonths() {
    var unpriced = PaymentsOffering.sampleAnnual
    unpriced.price = nil
    #expect(unpriced.priceText == nil)
    #expect(unpriced.pricePerMonth == nil)
    #expect(unpriced.savingsPercentage(comparedTo: .sampleMonthly) == nil)
    #expect(PaymentsOffering.sampleAnnual.savingsPercentage(comparedTo: unpriced) == nil)
  }

  @Test func weeklyPlansCompareByAverageMonth() throws {
    var weekly = PaymentsOffering.sampleMonthly
    weekly.id = "weekly"
    weekly.period = .weekly
    weekly.price = ProductPrice(amount: 3, currencyCode: "USD", text: "$3.00")
    // $3 a week is about $13.04 a month, dearer than $9.99: no saving.
    #expect(weekly.savingsPercentage(comparedTo: .sampleMonthly) == nil)
    let perMonth = try #require(weekly.pricePerMonth)
    #expect(abs(perMonth - 3 * 30.436875 / 7) < 1e-9)
  }

  @Test(arguments: [
    ("P1M", 1, SubscriptionPeriod.Unit.month, 1.0), ("P1Y", 1, .year, 12.0),
    ("P6M", 6, .month, 6.0), ("P2W", 2, .week, 14 / 30.436875), ("p3d", 3, .day, 3 / 30.436875),
  ])
  func periodsParse(text: String, value: Int, unit: SubscriptionPeriod.Unit, months: Double) throws
  {
    let period = SubscriptionPeriod(rawValue: text)
    #expect(period.value == value)
    #expect(period.unit == unit)
    let length = try #require(period.lengthInMonths)
    #expect(abs(length - months) < 1e-9)
  }

  @Test(arguments: ["", "P", "PM", "P0M", "P1X", "1M", "P1Y2M", "lifetime"])
  func unparseablePeriodsStayOpenValues(text: String) {
    let period = SubscriptionPeriod(rawValue: text)
    #expect(period.unit == nil)
    #expect(period.lengthInMonths == nil)
    #expect(period.date(after: Fixture.referenceDate, in: .utcTest) == nil)
    #expect(period.rawValue == text)
  }

  @Test func periodsBuildFromParts() {
    #expect(SubscriptionPeriod(value: 3, unit: .month) == .threeMonths)
    #expect(SubscriptionPeriod(value: 1, unit: .year) == .annual)
    #expect(SubscriptionPeriod(value: 1, unit: .week) == .weekly)
  }

  @Test func aMonthAfterTheThirtyFirstOfJanuaryIsTheEndOfFebruary() {
    let start = Fixture.date(2026, 1, 31)
    #expect(
      SubscriptionPeriod.monthly.date(after: start, in: .utcTest) == Fixture.date(2026, 2, 28))
  }

  @Test func offeringsRoundTripThroughJSON() throws {
    var annual = PaymentsOffering.sampleAnnual
    annual.introductoryOffer = IntroductoryOffer(
      paymentMode: .freeTrial, price: 0, priceText: "Free", period: .weekly)
    let data = try JSONEncoder().encode([PaymentsOffering.sampleMonthly, annual])
    let decoded = try JSONDecoder().decode([PaymentsOffering].self, from: data)
    #expect(decoded == [.sampleMonthly, annual])
    #expect(decoded[1].introductoryOffer?.isFreeTrial == true)
  }

  @Test func productAndEntitlementIDsAreOpenStringValues() throws {
    let decoded = try JSONDecoder().decode(
      [ProductID].self, from: Data(#"["monthly_subscription","brand_new"]"#.utf8))
    #expect(decoded == [.monthlySubscription, ProductID("brand_new")])
    let state = PaymentsState(isSubscribed: true, activeEntitlementIDs: ["pro", "premium_support"])
    #expect(state.activeEntitlementIDs.contains("pro"))
    #expect(state.activeEntitlementIDs.contains(EntitlementID.pro))
  }
}
