import Foundation
import Payments
import TestSupport
import Testing

/// Entitlement judgement: RevenueCat's request-date rule, expiry, grace periods, lifetime,
/// refunds and trials, each on both sides of its boundary.
@Suite struct RevenueCatEntitlementTests {
  typealias Info = RevenueCatCustomerInfo
  let day = CustomerInfoFixture.day
  let request = CustomerInfoFixture.requestDate

  // MARK: Reference date

  @Test func requestDateIsTheReferenceForThreeDaysIncludingTheLastSecond() {
    let info = CustomerInfoFixture.neverSubscribed()
    #expect(info.referenceDate(now: request) == request)
    #expect(info.referenceDate(now: request.addingTimeInterval(3 * day - 1)) == request)
    #expect(info.referenceDate(now: request.addingTimeInterval(3 * day)) == request)
    let later = request.addingTimeInterval(3 * day + 1)
    #expect(info.referenceDate(now: later) == later)
  }

  @Test func aDeviceClockSetBackStillJudgesAtTheRequestDate() {
    let info = CustomerInfoFixture.neverSubscribed()
    #expect(info.referenceDate(now: request.addingTimeInterval(-30 * day)) == request)
  }

  @Test func anEntitlementActiveAtTheRequestStaysActiveOfflineForThreeDays() {
    // Expired one day after the answer; the device clock is not trusted for 3 days.
    let info = CustomerInfoFixture.subscribed(expires: request.addingTimeInterval(day))
    let justInside = info.paymentsState(
      entitlementID: .pro, now: request.addingTimeInterval(3 * day - 1))
    let justOutside = info.paymentsState(
      entitlementID: .pro, now: request.addingTimeInterval(3 * day + 1))
    #expect(justInside.isSubscribed)
    #expect(!justOutside.isSubscribed)
  }

  @Test func movingTheDeviceClockBackDoesNotRevive() {
    let info = CustomerInfoFixture.subscribed(expires: request.addingTimeInterval(-1))
    let state = info.paymentsState(entitlementID: .pro, now: request.addingTimeInterval(-10 * day))
    #expect(!state.isSubscribed)
  }

  // MARK: Active and expired

  @Test func activeCustomer() {
    let expiry = request.addingTimeInterval(20 * day)
    let state = CustomerInfoFixture.subscribed(expires: expiry)
      .paymentsState(entitlementID: .pro, now: request)
    #expect(state.isSubscribed)
    #expect(state.activeEntitlementIDs == ["pro"])
    #expect(state.expirationDate == expiry)
    #expect(state.productID == .monthlySubscription)
    #expect(state.willRenew)
    #expect(!state.isTrial && !state.isInGracePeriod && !state.hasBillingIssue && !state.isLifetime)
  }

  /// A stale answer (over 3 days old), so the device clock decides, at 1 s either side of
  /// the expiry and exactly on it.
  @Test(arguments: [(-1.0, true), (0.0, true), (1.0, false)])
  func expiryBoundaryOnTheDeviceClock(offset: TimeInterval, active: Bool) {
    let expiry = request.addingTimeInterval(10 * day)
    let info = CustomerInfoFixture.subscribed(expires: expiry)
    let state = info.paymentsState(entitlementID: .pro, now: expiry.addingTimeInterval(offset))
    #expect(state.isSubscribed == active)
    #expect(state.activeEntitlementIDs.contains("pro") == active)
  }

  /// A fresh answer: the request date decides, at 1 s either side of the expiry.
  @Test(arguments: [(-1.0, true), (0.0, true), (1.0, false)])
  func expiryBoundaryOnTheRequestDate(offset: TimeInterval, active: Bool) {
    let info = CustomerInfoFixture.subscribed(expires: request.addingTimeInterval(-offset))
    #expect(info.paymentsState(entitlementID: .pro, now: request).isSubscribed == active)
  }

