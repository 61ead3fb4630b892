import Foundation

/// Judging entitlements, RevenueCat's way, as pure functions of the customer info and a date.
extension RevenueCatCustomerInfo {
  /// How long the server's `request_date` stays the reference instead of the device clock:
  /// 3 days. Long enough to keep a paying user entitled through a weekend offline, short
  /// enough that "start a trial, then block the network" stops working.
  package static let requestDateGracePeriod: TimeInterval = 3 * 24 * 60 * 60

  /// The instant entitlements are judged at, given the device clock `now`: the server's
  /// `requestDate` while `now` is no more than 3 days after it (so moving the device clock
  /// forward or back changes nothing), and `now` after that.
  package func referenceDate(now: Date) -> Date {
    now.timeIntervalSince(requestDate) <= Self.requestDateGracePeriod ? requestDate : now
  }

  /// Whether the entitlement `id` grants access at `reference` (see `isActive(_:at:)`).
  package func isEntitlementActive(_ id: EntitlementID, at reference: Date) -> Bool {
    guard let entitlement = subscriber.entitlements[id.rawValue] else { return false }
    return isActive(entitlement, at: reference)
  }

  /// Whether `entitlement` grants access at `reference`:
  /// - a `nil` expiry is lifetime access;
  /// - otherwise access lasts until the latest of the entitlement's `expires_date` (which
  ///   RevenueCat extends through a billing grace period), the entitlement's
  ///   `grace_period_expires_date` and its subscription's `grace_period_expires_date`; an
  ///   expiry equal to `reference` still counts as active;
  /// - a refund of the subscription's current period (`refunded_at` at or after its
  ///   `purchase_date`) revokes access whatever the dates say.
  package func isActive(_ entitlement: Entitlement, at reference: Date) -> Bool {
    let subscription = subscriber.subscriptions[entitlement.productIdentifier]
    if let subscription, subscription.isRefundedForCurrentPeriod { return false }
    guard let expiry = accessEnd(of: entitlement) else { return true }
    return expiry >= reference
  }

  /// When access through `entitlement` ends, grace periods included; `nil` for lifetime. A
  /// refunded subscription's access ended when the refund was detected.
  package func accessEnd(of entitlement: Entitlement) -> Date? {
    let subscription = subscriber.subscriptions[entitlement.productIdentifier]
    if let subscription, subscription.isRefundedForCurrentPeriod { return subscription.refundedAt }
    guard let expires = entitlement.expiresDate else { return nil }
    let candidates = [
      expires, entitlement.gracePeriodExpiresDate, subscription?.gracePeriodExpiresDate,
    ]
    return candidates.compactMap { $0 }.max()
  }

  /// Every entitlement active at `reference`.
  package func activeEntitlementIDs(at reference: Date) -> Set<EntitlementID> {
    Set(
      subscriber.entitlements.compactMap { id, entitlement in
        isActive(entitlement, at: reference) ? EntitlementID(id) : nil
      })
  }

  /// The app's state for the configured entitlement `entitlementID`, judged at the reference
  /// date for the device clock `now`.
  package func paymentsState(entitlementID: EntitlementID, now: Date) -> PaymentsState {
    let reference = referenceDate(now: now)
    let active = activeEntitlementIDs(at: reference)
    guard let entitlement = subscriber.entitlements[entitlementID.rawValue] else {
      return PaymentsState(
        isSubscribed: false, activeEntitlementIDs: active, managementURL: subscriber.managementURL)
    }
    let isSubscribed = active.contains(entitlementID)
    let subscription = subscriber.subscriptions[entitlement.productIdentifier]
    let hasBillingIssue = subscription?.billingIssuesDetectedAt != nil
    let paidPeriodEnded = subscription?.expiresDate.map { $0 < reference } ?? false
    return PaymentsState(
      isSubscribed: isSubscribed,
      activeEntitlementIDs: active,
      expirationDate: accessEnd(of: entitlement),
      productID: ProductID(entitlement.productIdentifier),
      willRenew: isSubscribed && willRenew(entitlement, subscription: subscription),
      isInGracePeriod: isSubscribed && hasBillingIssue && paidPeriodEnded,
      hasBillingIssue: isSubscribed && hasBillingIssue,
      isTrial: isSubscribed && subscription?.periodType?.lowercased() == "trial",
      managementURL: subscriber.managementURL)
  }

  /// Whether the subscription behind `entitlement` will renew: not for lifetime access, a
  /// one-time or promotional purchase, prepaid plans, or after an unsubscribe or a billing
  /// problem was detected.
  private func willRenew(_ entitlement: Entitlement, subscription: Subscription?) -> Bool {
    guard entitlement.expiresDate != nil, let subscription else { return false }
    if subscription.store?.lowercased() == "promotional" { return false }
    if subscription.periodType?.lowercased() == "prepaid" { return false }
    return subscription.unsubscribeDetectedAt == nil
      && subscription.billingIssuesDetectedAt == nil
  }
}

extension RevenueCatCustomerInfo.Subscription {
  /// Whether a refund covers the latest period: `refunded_at` is set and is not older than
  /// the period's `purchase_date` (a refund of an earlier period, followed by a new purchase,
  /// does not revoke the new one).
  var isRefundedForCurrentPeriod: Bool {
    guard let refundedAt else { return false }
    guard let purchaseDate else { return true }
    return refundedAt >= purchaseDate
  }
}
