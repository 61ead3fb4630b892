import Core
import Foundation
import Networking
import Payments
import TestSupport
import Testing

/// A RevenueCat REST client wired to a real loopback server, a manual clock, an in-memory
/// key-value store and a log sink.
struct RESTHarness {
  static let apiKey = "appl_KilnTestKey0123456789abcdef"
  static let appUserID = "$RCAnonymousID:0123abcd/x"
  /// `appUserID` as one escaped path segment.
  static let escapedUserID = "%24RCAnonymousID%3A0123abcd%2Fx"
  static var customerPath: String { "/v1/subscribers/\(escapedUserID)" }
  static var offeringsPath: String { "/v1/subscribers/\(escapedUserID)/offerings" }

  let server: LoopbackHTTPServer
  let clock: ManualClock
  let values: InMemoryKeyValueStore
  let sink = InMemoryLogSink()
  let client: RevenueCatRESTClient

  init(
    clock: ManualClock = ManualClock(), values: InMemoryKeyValueStore = InMemoryKeyValueStore(),
    server: LoopbackHTTPServer? = nil, prices: ProductCatalogue = ProductCatalogue()
  ) throws {
    self.server =
      try server ?? LoopbackHTTPServer(reportIssue: { Issue.record(Comment(rawValue: $0)) })
    self.clock = clock
    self.values = values
    let http = URLSessionHTTPClient(
      baseURL: nil, configuration: HTTPClientConfiguration(timeouts: .standard),
      clock: clock.appClock)
    client = RevenueCatRESTClient(
      httpClient: http, clock: clock.appClock,
      customerInfoStore: KeyValueCustomerInfoStore(store: values),
      prices: prices,
      logger: AppLogger(minimumLevel: .debug, sinks: [sink], now: clock.appClock.now))
  }

  func config(
    apiKey: String = RESTHarness.apiKey, appUserID: String? = RESTHarness.appUserID,
    baseURL: URL? = nil
  ) -> PaymentsConfig {
    PaymentsConfig(apiKey: apiKey, appUserID: appUserID, baseURL: baseURL ?? server.baseURL)
  }

  /// Configures the client with `config()`.
  func configured() async -> RevenueCatRESTClient {
    await client.configure(config())
    return client
  }

  /// The customer body for a `pro` entitlement expiring at `expires`, answered now.
  func customerJSON(expires: Date?, periodType: String = "normal") -> LoopbackResponse {
    .json(
      CustomerInfoFixture.json(requestDate: clock.now, expires: expires, periodType: periodType))
  }

  /// Whether anything logged contains the API key.
  var logsContainTheKey: Bool {
    sink.text.contains(Self.apiKey) || sink.text.contains("KilnTestKey")
  }
}
