import Foundation
import Payments
import Testing

@Suite struct ProductCatalogueTests {
  private let english = Locale(identifier: "en")

  @Test func entriesGivePricesFormattedForTheLocale() async throws {
    let catalogue = try ProductCatalogue(
      parsing: " monthly_free_trial=9.99 USD,yearly_free_trial = 79.99 usd , coins=0 EUR,",
      locale: english)
    #expect(catalogue.prices.count == 3)
    let monthly = try #require(catalogue.prices["monthly_free_trial"])
    #expect(monthly == ProductPrice(amount: 9.99, currencyCode: "USD", text: "$9.99"))
    #expect(catalogue.prices["yearly_free_trial"]?.currencyCode == "USD")
    #expect(catalogue.prices["yearly_free_trial"]?.text == "$79.99")
    #expect(catalogue.prices["coins"]?.amount == 0)
    let asked = await catalogue.prices(for: ["monthly_free_trial", "unknown"])
    #expect(Array(asked.keys) == ["monthly_free_trial"])
  }

  @Test func spanishFormatsWithADecimalComma() throws {
    let catalogue = try ProductCatalogue(
      parsing: "monthly=9.99 EUR", locale: Locale(identifier: "es"))
    let text = try #require(catalogue.prices["monthly"]?.text)
    #expect(text.contains("9,99"), "\(text)")
    #expect(text.contains("€"), "\(text)")
  }

  @Test func nothingWrittenIsAnEmptyCatalogue() throws {
    #expect(try ProductCatalogue(parsing: " , ", locale: english).prices.isEmpty)
  }

  @Test(arguments: [
    ("monthly", ProductCatalogueError.Reason.shape),
    ("monthly=9.99", .shape),
    ("=9.99 USD", .shape),
    ("two words=9.99 USD", .shape),
    ("monthly=9.99 USD extra", .shape),
    ("monthly=$9.99 USD", .amount("$9.99")),
    ("monthly=-1 USD", .amount("-1")),
    ("monthly=1.2.3 USD", .amount("1.2.3")),
    ("monthly=.5 USD", .amount(".5")),
    ("monthly=9.99 dollars", .currency("dollars")),
    ("monthly=9.99 U$D", .currency("U$D")),
  ])
  func aMalformedEntryIsNamedWithWhatIsWrong(
    entry: String, reason: ProductCatalogueError.Reason
  ) {
    #expect(throws: ProductCatalogueError(entry: entry, reason: reason)) {
      try ProductCatalogue(parsing: "annual=79.99 USD, \(entry)", locale: english)
    }
  }

  @Test func aProductListedTwiceIsRefused() {
    #expect(throws: ProductCatalogueError(entry: "annual=70 USD", reason: .repeated)) {
      try ProductCatalogue(parsing: "annual=79.99 USD, annual=70 USD", locale: english)
    }
  }

  @Test func theErrorQuotesTheEntryAndSaysWhatToWrite() {
    let error = ProductCatalogueError(entry: "monthly=9.99 dollars", reason: .currency("dollars"))
    #expect(
      error.description
        == "'monthly=9.99 dollars': 'dollars' is not a three-letter currency code such as USD")
  }
}
