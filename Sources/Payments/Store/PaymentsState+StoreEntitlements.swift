import Foundation

extension PaymentsState {
  /// The state a device store's current entitlements amount to.
  ///
  /// The configured entitlement is granted when any active entitlement is for one of
  /// `grantingProductIDs`. When several are, the one that lasts longest describes the state
  /// (a lifetime purchase first, then the latest access end, then the product identifier, so
  /// the answer never depends on the store's order). A subscription in a billing grace period
  /// is active until the grace period ends and reports a billing issue; one whose renewal is
  /// off or has a billing problem does not renew. Nothing active is `.free`.
  /// - Parameters:
  ///   - entitlements: what the store reports, revoked and unverified purchases included or not
  ///     (revoked ones are ignored here; unverified ones must be left out by the caller).
  ///   - entitlementID: the entitlement that means "subscribed".
  ///   - grantingProductIDs: the products that unlock it.
  ///   - now: the time to judge expiry against.
  package static func judging(
    _ entitlements: [StoreEntitlement],
    entitlementID: EntitlementID,
    grantingProductIDs: Set<ProductID>,
    now: Date
  ) -> PaymentsState {
    let active = entitlements.filter {
      grantingProductIDs.contains($0.productID) && $0.isActive(at: now)
    }
    guard let best = active.min(by: lastsLonger) else { return .free }
    let state = best.renewal?.state
    let isInGracePeriod = state == .inGracePeriod
    let hasBillingIssue = isInGracePeriod || state == .inBillingRetryPeriod
    let willRenew =
      best.accessEndDate != nil && (best.renewal?.willAutoRenew ?? false) && !hasBillingIssue
    return PaymentsState(
      isSubscribed: true,
      activeEntitlementIDs: [entitlementID],
      expirationDate: best.accessEndDate,
      productID: best.productID,
      willRenew: willRenew,
      isInGracePeriod: isInGracePeriod,
      hasBillingIssue: hasBillingIssue,
      isTrial: best.isFreeTrial
    )
  }

  /// Whether `lhs` should describe the state rather than `rhs`.
  private static func lastsLonger(_ lhs: StoreEntitlement, _ rhs: StoreEntitlement) -> Bool {
    switch (lhs.accessEndDate, rhs.accessEndDate) {
    case (nil, nil): return lhs.productID.rawValue < rhs.productID.rawValue
    case (nil, _): return true
    case (_, nil): return false
    case (let left?, let right?):
      if left != right { return left > right }
      return lhs.productID.rawValue < rhs.productID.rawValue
    }
  }
}
