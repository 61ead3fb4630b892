import Core
import Foundation
import Networking
import Payments
import TestSupport
import Testing

/// Offerings from RevenueCat: every package, priced where the price source knows the product,
/// cached, and falling back only when the server (not the request) is at fault.
@Suite struct RevenueCatRESTOfferingsTests {
  /// The example of RevenueCat's REST API v1 reference (Offerings model): none of its products
  /// is one of the mock's samples, and one package has a custom name.
  static let body = """
    {"current_offering_id": "default",
     "offerings": [
       {"description": "The default offering", "identifier": "default", "packages": [
         {"identifier": "$rc_monthly", "platform_product_identifier": "monthly_free_trial"},
         {"identifier": "consumable", "platform_product_identifier": "consumable1"},
         {"identifier": "$rc_annual", "platform_product_identifier": "yearly_free_trial"}]},
       {"description": "The sale offeringg", "identifier": "sale_offering", "packages": [
         {"identifier": "$rc_monthly", "platform_product_identifier": "monthly_free_trial_sale"},
         {"identifier": "consumable", "platform_product_identifier": "consumable1_sale"},
         {"identifier": "$rc_annual", "platform_product_identifier": "yearly_free_trial_sale"}]}]}
    """

  @Test func everyPackageOfTheCurrentOfferingIsOfferedWithItsPeriodAndNoInventedPrice()
    async throws
  {
    let harness = try RESTHarness()
    defer { harness.server.stop() }
    harness.server.route(.get, RESTHarness.offeringsPath, .json(Self.body))
    let client = await harness.configured()
    let offerings = try await client.getOfferings()
    #expect(offerings.map(\.id) == ["monthly_free_trial", "consumable1", "yearly_free_trial"])
    #expect(offerings.map(\.packageID) == [.monthly, "consumable", .annual])
    #expect(offerings.map(\.period) == [.monthly, nil, .annual])
    #expect(offerings.map(\.title) == ["Monthly", "consumable", "Annual"])
    #expect(offerings.allSatisfy { $0.price == nil }, "RevenueCat sends no prices")
    #expect(harness.sink.text.contains("No price known for consumable1"))

    let request = try #require(harness.server.requests.first)
    #expect(request.path == RESTHarness.offeringsPath)
    #expect(request.headers["Authorization"] == "Bearer \(RESTHarness.apiKey)")
    #expect(request.headers["X-Platform"] == "ios")
    #expect(!harness.logsContainTheKey)
  }

  @Test func theCataloguePricesTheProductsItListsAndLeavesTheOthersUnpriced() async throws {
    let usd = { (amount: Decimal, text: String) in
      ProductPrice(amount: amount, currencyCode: "USD", text: text)
    }
    let catalogue = ProductCatalogue([
      "monthly_free_trial": usd(9.99, "$9.99"), "yearly_free_trial": usd(79.99, "$79.99"),
      "not_offered": usd(1, "$1.00"),
    ])
    let harness = try RESTHarness(prices: catalogue)
    defer { harness.server.stop() }
    harness.server.route(.get, RESTHarness.offeringsPath, .json(Self.body))
    let offerings = try await harness.configured().getOfferings()
    #expect(offerings.map(\.priceText) == ["$9.99", nil, "$79.99"])
    #expect(offerings.savingsVersusMonthly(for: offerings[2]) == 33)
    #expect(offerings.savingsVersusMonthly(for: offerings[1]) == nil)
  }

  @Test func aProductInTwoPackagesIsOfferedOnceAtItsFirstPlace() async throws {
    let harness = try RESTHarness()
    defer { harness.server.stop() }
    let body = """
      {"current_offering_id": "default", "offerings": [{"identifier": "default", "packages": [
        {"identifier": "$rc_annual", "platform_product_identifier": "yearly"},
        {"identifier": "$rc_monthly", "platform_product_identifier": "monthly"},
        {"identifier": "best_deal", "platform_product_identifier": "yearly"}]}]}
      """
    harness.server.route(.get, RESTHarness.offeringsPath, .json(body))
    let offerings = try await harness.configured().getOfferings()
    #expect(offerings.map(\.id) == ["yearly", "monthly"])
    #expect(offerings.first?.packageID == .annual)
  }

  @Test func prefetchingFillsTheCacheSoThePaywallNeedsNoRequest() async throws {
    let harness = try RESTHarness()
    defer { harness.server.stop() }
    harness.server.route(.get, RESTHarness.offeringsPath, .json(Self.body))
    let client = await harness.configured()
    await client.prefetchOfferings()
    #expect(try await client.getOfferings().count == 3)
    #expect(harness.server.requests.count == 1)
  }

  @Test func noCurrentOfferingMeansAnEmptyPaywall() async throws {
    let harness = try RESTHarness()
    defer { harness.server.stop() }
    harness.server.route(
      .get, RESTHarness.offeringsPath,
      .json(#"{"current_offering_id": null, "offerings": []}"#))
    let client = await harness.configured()
    #expect(try await client.getOfferings().isEmpty)
  }

  @Test func aServerFailureShowsTheLastList() async throws {
    let harness = try RESTHarness()
    defer { harness.server.stop() }
    harness.server.enqueue(
      .json(Self.body), .json(#"{"code": 7110, "message": "down"}"#, status: 502),
      path: RESTHarness.offeringsPath)
    let client = await harness.configured()
    let first = try await client.getOfferings()
    await harness.clock.advance(by: .seconds(301))
    #expect(try await client.getOfferings() == first)
    #expect(harness.server.requests.count == 2)
  }

  @Test func aRejectionIsThrownEvenWithAListCached() async throws {
    let harness = try RESTHarness()
    defer { harness.server.stop() }
    harness.server.enqueue(
      .json(Self.body), .json(#"{"code": 7000, "message": "Invalid platform"}"#, status: 400),
      path: RESTHarness.offeringsPath)
    let client = await harness.configured()
    _ = try await client.getOfferings()
    await harness.clock.advance(by: .seconds(301))
    await #expect(
      throws: PaymentsError.server(status: 400, code: 7000, message: "Invalid platform")
    ) {
      try await client.getOfferings()
    }
  }

  @Test func malformedOfferingsAreAnInvalidResponse() async throws {
    let harness = try RESTHarness()
    defer { harness.server.stop() }
    harness.server.route(.get, RESTHarness.offeringsPath, .json(#"{"offerings": {}}"#))
    let client = await harness.configured()
    do {
      _ = try await client.getOfferings()
      Issue.record("malformed offerings must fail")
    } catch let error as PaymentsError {
      guard case .invalidResponse = error else {
        Issue.record("expected invalidResponse, got \(error)")
        return
      }
    }
  }

  @Test func offeringsNeedAConfiguredSignedInClient() async throws {
    let harness = try RESTHarness()
    defer { harness.server.stop() }
    await #expect(throws: PaymentsError.notConfigured("RevenueCat")) {
      try await harness.client.getOfferings()
    }
    await harness.client.configure(harness.config(appUserID: nil))
    await #expect(throws: PaymentsError.notSignedIn) { try await harness.client.getOfferings() }
    await harness.client.prefetchOfferings()
    #expect(harness.server.requests.isEmpty)
  }
}
