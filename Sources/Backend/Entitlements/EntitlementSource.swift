import Foundation

/// Whether a user has the paid entitlement right now (decision 6: users without one get the
/// free allowance). Implementations combine operator grants, RevenueCat and its webhook.
public protocol EntitlementSource: Sendable {
  /// Whether `userID` is entitled at `now`.
  /// - Throws: `ServerStoreError` (or the source's own error) when it cannot tell; callers
  ///   refuse with 503 rather than guess (decision 18).
  func isEntitled(userID: String, now: Date) async throws -> Bool
}

/// Entitlements from operator grants only: what kiln-server uses when no RevenueCat secret
/// is configured, so every user is on the free tier unless an operator granted otherwise.
public struct GrantsOnlyEntitlements: EntitlementSource {
  private let store: any ServerStore

  /// Entitlements read from `store`'s grants.
  public init(store: any ServerStore) {
    self.store = store
  }

  public func isEntitled(userID: String, now: Date) async throws -> Bool {
    guard let until = try await store.grantExpiry(for: userID) else { return false }
    return now < until
  }
}
