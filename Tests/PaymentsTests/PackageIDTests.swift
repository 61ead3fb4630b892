import Payments
import Testing

@Suite struct PackageIDTests {
  @Test(arguments: [
    (PackageID.weekly, SubscriptionPeriod?.some(.weekly), "Weekly"),
    (.monthly, .monthly, "Monthly"), (.twoMonth, .twoMonths, "2 Months"),
    (.threeMonth, .threeMonths, "3 Months"), (.sixMonth, .sixMonths, "6 Months"),
    (.annual, .annual, "Annual"), (.lifetime, nil, "Lifetime"),
  ])
  func revenueCatsPackageTypesImplyTheirPeriod(
    package: PackageID, period: SubscriptionPeriod?, name: String
  ) {
    #expect(package.isStandardType)
    #expect(package.period == period)
    #expect(package.englishName == name)
  }

  @Test func aCustomPackageIsNamedByItsIdentifierAndHasNoPeriod() {
    let custom: PackageID = "best_deal"
    #expect(!custom.isStandardType)
    #expect(custom.period == nil)
    #expect(custom.englishName == "best_deal")
    #expect(PackageID(rawValue: "$rc_custom_future").period == nil)
  }
}
