import Foundation

/// What the app knows about the user's subscription, as one value.
///
/// `isSubscribed` answers the only question most code asks: does the configured entitlement
/// (`pro` by default) grant access right now. The other fields serve the settings and paywall
/// screens. `expirationDate` and `productID` describe the configured entitlement whenever the
/// customer has ever had it, so an expired customer still shows when access ended.
public struct PaymentsState: Sendable, Equatable, Hashable, Codable {
  /// Whether the configured entitlement is active.
  public var isSubscribed: Bool
  /// Every entitlement that is active, the configured one included.
  public var activeEntitlementIDs: Set<EntitlementID>
  /// When access through the configured entitlement ends (or ended); `nil` for a lifetime
  /// purchase or when the customer never had the entitlement. Includes any billing grace
  /// period the store granted.
  public var expirationDate: Date?
  /// The product that unlocked the configured entitlement, if any.
  public var productID: ProductID?
  /// Whether the subscription renews at `expirationDate`. `false` for lifetime and promotional
  /// access, after the user turned renewal off, and while a billing problem is unresolved.
  public var willRenew: Bool
  /// Whether access continues only because the store grants a billing grace period: the paid
  /// period is over, a billing problem was detected, and the grace period has not ended.
  public var isInGracePeriod: Bool
  /// Whether the store reported a billing problem that is not resolved yet ("update your
  /// payment method"), while access may still be granted.
  public var hasBillingIssue: Bool
  /// Whether the active entitlement is in a free trial.
  public var isTrial: Bool
  /// Where the user manages the subscription in its store, when RevenueCat knows.
  public var managementURL: URL?

  /// A state; every field but `isSubscribed` has a default, so `PaymentsState(isSubscribed:
  /// false)` compiles.
  public init(
    isSubscribed: Bool,
    activeEntitlementIDs: Set<EntitlementID> = [],
    expirationDate: Date? = nil,
    productID: ProductID? = nil,
    willRenew: Bool = false,
    isInGracePeriod: Bool = false,
    hasBillingIssue: Bool = false,
    isTrial: Bool = false,
    managementURL: URL? = nil
  ) {
    self.isSubscribed = isSubscribed
    self.activeEntitlementIDs = activeEntitlementIDs
    self.expirationDate = expirationDate
    self.productID = productID
    self.willRenew = willRenew
    self.isInGracePeriod = isInGracePeriod
    self.hasBillingIssue = hasBillingIssue
    self.isTrial = isTrial
    self.managementURL = managementURL
  }

  /// No subscription and no history: the state before anything is known.
  public static let free = PaymentsState(isSubscribed: false)

  /// Whether access is active and never expires (a lifetime purchase).
  public var isLifetime: Bool { isSubscribed && expirationDate == nil }
}

extension PaymentsState: CustomStringConvertible {
  /// A one-line summary for logs; contains no secrets or personal data.
  public var description: String {
    var parts = [isSubscribed ? "subscribed" : "not subscribed"]
    if !activeEntitlementIDs.isEmpty {
      parts.append(
        "entitlements=" + activeEntitlementIDs.map(\.rawValue).sorted().joined(separator: ","))
    }
    if let productID { parts.append("product=\(productID)") }
    if let expirationDate {
      parts.append("expires=\(expirationDate.formatted(.iso8601))")
    } else if isSubscribed {
      parts.append("lifetime")
    }
    if willRenew { parts.append("renews") }
    if isTrial { parts.append("trial") }
    if isInGracePeriod { parts.append("grace") }
    if hasBillingIssue { parts.append("billing-issue") }
    return "PaymentsState(" + parts.joined(separator: " ") + ")"
  }
}
