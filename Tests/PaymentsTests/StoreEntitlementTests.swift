import Foundation
import Payments
import Testing

@Suite struct StoreEntitlementTests {
  private let now = Date(timeIntervalSince1970: 1_750_000_000)
  private let day: TimeInterval = 24 * 60 * 60
  private let granting: Set<ProductID> = [.monthlySubscription, .annualSubscription, "lifetime"]

  private func judge(
    _ entitlements: [StoreEntitlement], entitlementID: EntitlementID = .pro
  )
    -> PaymentsState
  {
    PaymentsState.judging(
      entitlements, entitlementID: entitlementID, grantingProductIDs: granting, now: now)
  }

  private func monthly(
    endingIn interval: TimeInterval, state: StoreEntitlement.RenewalState = .subscribed,
    willAutoRenew: Bool = true, graceEndingIn grace: TimeInterval? = nil
  ) -> StoreEntitlement {
    StoreEntitlement(
      productID: .monthlySubscription, expirationDate: now.addingTimeInterval(interval),
      renewal: StoreEntitlement.Renewal(
        state: state, willAutoRenew: willAutoRenew,
        gracePeriodExpirationDate: grace.map { now.addingTimeInterval($0) }))
  }

  @Test func nothingActiveIsFree() {
    #expect(judge([]) == .free)
  }

  @Test func anActiveRenewingSubscriptionGrantsTheEntitlement() {
    let state = judge([monthly(endingIn: 10 * day)])
    #expect(state.isSubscribed)
    #expect(state.activeEntitlementIDs == [.pro])
    #expect(state.productID == .monthlySubscription)
    #expect(state.expirationDate == now.addingTimeInterval(10 * day))
    #expect(state.willRenew)
    #expect(!state.isInGracePeriod && !state.hasBillingIssue && !state.isTrial)
  }

  @Test func theConfiguredEntitlementIsTheOneGranted() {
    let state = judge([monthly(endingIn: day)], entitlementID: "premium")
    #expect(state.activeEntitlementIDs == ["premium"])
  }

  @Test(arguments: [(0.0, true), (-1.0, false), (1.0, true)])
  func accessEndingExactlyNowStillCounts(offset: TimeInterval, isSubscribed: Bool) {
    #expect(judge([monthly(endingIn: offset)]).isSubscribed == isSubscribed)
  }

  @Test func revokedPurchasesCountForNothing() {
    var refunded = monthly(endingIn: 10 * day)
    refunded.isRevoked = true
    #expect(judge([refunded]) == .free)
    #expect(judge([monthly(endingIn: 10 * day, state: .revoked)]) == .free)
  }

  @Test func productsThatDoNotUnlockTheEntitlementAreIgnored() {
    let coins = StoreEntitlement(productID: "coins_100", expirationDate: nil)
    #expect(judge([coins]) == .free)
  }

  @Test func aGracePeriodKeepsAccessUntilItEndsAndReportsABillingIssue() {
    let inGrace = monthly(
      endingIn: -day, state: .inGracePeriod, willAutoRenew: true, graceEndingIn: 2 * day)
    let state = judge([inGrace])
    #expect(state.isSubscribed)
    #expect(state.expirationDate == now.addingTimeInterval(2 * day))
    #expect(state.isInGracePeriod)
    #expect(state.hasBillingIssue)
    #expect(!state.willRenew)

    let graceOver = monthly(
      endingIn: -3 * day, state: .inGracePeriod, graceEndingIn: -1)
    #expect(judge([graceOver]) == .free)
  }

  @Test func billingRetryAndExpiredSubscriptionsAreOutOfService() {
    #expect(judge([monthly(endingIn: day, state: .inBillingRetryPeriod)]) == .free)
    #expect(judge([monthly(endingIn: day, state: .expired)]) == .free)
  }

  @Test func anUnknownRenewalStateIsJudgedByDates() {
    #expect(judge([monthly(endingIn: day, state: .unknown)]).isSubscribed)
    #expect(!judge([monthly(endingIn: -day, state: .unknown)]).isSubscribed)
  }

  @Test func renewalTurnedOffDoesNotRenew() {
    let state = judge([monthly(endingIn: day, willAutoRenew: false)])
    #expect(state.isSubscribed)
    #expect(!state.willRenew)
  }

  @Test func aFreeTrialIsReported() {
    var trial = monthly(endingIn: 3 * day)
    trial.isFreeTrial = true
    #expect(judge([trial]).isTrial)
  }

  @Test func aLifetimePurchaseWinsAndNeverRenews() {
    let lifetime = StoreEntitlement(productID: "lifetime", expirationDate: nil)
    for entitlements in [[lifetime, monthly(endingIn: day)], [monthly(endingIn: day), lifetime]] {
      let state = judge(entitlements)
      #expect(state.productID == "lifetime")
      #expect(state.isLifetime)
      #expect(!state.willRenew)
    }
  }

  @Test func theLongestLastingSubscriptionDescribesTheStateWhateverTheOrder() {
    let annual = StoreEntitlement(
      productID: .annualSubscription, expirationDate: now.addingTimeInterval(300 * day),
      renewal: StoreEntitlement.Renewal(state: .subscribed, willAutoRenew: false))
    let month = monthly(endingIn: 20 * day)
    #expect(judge([annual, month]).productID == .annualSubscription)
    #expect(judge([month, annual]).productID == .annualSubscription)
    #expect(judge([month, annual]).willRenew == false)
  }

  @Test func equalEndsAreBrokenByProductIdentifier() {
    var annual = monthly(endingIn: day)
    annual.productID = .annualSubscription
    let month = monthly(endingIn: day)
    #expect(judge([month, annual]).productID == .annualSubscription)
    #expect(judge([annual, month]).productID == .annualSubscription)
  }

  @Test func accessEndIgnoresAGraceDateOutsideAGracePeriod() {
    let entitlement = monthly(endingIn: day, state: .subscribed, graceEndingIn: 5 * day)
    #expect(entitlement.accessEndDate == now.addingTimeInterval(day))
  }
}
