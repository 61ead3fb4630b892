import Foundation

/// One purchase a device store (StoreKit) reports as the customer's current entitlement, as
/// plain values, so the rules that turn it into a `PaymentsState` are portable and tested on
/// Linux. The Apple-only `PaymentsStoreKit` target builds these from verified transactions.
package struct StoreEntitlement: Sendable, Equatable {
  /// Where an auto-renewable subscription stands, as the store reports it.
  package enum RenewalState: Sendable, Equatable {
    /// Paid up and entitled to service.
    case subscribed
    /// A renewal failed and the store still grants access for a billing grace period.
    case inGracePeriod
    /// A renewal failed, the store keeps retrying, and access has stopped.
    case inBillingRetryPeriod
    /// The subscription ended.
    case expired
    /// The store refunded or revoked the subscription.
    case revoked
    /// A state this version of Kiln does not know; judged by dates alone.
    case unknown
  }

  /// What the store says about the next renewal of an auto-renewable subscription.
  package struct Renewal: Sendable, Equatable {
    /// The subscription's renewal state.
    package var state: RenewalState
    /// Whether the subscription renews at the end of the period (from verified renewal
    /// information; `false` when the store's renewal information could not be verified).
    package var willAutoRenew: Bool
    /// When the billing grace period ends, while the subscription is in one.
    package var gracePeriodExpirationDate: Date?

    /// A renewal description.
    package init(state: RenewalState, willAutoRenew: Bool, gracePeriodExpirationDate: Date? = nil) {
      self.state = state
      self.willAutoRenew = willAutoRenew
      self.gracePeriodExpirationDate = gracePeriodExpirationDate
    }
  }

  /// The product the purchase is for.
  package var productID: ProductID
  /// When the paid (or trial) period ends; `nil` for a one-time purchase.
  package var expirationDate: Date?
  /// Whether the store refunded or revoked the purchase.
  package var isRevoked: Bool
  /// Whether the current period is an introductory free trial.
  package var isFreeTrial: Bool
  /// Renewal details for an auto-renewable subscription; `nil` for other products.
  package var renewal: Renewal?

  /// An entitlement.
  package init(
    productID: ProductID,
    expirationDate: Date?,
    isRevoked: Bool = false,
    isFreeTrial: Bool = false,
    renewal: Renewal? = nil
  ) {
    self.productID = productID
    self.expirationDate = expirationDate
    self.isRevoked = isRevoked
    self.isFreeTrial = isFreeTrial
    self.renewal = renewal
  }

  /// When access ends, including a billing grace period the store granted; `nil` when it
  /// never ends.
  package var accessEndDate: Date? {
    guard let expirationDate else { return nil }
    guard let renewal, renewal.state == .inGracePeriod,
      let graceEnd = renewal.gracePeriodExpirationDate
    else { return expirationDate }
    return max(expirationDate, graceEnd)
  }

  /// Whether the entitlement grants access at `now`: not revoked, not in a state the store
  /// says is out of service, and not past its access end (an end equal to `now` still counts).
  package func isActive(at now: Date) -> Bool {
    guard !isRevoked else { return false }
    switch renewal?.state {
    case .expired, .inBillingRetryPeriod, .revoked: return false
    case .subscribed, .inGracePeriod, .unknown, .none: break
    }
    guard let end = accessEndDate else { return true }
    return end >= now
  }
}
