import Foundation
import Payments
import TestSupport
import Testing

/// The offering shown depends on where the paywall opens: RevenueCat's `placements` name one
/// per placement and a fallback for the rest; the current offering serves the paywall the
/// user opened, and anything the placements cannot resolve.
@Suite struct RevenueCatPlacementTests {
  static func body(placements: String?) -> String {
    let offerings = """
      "offerings": [
        {"identifier": "default", "description": "Standard", "packages": [
          {"identifier": "$rc_monthly", "platform_product_identifier": "monthly_free_trial"}]},
        {"identifier": "sale_offering", "description": "Sale", "packages": [
          {"identifier": "$rc_monthly", "platform_product_identifier": "monthly_sale"}]},
        {"identifier": "limit_offer", "description": "Out of messages", "packages": [
          {"identifier": "$rc_annual", "platform_product_identifier": "yearly_limit_offer"},
          {"identifier": "$rc_lifetime", "platform_product_identifier": "lifetime_limit_offer"}]}]
      """
    let tail = placements.map { #", "placements": \#($0)"# } ?? ""
    return #"{"current_offering_id": "default", \#(offerings)\#(tail)}"#
  }

  static let placements = """
    {"fallback_offering_id": "sale_offering",
     "offering_ids_by_placement": {"message_limit_reached": "limit_offer", "onboarding": null}}
    """

  private func products(
    at placements: [PaywallPlacement?], body: String
  ) async throws -> (products: [[ProductID]], requests: Int) {
    let harness = try RESTHarness()
    defer { harness.server.stop() }
    harness.server.route(.get, RESTHarness.offeringsPath, .json(body))
    let client = await harness.configured()
    var products: [[ProductID]] = []
    for placement in placements {
      products.append(try await client.getOfferings(for: placement).map(\.id))
    }
    return (products, harness.server.requests.count)
  }

  @Test func theMessageLimitPlacementShowsItsOwnOfferingAndOthersTheFallback() async throws {
    let placements: [PaywallPlacement?] = [.messageLimitReached, "settings", "onboarding", nil]
    let result = try await products(at: placements, body: Self.body(placements: Self.placements))
    #expect(
      result.products == [
        ["yearly_limit_offer", "lifetime_limit_offer"],  // its own offering
        ["monthly_sale"],  // a placement the dashboard does not name: the fallback
        ["monthly_sale"],  // a placement set to "no offering": the fallback too
        ["monthly_free_trial"],  // opened by the user: the current offering
      ])
    #expect(result.requests == 1, "one answer serves every placement")
  }

  @Test func aPlacementNamingAMissingOfferingGetsTheFallback() async throws {
    let placements = """
      {"fallback_offering_id": "sale_offering",
       "offering_ids_by_placement": {"message_limit_reached": "deleted_offering"}}
      """
    let result = try await products(
      at: [.messageLimitReached], body: Self.body(placements: placements))
    #expect(result.products == [["monthly_sale"]])
  }

  @Test(arguments: [
    nil, #"{"offering_ids_by_placement": {}}"#,
    #"{"fallback_offering_id": "deleted_offering", "offering_ids_by_placement": {}}"#,
  ])
  func withoutAUsablePlacementTheCurrentOfferingIsShown(placements: String?) async throws {
    let result = try await products(
      at: [.messageLimitReached], body: Self.body(placements: placements))
    #expect(result.products == [["monthly_free_trial"]])
  }

  @Test func theLifetimePackageHasNoPeriodAndItsOwnName() async throws {
    let harness = try RESTHarness()
    defer { harness.server.stop() }
    harness.server.route(
      .get, RESTHarness.offeringsPath, .json(Self.body(placements: Self.placements)))
    let offerings = try await harness.configured().getOfferings(for: .messageLimitReached)
    #expect(offerings.map(\.title) == ["Annual", "Lifetime"])
    #expect(offerings.map(\.period) == [.annual, nil])
  }
}
