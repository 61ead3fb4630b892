import Foundation

/// When a cached customer info is too old to answer without asking RevenueCat again.
///
/// The defaults are RevenueCat's own: 5 minutes while the app is in the foreground, 25 hours
/// in the background. A stale cache is still used when the network fails; staleness only
/// decides when to fetch.
public struct CustomerInfoCachePolicy: Sendable, Equatable {
  /// How long a fetched customer info stays fresh while the app is in the foreground.
  public var foregroundLifetime: TimeInterval
  /// How long it stays fresh while the app is in the background.
  public var backgroundLifetime: TimeInterval

  /// A policy; the defaults are 5 minutes and 25 hours.
  public init(
    foregroundLifetime: TimeInterval = 5 * 60, backgroundLifetime: TimeInterval = 25 * 3600
  ) {
    self.foregroundLifetime = foregroundLifetime
    self.backgroundLifetime = backgroundLifetime
  }

  /// RevenueCat's defaults.
  public static let standard = CustomerInfoCachePolicy()

  /// Whether something fetched at `fetchedAt` must be fetched again at `now`: when it is older
  /// than the lifetime (exactly the lifetime is still fresh), or when `fetchedAt` lies in the
  /// future, which means the device clock moved back and the age cannot be trusted.
  public func isStale(fetchedAt: Date, now: Date, isInForeground: Bool) -> Bool {
    let age = now.timeIntervalSince(fetchedAt)
    let lifetime = isInForeground ? foregroundLifetime : backgroundLifetime
    return age < 0 || age > lifetime
  }
}
