import Backend
import Core
import HTTPServer
import JOSE

/// `kiln-server serve`'s routes and middleware.
enum ServeRoutes {
  /// What the routes need from the process: the clock, identifiers, the metrics, where
  /// the access log goes, and the services (the proxy and the store).
  struct Dependencies {
    var clock: AppClock
    var makeIdentifier: UUIDGenerator
    var metrics: HTTPServerMetrics
    var accessLog: (any AccessLogSink)?
    var metricsToken: String?
    var services: ServeServices?
    /// Trusted proxies and CORS (decision 25).
    var edge = EdgeSettings()
  }

  static func router(_ dependencies: Dependencies) -> HTTPRouter {
    var router = HTTPRouter()
    // First, so everything after sees one client; without trusted proxies the client is the
    // socket peer, which `HTTPServerRequest.clientAddress` already is.
    if !dependencies.edge.trustedProxies.ranges.isEmpty {
      router.use(ClientAddressMiddleware(trustedProxies: dependencies.edge.trustedProxies))
    }
    router.use(RequestIDMiddleware(makeIdentifier: dependencies.makeIdentifier))
    var observers: [any HTTPExchangeObserver] = [dependencies.metrics]
    if let sink = dependencies.accessLog { observers.append(AccessLog(sink: sink)) }
    router.use(ObservationMiddleware(clock: dependencies.clock, observers: observers))
    // Inside the observation, so preflights are counted and logged like other requests.
    if let cors = dependencies.edge.cors { router.use(CORSMiddleware(policy: cors)) }
    // Answered on the event loop: a fixed body needs no task. Built once: every answer
    // shares its arrays instead of allocating three of its own.
    let health = HTTPServerResponse(
      status: .ok, fields: HTTPFields([("Content-Type", "application/json")]),
      body: Array("{\"status\":\"ok\"}\n".utf8))
    router.add(.get, "/health", synchronousHandler: { _, _ in health })
    var extraText: (@Sendable () -> String)?
    if let proxyMetrics = dependencies.services?.proxyMetrics {
      extraText = { proxyMetrics.prometheusText() }
    }
    let metrics = MetricsEndpoint(
      metrics: dependencies.metrics, bearerToken: dependencies.metricsToken,
      extraText: extraText)
    router.add(.get, "/metrics", bodyLimit: 0, synchronousHandler: metrics.synchronousHandler)
    if let services = dependencies.services { addServiceRoutes(services, to: &router) }
    return router
  }

  /// The proxy (decision 16's paths), the RevenueCat webhook, the auth and sync routes and
  /// `/ready`.
  private static func addServiceRoutes(_ services: ServeServices, to router: inout HTTPRouter) {
    let proxy = services.proxy
    let limit = services.proxyRouteBodyLimit
    // On the event loop (decision 206): between its waits for the store and the upstream, a
    // proxy request only parses a body bounded by `limit` and checks a token.
    router.add(
      .post, "/functions/v1/ai", bodyLimit: limit, onEventLoop: true,
      handler: BackendAdapter.handler { await proxy.handleAI($0) })
    router.add(
      .post, "/v1/chat/completions", bodyLimit: limit, onEventLoop: true,
      handler: BackendAdapter.handler { await proxy.handleChatCompletions($0) })
    router.add(
      .get, "/v1/models", bodyLimit: 0, onEventLoop: true,
      handler: BackendAdapter.handler { await proxy.handleModels($0) })
    if let webhook = services.webhook {
      router.add(
        .post, "/webhooks/revenuecat", bodyLimit: RevenueCatWebhook.maximumBodyBytes,
        handler: BackendAdapter.handler { await webhook.handle($0) })
    }
    addAuthRoutes(services.auth, to: &router)
    addSyncRoutes(services.sync, bodyLimit: services.syncRouteBodyLimit, to: &router)
    let store = services.store
    let kind = services.storeKind
    let upstream = services.upstreamName
    router.add(.get, "/ready", bodyLimit: 0) { _, _ in
      await ready(store: store, kind: kind, upstream: upstream)
    }
  }

  /// Every GoTrue route `AuthService` answers, under `/auth/v1`, and the seed's
  /// `POST /functions/v1/delete-account`; other methods on these paths get the router's 405.
  private static func addAuthRoutes(_ auth: AuthService, to router: inout HTTPRouter) {
    let handler = BackendAdapter.handler { await auth.handle($0) }
    let prefix = AuthService.authPrefix
    let routes: [(HTTPRequestMethod, String)] = [
      (.post, "/signup"), (.post, "/token"), (.post, "/logout"), (.get, "/user"),
      (.put, "/user"), (.get, "/settings"), (.get, "/.well-known/jwks.json"),
      (.post, "/recover"), (.post, "/verify"), (.get, "/verify"), (.get, "/admin/users"),
      (.get, "/admin/users/:id"), (.delete, "/admin/users/:id"),
    ]
    for (method, path) in routes {
      router.add(method, prefix + path, bodyLimit: authBodyLimit, handler: handler)
    }
    router.add(
      .post, AuthService.deleteAccountPath, bodyLimit: authBodyLimit, handler: handler)
  }

  /// `/rest/v1/rpc/:function` for every method a client may send, so the sync routes answer
  /// unknown functions (404) and other methods (405) in PostgREST's shape themselves. POST
  /// gets `bodyLimit`, above the routes' own, so an oversized body gets their 413 JSON;
  /// the others carry no arguments in a body.
  private static func addSyncRoutes(
    _ sync: SyncRoutes, bodyLimit: Int, to router: inout HTTPRouter
  ) {
    let handler = BackendAdapter.handler { await sync.handle($0) }
    router.add(.post, SyncRoutes.pattern, bodyLimit: bodyLimit, handler: handler)
    for method in [HTTPRequestMethod.get, .put, .patch, .delete] {
      router.add(method, SyncRoutes.pattern, bodyLimit: authBodyLimit, handler: handler)
    }
  }

  /// The body limit of the auth routes: their JSON is small (credentials, metadata).
  static let authBodyLimit = 64 * 1024

  /// `GET /ready`: 200 when the store answers, 503 when it does not (a load balancer then
  /// sends requests elsewhere); the body names the store and the upstream (decision 30).
  static func ready(
    store: any ServerStore, kind: String, upstream: String
  ) async
    -> HTTPServerResponse
  {
    let reachable: Bool
    do {
      try await store.checkReachable()
      reachable = true
    } catch {
      reachable = false
    }
    let body =
      "{\"status\":\"\(reachable ? "ready" : "unavailable")\",\"store\":\"\(kind)\","
      + "\"upstream\":\(JSONText.quoted(upstream))}\n"
    var response = HTTPServerResponse(
      status: HTTPStatus(code: reachable ? 200 : 503),
      fields: HTTPFields([("Content-Type", "application/json")]), body: Array(body.utf8))
    if !reachable { response.fields.append(name: "Retry-After", value: "5") }
    return response
  }
}
