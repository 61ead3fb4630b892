import AI
import Backend
import Core
import Foundation
import JOSE
import Networking

/// The services `kiln-server serve` composes from its settings, once, at start: the store,
/// the token judge, entitlements, the upstream client, the proxy, the auth service and the
/// sync routes.
struct ServeServices {
  let store: any ServerStore
  let storeKind: String
  let proxy: ProxyService
  /// GoTrue's routes under `/auth/v1` and delete-account (issue #18).
  let auth: AuthService
  /// `sync_pull` and `sync_push` under `/rest/v1/rpc/` (docs/SYNC.md §4).
  let sync: SyncRoutes
  let proxyMetrics: ProxyMetrics
  let webhook: RevenueCatWebhook?
  /// `echo`, or the upstream's host, for `/ready` and the start-up line.
  let upstreamName: String
  /// The body limit the proxy's routes get from the HTTP server: above the proxy's own
  /// limit, so a body over it gets the contract's 413 JSON rather than the server's.
  let proxyRouteBodyLimit: Int
  /// The same for the sync routes: twice `SYNC_MAX_BODY_BYTES`, so an oversized body gets
  /// PostgREST's 413 JSON.
  var syncRouteBodyLimit: Int { sync.maximumBodyBytes * 2 }
  /// Sentences to print at start (the echo model, no token key).
  let warnings: [String]

  /// Why the services could not be made: a configuration mistake (exit 2) or an
  /// unavailable store (exit 1).
  enum Failure: Error {
    case configuration(String)
    case unavailable(String)
  }

  static func make(
    _ settings: ServerSettings, clock: AppClock, logger: AppLogger
  ) async throws(Failure) -> ServeServices {
    let proxySettings = settings.proxy
    let location = settings.storeLocation
    // One database serves the proxy and the accounts (decision 96), through a store each.
    let stores: ServerStores
    do {
      stores = try await location.openStores(clock: clock, logger: logger)
    } catch {
      throw .unavailable("cannot open the store at \(location): \(error)")
    }
    let store = stores.proxy
    let pool = HTTPConnectionPool()
    let upstreamClient = URLSessionHTTPClient(
      baseURL: nil, configuration: HTTPClientConfiguration(connectionPool: pool), clock: clock,
      logger: logger)
    let configuration = try proxyConfiguration(proxySettings, limits: settings.proxyLimits)
    let idTokens = try await idTokenVerifier(settings.auth, clock: clock, logger: logger)
    // Erasing a deleted account's data waits for the proxy's late ledger lines, so none of
    // that user's lands after the ledger was anonymised.
    let lateLedgerWrites = LateLedgerWrites()
    let auth = authService(
      settings, stores: stores, idTokens: idTokens, lateLedgerWrites: lateLedgerWrites,
      clock: clock, logger: logger)
    let judge = try await tokenJudge(proxySettings, clock: clock, logger: logger)
    var warnings = judge.warnings
    let entitlements: any EntitlementSource
    var webhook: RevenueCatWebhook?
    if let secret = proxySettings.revenueCatSecretKey {
      entitlements = RevenueCatEntitlements(
        store: store, client: upstreamClient, secretKey: secret,
        entitlementID: proxySettings.entitlementID, baseURL: proxySettings.revenueCatBaseURL,
        cacheDuration: TimeInterval(proxySettings.entitlementCache.components.seconds))
      if let shared = proxySettings.revenueCatWebhookSecret {
        webhook = RevenueCatWebhook(
          store: store, sharedSecret: shared, entitlementID: proxySettings.entitlementID,
          clock: clock)
      }
    } else {
      entitlements = GrantsOnlyEntitlements(store: store)
    }
    let upstreamName = configuration.upstream?.baseURL.host ?? "echo"
    if configuration.upstream == nil {
      warnings.append(
        "no upstream is configured (OPENROUTER_API_KEY or UPSTREAM_BASE_URL): the AI routes "
          + "answer with the echo model, which repeats the last message")
    }
    let metrics = ProxyMetrics()
    // One judge for the proxy and sync: the configured keys and the auth service's own.
    let tokens = AuthKeyringTrustingJudge(configured: judge.judge, keyring: auth.keyring)
    let proxy = ProxyService(
      configuration: configuration,
      tokens: tokens,
      entitlements: entitlements,
      store: store,
      upstream: LoopUpstreamHTTPClient(
        baseURL: configuration.upstream?.baseURL, fallback: upstreamClient,
        now: { clock.now() }),
      clock: clock,
      sleep: { try await Task.sleep(for: $0) }, makeIdentifier: .live, metrics: metrics,
      logger: logger, lateLedgerWrites: lateLedgerWrites)
    let storeKind: String
    switch location {
    case .sqlite: storeKind = "sqlite"
    case .postgres: storeKind = "postgresql"
    }
    let sync = SyncRoutes(
      store: stores.sync, tokens: tokens, keyring: auth.keyring, clock: clock,
      maximumBodyBytes: settings.sync.maxBodyBytes)
    return ServeServices(
      store: store, storeKind: storeKind, proxy: proxy, auth: auth, sync: sync,
      proxyMetrics: metrics, webhook: webhook, upstreamName: upstreamName,
      proxyRouteBodyLimit: configuration.messageBounds.maximumBodyBytes * 2, warnings: warnings)
  }

