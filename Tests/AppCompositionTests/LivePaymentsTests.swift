import Core
import FeatureSettings
import Foundation
import Localization
import Payments
import TestSupport
import Testing

@testable import AppComposition

/// The live composition's RevenueCat client, against a loopback RevenueCat answering with the
/// offerings example of RevenueCat's API reference: every package shows, priced from
/// `KILN_PRODUCT_CATALOGUE` where it lists the product, never from the mock's samples.
@MainActor
@Suite struct LivePaymentsTests {
  static let apiKey = "appl_LivePaymentsKey0123456789"
  static let offerings = """
    {"current_offering_id": "default", "offerings": [
      {"description": "The default offering", "identifier": "default", "packages": [
        {"identifier": "$rc_monthly", "platform_product_identifier": "monthly_free_trial"},
        {"identifier": "consumable", "platform_product_identifier": "consumable1"},
        {"identifier": "$rc_annual", "platform_product_identifier": "yearly_free_trial"}]}]}
    """
  /// A customer who has bought nothing.
  static let customer = """
    {"request_date_ms": 1764633600000, "subscriber": {
      "entitlements": {}, "subscriptions": {}, "non_subscriptions": {},
      "original_app_user_id": "user-1"}}
    """

  private static func withHome(_ body: (URL) async throws -> Void) async throws {
    let home = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiln-live-payments-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    try await body(home)
  }

  private static func environment(
    home: URL, server: LoopbackHTTPServer, catalogue: String?
  ) -> AppEnvironment {
    var variables = [
      "HOME": home.path, "KILN_HOME": home.appendingPathComponent("data").path,
      "AUTH_BYPASS": "0", "REVENUECAT_API_KEY": apiKey,
      "REVENUECAT_BASE_URL": server.baseURL.absoluteString, "KILN_LANGUAGE": "en",
    ]
    variables["KILN_PRODUCT_CATALOGUE"] = catalogue
    return AppEnvironment(
      variables: variables, isDevelopmentBuild: true, clock: ManualClock().appClock)
  }

  @Test func everyPackageShowsWithTheCataloguesPricesOrThePriceAtPurchase() async throws {
    try await Self.withHome { home in
      let server = try LoopbackHTTPServer(reportIssue: { Issue.record(Comment(rawValue: $0)) })
      defer { server.stop() }
      server.route(.get, "/v1/subscribers/user-1/offerings", .json(Self.offerings))
      server.route(.get, "/v1/subscribers/user-1", .json(Self.customer))
      let environment = Self.environment(
        home: home, server: server,
        catalogue: "monthly_free_trial=9.99 USD, yearly_free_trial=79.99 USD")
      let dependencies = try AppDependencies.live(
        configuration: try environment.loadConfiguration(), environment: environment)
      #expect(dependencies.payments is RevenueCatRESTClient)
      await dependencies.payments.configure(
        PaymentsConfig(apiKey: Self.apiKey, appUserID: "user-1", baseURL: server.baseURL))

      let paywall = dependencies.makePaywallViewModel()
      await paywall.load()
      guard case .plans(let plans) = paywall.content else {
        Issue.record("expected plans, got \(paywall.content)")
        return
      }
      #expect(plans.map(\.id) == ["monthly_free_trial", "consumable1", "yearly_free_trial"])
      #expect(
        L10n.withLanguage(.english) { plans.map(\.priceText) }
          == ["$9.99 per month", "price shown at purchase", "$79.99 per year"])
      #expect(plans.map(\.savingsText) == [nil, nil, L10n.Payments.savePercent(33)])
      #expect(server.requests.map(\.path).filter { $0.hasSuffix("/offerings") }.count == 1)
      await dependencies.shutdown()
    }
  }

  @Test func withoutACatalogueNothingIsPricedAndNothingIsHidden() async throws {
    try await Self.withHome { home in
      let server = try LoopbackHTTPServer(reportIssue: { Issue.record(Comment(rawValue: $0)) })
      defer { server.stop() }
      server.route(.get, "/v1/subscribers/user-1/offerings", .json(Self.offerings))
      let environment = Self.environment(home: home, server: server, catalogue: nil)
      let dependencies = try AppDependencies.live(
        configuration: try environment.loadConfiguration(), environment: environment)
      await dependencies.payments.configure(
        PaymentsConfig(apiKey: Self.apiKey, appUserID: "user-1", baseURL: server.baseURL))
      let offerings = try await dependencies.payments.getOfferings()
      #expect(offerings.count == 3)
      #expect(offerings.allSatisfy { $0.price == nil })
      #expect(!offerings.contains { PaymentsOffering.samples.map(\.id).contains($0.id) })
      await dependencies.shutdown()
    }
  }

  @Test func aMalformedCatalogueIsAConfigurationErrorNamingTheEntry() throws {
    let file = try ConfigurationFile.parse(
      "KILN_PRODUCT_CATALOGUE = monthly=9.99 USD, annual=79.99 dollars", path: "/etc/kiln")
    let configuration = Configuration.merged(file: file, environment: [:])
    let issues = ConfigurationValidator.issues(in: configuration)
    #expect(issues.count == 1)
    let issue = try #require(issues.first)
    #expect(issue.key == "KILN_PRODUCT_CATALOGUE")
    #expect(
      issue.problem
        == "'annual=79.99 dollars': 'dollars' is not a three-letter currency code such as USD")
    #expect(issue.fix.contains("product_id=AMOUNT CURRENCY"))
    #expect(issue.description.hasPrefix("KILN_PRODUCT_CATALOGUE (/etc/kiln:1): "))
  }
}
