import Foundation

/// Whether a user has the paid entitlement right now (decision 6: users without one get the
/// free allowance). Implementations combine operator grants, RevenueCat and its webhook.
public protocol EntitlementSource: Sendable {
  /// Whether `userID` is entitled at `now`.
  /// - Throws: `ServerStoreError` (or the source's own error) when it cannot tell; callers
  ///   refuse with 503 rather than guess (decision 18).
  func isEntitled(userID: String, now: Date) async throws -> Bool

  /// `true` when `isEntitled` answers exactly whether the proxy's own store holds an
  /// operator grant for the user that has not ended. The proxy then asks nothing first: its
  /// admission reads the grant in the same store call (`AdmissionRequest`'s
  /// `grantWaivesAllowance`). `false` (the default) for sources that ask anyone else.
  var isStoreGrantsAlone: Bool { get }
}

extension EntitlementSource {
  public var isStoreGrantsAlone: Bool { false }
}

/// Entitlements from operator grants only: what kiln-server uses when no RevenueCat secret
/// is configured, so every user is on the free tier unless an operator granted otherwise.
///
/// Give the proxy this source over the proxy's own store: the proxy does not call
/// `isEntitled` but lets its admission read the grant in the same store call
/// (`isStoreGrantsAlone`).
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

  public var isStoreGrantsAlone: Bool { true }
}