  @Test func expiredCustomerKeepsTheLastExpiryAndProduct() {
    let expiry = request.addingTimeInterval(-2 * day)
    let state = CustomerInfoFixture.subscribed(expires: expiry)
      .paymentsState(entitlementID: .pro, now: request)
    #expect(!state.isSubscribed)
    #expect(state.activeEntitlementIDs.isEmpty)
    #expect(state.expirationDate == expiry)
    #expect(state.productID == .monthlySubscription)
    #expect(!state.willRenew)
  }

  @Test func customerWhoNeverPaidIsFree() {
    let state = CustomerInfoFixture.neverSubscribed().paymentsState(
      entitlementID: .pro, now: request)
    #expect(state == .free)
  }

  // MARK: Grace period

  /// Billing failed when the paid period ended; the store grants 6 days of grace and
  /// RevenueCat extends the entitlement's expiry to the end of it.
  func graceCustomer(extendEntitlement: Bool = true, entitlementGrace: Bool = false) -> Info {
    let paidEnd = request.addingTimeInterval(-day)
    let graceEnd = request.addingTimeInterval(5 * day)
    let subscription = Info.Subscription(
      expiresDate: paidEnd, purchaseDate: paidEnd.addingTimeInterval(-30 * day),
      billingIssuesDetectedAt: paidEnd, gracePeriodExpiresDate: graceEnd)
    var info = CustomerInfoFixture.subscribed(
      expires: extendEntitlement ? graceEnd : paidEnd, subscription: subscription)
    if entitlementGrace {
      info.subscriber.entitlements["pro"]?.gracePeriodExpiresDate = graceEnd
      info.subscriber.subscriptions["monthly_subscription"]?.gracePeriodExpiresDate = nil
    }
    return info
  }

  @Test(arguments: [(-1.0, true), (1.0, false)])
  func gracePeriodBoundary(offset: TimeInterval, active: Bool) {
    let graceEnd = request.addingTimeInterval(5 * day)
    let state = graceCustomer().paymentsState(
      entitlementID: .pro, now: graceEnd.addingTimeInterval(offset))
    #expect(state.isSubscribed == active)
    #expect(state.isInGracePeriod == active)
    #expect(state.hasBillingIssue == active)
    #expect(!state.willRenew)
  }

  @Test func graceCustomerIsActiveAndFlaggedAtTheRequest() {
    let state = graceCustomer().paymentsState(entitlementID: .pro, now: request)
    #expect(state.isSubscribed)
    #expect(state.isInGracePeriod)
    #expect(state.expirationDate == request.addingTimeInterval(5 * day))
  }

  @Test func graceFromTheSubscriptionAloneStillGrantsAccess() {
    // The entitlement's expiry was not extended yet; the subscription's grace end counts.
    let state = graceCustomer(extendEntitlement: false).paymentsState(
      entitlementID: .pro, now: request)
    #expect(state.isSubscribed)
    #expect(state.isInGracePeriod)
  }

  @Test func graceFromTheEntitlementAloneStillGrantsAccess() {
    let info = graceCustomer(extendEntitlement: false, entitlementGrace: true)
    #expect(info.paymentsState(entitlementID: .pro, now: request).isSubscribed)
    let after = request.addingTimeInterval(5 * day + 1)
    #expect(!info.paymentsState(entitlementID: .pro, now: after).isSubscribed)
  }

  @Test func billingIssueBeforeThePeriodEndsIsNotGraceYet() {
    var info = CustomerInfoFixture.subscribed(expires: request.addingTimeInterval(2 * day))
    info.subscriber.subscriptions["monthly_subscription"]?.billingIssuesDetectedAt = request
    let state = info.paymentsState(entitlementID: .pro, now: request)
    #expect(state.isSubscribed && state.hasBillingIssue)
    #expect(!state.isInGracePeriod)
    #expect(!state.willRenew)
  }

  // MARK: Lifetime

  @Test(arguments: [0.0, 4.0, 3650.0])
  func lifetimeCustomerIsActiveAtAnyTime(daysLater: Double) {
    let info = CustomerInfoFixture.subscribed(expires: nil, product: "lifetime_unlock")
    let state = info.paymentsState(
      entitlementID: .pro, now: request.addingTimeInterval(daysLater * day))
    #expect(state.isSubscribed)
    #expect(state.isLifetime)
    #expect(state.expirationDate == nil)
    #expect(state.productID == "lifetime_unlock")
    #expect(!state.willRenew)
  }

