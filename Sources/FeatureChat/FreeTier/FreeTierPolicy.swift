import Foundation

/// How many free replies a non-subscriber gets with the echo or the proxy: the seed's cap.
public let kFreeMessageLimit = 10

/// The free tier's rules: how many messages, over which period.
public struct FreeTierPolicy: Sendable, Equatable {
  /// The period the limit applies to.
  public enum Period: String, Sendable, Equatable {
    /// The limit is for the lifetime of the install (the default).
    case lifetime
    /// The limit starts again each calendar day (in the injected calendar's time zone).
    case daily
  }

  /// Messages a non-subscriber may send in one period.
  public var limit: Int
  /// The period.
  public var period: Period

  /// A policy; the default is `kFreeMessageLimit` messages for the lifetime.
  public init(limit: Int = kFreeMessageLimit, period: Period = .lifetime) {
    self.limit = limit
    self.period = period
  }

  /// The seed's cap: 10 messages, lifetime.
  public static let standard = FreeTierPolicy()
}

/// Which kind of AI client answers, which decides whether the free tier applies.
public enum ChatProviderKind: String, Sendable, Equatable, CaseIterable {
  /// The local echo client (no backend configured).
  case echo
  /// Kiln's proxy, which holds the provider key and enforces the quota on the server too.
  case proxy
  /// A provider the user configured with their own key: never capped.
  case direct

  /// Whether the free-tier cap applies.
  public var isMetered: Bool { self != .direct }
}

/// Tells the free tier whether the user has an active subscription.
///
/// FeatureChat does not depend on Payments; the app adapts its payments client to this
/// (the seed's `PaymentsStatusAdapter`).
public protocol SubscriptionStatusProviding: Sendable {
  /// Whether the user has an active subscription now.
  func isSubscribed() async -> Bool
}

/// A provider that always gives the same answer: for previews, tests and builds without
/// payments.
public struct FixedSubscriptionStatus: SubscriptionStatusProviding {
  private let value: Bool

  /// A provider answering `isSubscribed`.
  public init(isSubscribed: Bool) {
    self.value = isSubscribed
  }

  public func isSubscribed() async -> Bool { value }
}
