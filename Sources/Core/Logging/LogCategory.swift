/// The area of the app a log record comes from.
///
/// An open set: modules add their own with `extension LogCategory { static let sync: Self = "sync" }`.
public struct LogCategory: RawRepresentable, Hashable, Codable, Sendable,
  ExpressibleByStringLiteral, CustomStringConvertible
{
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }
  public init(stringLiteral value: String) { self.rawValue = value }

  public var description: String { rawValue }

  /// HTTP traffic.
  public static let networking: Self = "networking"
  /// AI providers and streaming.
  public static let ai: Self = "ai"
  /// Views and view models.
  public static let ui: Self = "ui"
  /// Feature logic.
  public static let feature: Self = "feature"
  /// Local persistence.
  public static let storage: Self = "storage"
  /// Push and local notifications.
  public static let notifications: Self = "notifications"
  /// Sign-in and sessions.
  public static let auth: Self = "auth"
  /// Subscriptions and purchases.
  public static let payments: Self = "payments"
}
