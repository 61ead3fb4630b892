import Foundation

/// What one product costs, as the store (or the configured catalogue) states it.
///
/// `amount` and `currencyCode` are for comparing plans; `text` is what the user reads, already
/// formatted for their locale ("$9.99", "9,99 €").
public struct ProductPrice: Sendable, Equatable, Hashable, Codable {
  /// The price of one period, or of the whole purchase for a one-time product.
  public var amount: Decimal
  /// The ISO 4217 currency code of `amount`, e.g. `USD`.
  public var currencyCode: String
  /// The price formatted for display, e.g. "$9.99".
  public var text: String

  /// A price.
  public init(amount: Decimal, currencyCode: String, text: String) {
    self.amount = amount
    self.currencyCode = currencyCode
    self.text = text
  }

  /// A price with `text` formatted from `amount` and `currencyCode` for `locale`.
  public init(amount: Decimal, currencyCode: String, locale: Locale) {
    let code = currencyCode.uppercased()
    self.init(
      amount: amount, currencyCode: code,
      text: amount.formatted(.currency(code: code).locale(locale)))
  }
}