  /// The proxy's configuration from kiln-server's settings, with the personas the app ships.
  static func proxyConfiguration(
    _ settings: ProxySettings, limits: ProxyLimits
  ) throws(Failure) -> ProxyConfiguration {
    let upstream: ProxyConfiguration.Upstream?
    switch settings.upstream {
    case .echo:
      upstream = nil
    case .openRouter(let key):
      guard let url = ProxySettings.openRouterBaseURL else {
        throw .configuration("OPENROUTER_API_KEY: OpenRouter's address is not a URL")
      }
      upstream = ProxyConfiguration.Upstream(baseURL: url, apiKey: key)
    case .custom(let url, let key):
      upstream = ProxyConfiguration.Upstream(baseURL: url, apiKey: key)
    }
    do {
      return try ProxyConfiguration(
        allowedModels: settings.allowedModels, modelAliases: limits.modelAliases,
        defaultModel: settings.defaultModel, maxTokens: limits.maxTokens,
        rateLimit: settings.rateLimit, freeMessageLimit: settings.freeAllowance.limit,
        freePeriod: settings.freeAllowance.period, personas: limits.personas,
        messageBounds: ProxyConfiguration.MessageBounds(
          maximumMessages: limits.maxMessages,
          maximumCharactersPerMessage: limits.maxMessageCharacters,
          maximumTotalCharacters: limits.maxTotalCharacters,
          maximumBodyBytes: limits.maxBodyBytes),
        memoryBounds: ProxyConfiguration.MemoryBounds(
          maximumCount: limits.maxMemories, maximumCharacters: limits.maxMemoryCharacters),
        upstream: upstream, keepAliveInterval: limits.keepAlive,
        retryBudget: limits.upstreamRetries)
    } catch {
      throw .configuration("\(error.key): \(error.reason)")
    }
  }

  /// The configured access-token judge: `JWT_SECRET` and `JWT_JWKS` together, each token by
  /// its own `alg` and `kid` (decision 17). The proxy wraps it in `AuthKeyringTrustingJudge`
  /// so the auth service's own ES256 keys are trusted too.
  static func tokenJudge(
    _ settings: ProxySettings, clock: AppClock, logger: AppLogger
  ) async throws(Failure) -> (judge: any AccessTokenJudging, warnings: [String]) {
    // Neither JWT_SECRET nor JWT_JWKS is fine: the proxy then trusts the auth service's
    // own ES256 keys only.
    var warnings: [String] = []
    let judge: JWKSFollowingVerifier
    do {
      judge = try JWKSFollowingVerifier(
        settings: settings.tokenSettings, location: settings.jwks,
        loader: JWKSLoader(client: URLSessionHTTPClient(baseURL: nil, clock: clock)),
        clock: clock, logger: logger)
    } catch {
      throw .configuration("JWT_SECRET, JWT_ISSUER or JWT_AUDIENCE: \(error)")
    }
    do {
      if let failure = try await judge.loadKeys() {
        warnings.append("JWT_JWKS could not be fetched yet (\(failure)); it is retried")
      }
    } catch {
      throw .configuration("JWT_JWKS: \(error)")
    }
    return (judge, warnings)
  }
}