  // MARK: Refunds

  @Test func refundedCustomerLosesAccessBeforeTheExpiry() {
    let expiry = request.addingTimeInterval(20 * day)
    var info = CustomerInfoFixture.subscribed(expires: expiry)
    let refund = request.addingTimeInterval(-3600)
    info.subscriber.subscriptions["monthly_subscription"]?.refundedAt = refund
    let state = info.paymentsState(entitlementID: .pro, now: request)
    #expect(!state.isSubscribed)
    #expect(state.activeEntitlementIDs.isEmpty)
    #expect(state.expirationDate == refund)
    #expect(!state.willRenew)
  }

  /// A refund of the period before a fresh purchase does not revoke the fresh purchase;
  /// one at or after the purchase does.
  @Test(arguments: [(-1.0, true), (0.0, false), (1.0, false)])
  func refundAgainstTheLatestPurchaseDate(offset: TimeInterval, active: Bool) throws {
    var info = CustomerInfoFixture.subscribed(expires: request.addingTimeInterval(20 * day))
    let purchase = try #require(info.subscriber.subscriptions["monthly_subscription"]?.purchaseDate)
    info.subscriber.subscriptions["monthly_subscription"]?.refundedAt =
      purchase.addingTimeInterval(offset)
    #expect(info.paymentsState(entitlementID: .pro, now: request).isSubscribed == active)
  }

  // MARK: Trials and renewal

  @Test(arguments: [(-1.0, true), (1.0, false)])
  func trialCustomerAroundTheTrialEnd(offset: TimeInterval, active: Bool) {
    let trialEnd = request.addingTimeInterval(7 * day)
    var info = CustomerInfoFixture.subscribed(expires: trialEnd)
    info.subscriber.subscriptions["monthly_subscription"]?.periodType = "trial"
    let state = info.paymentsState(entitlementID: .pro, now: trialEnd.addingTimeInterval(offset))
    #expect(state.isSubscribed == active)
    #expect(state.isTrial == active)
    #expect(state.willRenew == active)
  }

  @Test func introductoryPeriodIsNotATrial() {
    var info = CustomerInfoFixture.subscribed(expires: request.addingTimeInterval(day))
    info.subscriber.subscriptions["monthly_subscription"]?.periodType = "intro"
    #expect(!info.paymentsState(entitlementID: .pro, now: request).isTrial)
  }

  @Test(arguments: [
    ("unsubscribed", false), ("promotional", false), ("prepaid", false), ("normal", true),
  ])
  func willRenewRules(variant: String, renews: Bool) {
    var info = CustomerInfoFixture.subscribed(expires: request.addingTimeInterval(day))
    switch variant {
    case "unsubscribed":
      info.subscriber.subscriptions["monthly_subscription"]?.unsubscribeDetectedAt = request
    case "promotional":
      info.subscriber.subscriptions["monthly_subscription"]?.store = "promotional"
    case "prepaid":
      info.subscriber.subscriptions["monthly_subscription"]?.periodType = "prepaid"
    default:
      break
    }
    let state = info.paymentsState(entitlementID: .pro, now: request)
    #expect(state.isSubscribed)
    #expect(state.willRenew == renews)
  }

  // MARK: Several entitlements

  @Test func otherEntitlementsAreListedButOnlyTheConfiguredOneSubscribes() {
    var info = CustomerInfoFixture.subscribed(
      expires: request.addingTimeInterval(day), entitlement: "premium_support")
    info.subscriber.entitlements["legacy"] = Info.Entitlement(
      expiresDate: request.addingTimeInterval(-day), productIdentifier: "old_product")
    let proState = info.paymentsState(entitlementID: .pro, now: request)
    #expect(!proState.isSubscribed)
    #expect(proState.activeEntitlementIDs == ["premium_support"])
    let supportState = info.paymentsState(entitlementID: "premium_support", now: request)
    #expect(supportState.isSubscribed)
  }
}
