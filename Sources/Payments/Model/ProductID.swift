/// A store product identifier such as `monthly_subscription`.
///
/// An open value: a product the app does not know about decodes and round-trips unchanged.
/// String literals convert, so `purchase(productID: "annual_subscription")` reads naturally.
public struct ProductID: RawRepresentable, Hashable, Codable, Sendable,
  ExpressibleByStringLiteral, CustomStringConvertible
{
  /// The identifier as the store and RevenueCat spell it.
  public let rawValue: String

  /// An identifier from its raw text.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// An identifier from a string literal.
  public init(stringLiteral value: String) { self.rawValue = value }

  /// An identifier from a string.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// The raw identifier.
  public var description: String { rawValue }

  /// The sample monthly auto-renewable subscription ($9.99 a month).
  public static let monthlySubscription: Self = "monthly_subscription"
  /// The sample annual auto-renewable subscription ($79.99 a year).
  public static let annualSubscription: Self = "annual_subscription"
}

/// An entitlement identifier configured in RevenueCat, such as `pro`.
///
/// An open value, like `ProductID`. `state.activeEntitlementIDs.contains("pro")` works
/// because string literals convert.
public struct EntitlementID: RawRepresentable, Hashable, Codable, Sendable,
  ExpressibleByStringLiteral, CustomStringConvertible
{
  /// The identifier as configured in the RevenueCat dashboard.
  public let rawValue: String

  /// An identifier from its raw text.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// An identifier from a string literal.
  public init(stringLiteral value: String) { self.rawValue = value }

  /// An identifier from a string.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// The raw identifier.
  public var description: String { rawValue }

  /// The single entitlement the app checks by default.
  public static let pro: Self = "pro"
}
