import Foundation

extension ProductCatalogue {
  /// Parses a catalogue written as comma-separated `product_id=AMOUNT CURRENCY` entries, such
  /// as `monthly_plan=9.99 USD, annual_plan=79.99 USD` (the `KILN_PRODUCT_CATALOGUE`
  /// setting). Amounts use a dot for decimals and may be zero; currencies are ISO 4217 codes
  /// in any case. Empty entries (a trailing comma) are skipped. Prices are formatted for
  /// `locale`.
  /// - Throws: `ProductCatalogueError` naming the first entry that does not parse, or a
  ///   product listed twice.
  public init(parsing text: String, locale: Locale) throws(ProductCatalogueError) {
    var prices: [ProductID: ProductPrice] = [:]
    for rawEntry in text.split(separator: ",", omittingEmptySubsequences: false) {
      let entry = rawEntry.trimmingCharacters(in: .whitespaces)
      if entry.isEmpty { continue }
      let (id, price) = try Self.parseEntry(entry, locale: locale)
      guard prices[id] == nil else { throw ProductCatalogueError(entry: entry, reason: .repeated) }
      prices[id] = price
    }
    self.init(prices)
  }

  private static func parseEntry(
    _ entry: String, locale: Locale
  ) throws(ProductCatalogueError) -> (ProductID, ProductPrice) {
    let parts = entry.split(separator: "=", maxSplits: 1).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard parts.count == 2, let name = parts.first, !name.isEmpty, !name.contains(" ") else {
      throw ProductCatalogueError(entry: entry, reason: .shape)
    }
    let words = parts[1].split(separator: " ", omittingEmptySubsequences: true)
    guard words.count == 2 else { throw ProductCatalogueError(entry: entry, reason: .shape) }
    let amountText = String(words[0])
    guard amountText.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
      amountText.filter({ $0 == "." }).count <= 1, amountText.first?.isNumber == true,
      amountText.last?.isNumber == true,
      let amount = Decimal(string: amountText, locale: Locale(identifier: "en_US_POSIX"))
    else { throw ProductCatalogueError(entry: entry, reason: .amount(amountText)) }
    let currency = String(words[1])
    guard currency.count == 3, currency.allSatisfy({ $0.isASCII && $0.isLetter }) else {
      throw ProductCatalogueError(entry: entry, reason: .currency(currency))
    }
    return (
      ProductID(name), ProductPrice(amount: amount, currencyCode: currency, locale: locale)
    )
  }
}

/// Why a product catalogue entry was refused.
public struct ProductCatalogueError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What was wrong with an entry.
  public enum Reason: Equatable, Sendable {
    /// Not `product_id=AMOUNT CURRENCY`.
    case shape
    /// The amount is not a plain non-negative number with a dot for decimals.
    case amount(String)
    /// The currency is not a three-letter ISO 4217 code.
    case currency(String)
    /// The product is listed twice.
    case repeated
  }

  /// The entry as written.
  public let entry: String
  /// What was wrong with it.
  public let reason: Reason

  /// An error about `entry`.
  public init(entry: String, reason: Reason) {
    self.entry = entry
    self.reason = reason
  }

  /// One sentence naming the entry and the problem.
  public var description: String {
    switch reason {
    case .shape:
      return "'\(entry)' is not product_id=AMOUNT CURRENCY"
    case .amount(let amount):
      return "'\(entry)': '\(amount)' is not an amount such as 9.99"
    case .currency(let currency):
      return "'\(entry)': '\(currency)' is not a three-letter currency code such as USD"
    case .repeated:
      return "'\(entry)' prices a product that is already listed"
    }
  }
}
