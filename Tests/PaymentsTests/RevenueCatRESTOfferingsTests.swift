import Core
import Foundation
import Networking
import Payments
import TestSupport
import Testing

/// Offerings from RevenueCat, priced from the catalog, cached, and falling back only when
/// the server (not the request) is at fault.
@Suite struct RevenueCatRESTOfferingsTests {
  static let body = """
    {"current_offering_id": "default",
     "offerings": [
       {"identifier": "sale", "description": "Sale", "packages": [
         {"identifier": "$rc_annual", "platform_product_identifier": "annual_sale"}]},
       {"identifier": "default", "description": "Standard", "metadata": null, "packages": [
         {"identifier": "$rc_annual", "platform_product_identifier": "annual_subscription"},
         {"identifier": "$rc_weekly", "platform_product_identifier": "weekly_unpriced"},
         {"identifier": "$rc_monthly", "platform_product_identifier": "monthly_subscription"}]}]}
    """

  @Test func theCurrentOfferingsPricedPackagesComeInRevenueCatsOrder() async throws {
    let harness = try RESTHarness()
    defer { harness.server.stop() }
    harness.server.route(.get, RESTHarness.offeringsPath, .json(Self.body))
    let client = await harness.configured()
    let offerings = try await client.getOfferings()
    #expect(offerings == [.sampleAnnual, .sampleMonthly])
    #expect(offerings.savingsVersusMonthly(for: .sampleAnnual) == 33)
    #expect(harness.sink.text.contains("No price known for weekly_unpriced"))

    let request = try #require(harness.server.requests.first)
    #expect(request.path == RESTHarness.offeringsPath)
    #expect(request.headers["Authorization"] == "Bearer \(RESTHarness.apiKey)")
    #expect(request.headers["X-Platform"] == "ios")
    #expect(!harness.logsContainTheKey)
  }

  @Test func prefetchingFillsTheCacheSoThePaywallNeedsNoRequest() async throws {
    let harness = try RESTHarness()
    defer { harness.server.stop() }
    harness.server.route(.get, RESTHarness.offeringsPath, .json(Self.body))
    let client = await harness.configured()
    await client.prefetchOfferings()
    #expect(try await client.getOfferings().count == 2)
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
