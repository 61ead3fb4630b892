import Core
import Foundation
import Networking
import Storage

extension SessionManager {
  /// A manager for the project in `config`: GoTrue over `httpClient`, the session kept as one
  /// record in `secureStore`.
  ///
  /// ```swift
  /// let http = URLSessionHTTPClient(baseURL: nil, clock: .live, logger: logger)
  /// let store = FileSecureStore(directory: configDirectory, logger: logger)
  /// let auth = SessionManager(
  ///   config: authConfig, httpClient: http, secureStore: store, clock: .live, logger: logger)
  /// await auth.start()
  /// ```
  /// - Parameters:
  ///   - config: the Supabase URL and anon key.
  ///   - httpClient: a client **without** an `AuthInterceptor` backed by this manager and
  ///     without a retry interceptor (see `GoTrueClient`).
  ///   - secureStore: where the session record is kept.
  ///   - clock, logger, policy, identityProviders: as in `init(api:store:clock:…)`.
  public init(
    config: AuthConfig,
    httpClient: any HTTPClient,
    secureStore: any SecureStore,
    clock: AppClock,
    logger: AppLogger = .disabled,
    policy: RefreshPolicy = .standard,
    identityProviders: [IdentityProvider: any IdentityTokenProvider] = [:]
  ) {
    self.init(
      api: GoTrueClient(config: config, httpClient: httpClient, clock: clock),
      store: SecureStoreSessionStore(secureStore: secureStore),
      clock: clock, logger: logger, policy: policy, identityProviders: identityProviders)
  }
}
