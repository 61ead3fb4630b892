/// Where in the app a paywall opens, as a RevenueCat placement identifier.
///
/// RevenueCat's offerings can name an offering per placement (`offering_ids_by_placement`)
/// and a fallback for the rest, so the paywall shown when the free messages run out can sell
/// something other than the one the user opens from the settings. An open value.
public struct PaywallPlacement: RawRepresentable, Hashable, Codable, Sendable,
  ExpressibleByStringLiteral, CustomStringConvertible
{
  /// The placement identifier as configured in the RevenueCat dashboard.
  public let rawValue: String

  /// A placement from its raw text.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// A placement from a string literal.
  public init(stringLiteral value: String) { self.rawValue = value }

  /// The raw identifier.
  public var description: String { rawValue }

  /// The paywall shown because the free message allowance has run out.
  public static let messageLimitReached: Self = "message_limit_reached"
}
