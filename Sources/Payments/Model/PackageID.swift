/// A RevenueCat package identifier: one of RevenueCat's package types (`$rc_monthly`,
/// `$rc_annual`, `$rc_lifetime`, …) or a custom name chosen in the dashboard.
///
/// An open value: a custom or future identifier decodes and round-trips unchanged. The billing
/// period of a standard package follows from its type, since RevenueCat's REST offerings name
/// only the package and its product.
public struct PackageID: RawRepresentable, Hashable, Codable, Sendable,
  ExpressibleByStringLiteral, CustomStringConvertible
{
  /// The identifier as RevenueCat spells it.
  public let rawValue: String

  /// An identifier from its raw text.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// An identifier from a string literal.
  public init(stringLiteral value: String) { self.rawValue = value }

  /// The raw identifier.
  public var description: String { rawValue }

  /// A one-time purchase that never expires.
  public static let lifetime: Self = "$rc_lifetime"
  /// Billed once a year.
  public static let annual: Self = "$rc_annual"
  /// Billed every six months.
  public static let sixMonth: Self = "$rc_six_month"
  /// Billed every three months.
  public static let threeMonth: Self = "$rc_three_month"
  /// Billed every two months.
  public static let twoMonth: Self = "$rc_two_month"
  /// Billed every month.
  public static let monthly: Self = "$rc_monthly"
  /// Billed every week.
  public static let weekly: Self = "$rc_weekly"

  /// Whether this is one of RevenueCat's package types rather than a custom name.
  public var isStandardType: Bool { Self.standardTypes[self] != nil }

  /// The billing period the package type implies; `nil` for a lifetime or custom package.
  public var period: SubscriptionPeriod? { Self.standardTypes[self]?.period }

  /// An English name for the plan ("Monthly", "Lifetime"); a custom package is named by its
  /// identifier.
  public var englishName: String { Self.standardTypes[self]?.name ?? rawValue }

  private static let standardTypes: [PackageID: (period: SubscriptionPeriod?, name: String)] = [
    .lifetime: (nil, "Lifetime"), .annual: (.annual, "Annual"),
    .sixMonth: (.sixMonths, "6 Months"), .threeMonth: (.threeMonths, "3 Months"),
    .twoMonth: (.twoMonths, "2 Months"), .monthly: (.monthly, "Monthly"),
    .weekly: (.weekly, "Weekly"),
  ]
}
