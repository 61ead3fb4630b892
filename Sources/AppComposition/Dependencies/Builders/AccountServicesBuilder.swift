import Auth
import Core
import Foundation
import Networking
import Payments
import Storage

/// Builds accounts and subscriptions as configuration and build type decide: the real
/// services, the development mocks, or "not configured".
enum AccountServicesBuilder {
  /// The auth client, and its session keeping when it keeps one (`SessionManager`); the
  /// development and unconfigured clients keep none.
  static func auth(
    configuration: Configuration, flags: FeatureFlags, secureStore: any SecureStore,
    clock: AppClock, logger: AppLogger
  ) -> (client: any AuthClient, keeper: (any SessionKeeping)?) {
    if flags.usesMockServices { return (DevelopmentAuthClient(store: secureStore), nil) }
    guard let url = configuration.url(.supabaseURL),
      let key = configuration.value(.supabaseAnonKey)
    else { return (UnconfiguredAuthClient(), nil) }
    // GoTrue gets a client without auth or retry interceptors: the session manager retries
    // refreshes itself, and an auth interceptor would wait on its own refresh.
    let http = URLSessionHTTPClient(
      baseURL: nil, interceptors: [HeadersInterceptor(appVersion: KilnVersion.current)],
      clock: clock, logger: logger)
    let manager = SessionManager(
      config: AuthConfig(supabaseURL: url, supabaseAnonKey: key), httpClient: http,
      secureStore: secureStore, clock: clock, logger: logger)
    return (manager, manager)
  }

  /// The payments client. RevenueCat's offerings carry no prices and Linux has no store to
  /// ask, so the live client prices products from `KILN_PRODUCT_CATALOGUE` (formatted for the
  /// interface language) and offers the rest with the price shown at purchase.
  /// - Throws: `ConfigurationError` for a catalogue that cannot be read.
  static func payments(
    configuration: Configuration, flags: FeatureFlags, paths: KilnPaths,
    secureStore: any SecureStore, clock: AppClock, logger: AppLogger,
    httpClient: any HTTPClient, locale: Locale
  ) throws(ConfigurationError) -> any PaymentsClient {
    let catalogue = try ConfigurationValidator.productCatalogue(
      in: configuration, locale: locale)
    if flags.usesMockServices {
      // The mock, remembering purchases between runs as the mock account remembers sign-ins.
      return DevelopmentPaymentsClient(store: secureStore, clock: clock, logger: logger)
    }
    guard configuration.isSet(.revenueCatAPIKey) else { return UnavailablePaymentsClient() }
    return RevenueCatRESTClient(
      httpClient: httpClient, clock: clock,
      customerInfoStore: FileCustomerInfoStore(
        directory: paths.dataDirectory.appendingPathComponent("payments")),
      prices: catalogue, logger: logger)
  }
}
