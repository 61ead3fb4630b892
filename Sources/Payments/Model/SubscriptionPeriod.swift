import Foundation

/// How long one billing period lasts, as an ISO 8601 duration (`P1M`, `P1Y`, `P1W`, `P3D`).
///
/// An open value, the way StoreKit and RevenueCat spell periods: an unfamiliar period
/// decodes and round-trips unchanged, and `unit` / `value` are `nil` when it does not parse.
public struct SubscriptionPeriod: RawRepresentable, Hashable, Codable, Sendable,
  ExpressibleByStringLiteral, CustomStringConvertible
{
  /// The unit a period counts in.
  public enum Unit: String, Sendable, Hashable, Codable, CaseIterable {
    /// Days (`D`).
    case day
    /// Weeks (`W`).
    case week
    /// Months (`M`).
    case month
    /// Years (`Y`).
    case year
  }

  /// The ISO 8601 duration text.
  public let rawValue: String

  /// A period from its ISO 8601 text.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// A period from a string literal such as `"P1M"`.
  public init(stringLiteral value: String) { self.rawValue = value }

  /// A period of `value` units, e.g. `SubscriptionPeriod(value: 6, unit: .month)` is `P6M`.
  public init(value: Int, unit: Unit) {
    let letter: String
    switch unit {
    case .day: letter = "D"
    case .week: letter = "W"
    case .month: letter = "M"
    case .year: letter = "Y"
    }
    self.rawValue = "P\(value)\(letter)"
  }

  /// The ISO 8601 text.
  public var description: String { rawValue }

  /// One week.
  public static let weekly: Self = "P1W"
  /// One month.
  public static let monthly: Self = "P1M"
  /// Two months.
  public static let twoMonths: Self = "P2M"
  /// Three months.
  public static let threeMonths: Self = "P3M"
  /// Six months.
  public static let sixMonths: Self = "P6M"
  /// One year.
  public static let annual: Self = "P1Y"

  /// The number of units, when the text is a single-unit duration such as `P3M`.
  public var value: Int? { parsed?.value }

  /// The unit, when the text is a single-unit duration such as `P3M`.
  public var unit: Unit? { parsed?.unit }

  /// The period's length in months, for comparing prices per month: exact for months and
  /// years, and based on the average Gregorian month (30.436875 days) for days and weeks.
  public var lengthInMonths: Double? {
    guard let parsed else { return nil }
    let days = 365.2425 / 12
    switch parsed.unit {
    case .day: return Double(parsed.value) / days
    case .week: return Double(parsed.value) * 7 / days
    case .month: return Double(parsed.value)
    case .year: return Double(parsed.value) * 12
    }
  }

  /// The date one period after `date` in `calendar`, or `nil` when the period does not parse.
  public func date(after date: Date, in calendar: Calendar) -> Date? {
    guard let parsed else { return nil }
    var components = DateComponents()
    switch parsed.unit {
    case .day: components.day = parsed.value
    case .week: components.day = parsed.value * 7
    case .month: components.month = parsed.value
    case .year: components.year = parsed.value
    }
    return calendar.date(byAdding: components, to: date)
  }

  private var parsed: (value: Int, unit: Unit)? {
    let text = rawValue.uppercased()
    guard text.count >= 3, text.hasPrefix("P"), let letter = text.last else { return nil }
    let digits = text.dropFirst().dropLast()
    guard let value = Int(digits), value > 0 else { return nil }
    switch letter {
    case "D": return (value, .day)
    case "W": return (value, .week)
    case "M": return (value, .month)
    case "Y": return (value, .year)
    default: return nil
    }
  }
}
