import Core
import HTTPServer

/// `kiln-server serve`'s routes and middleware.
enum ServeRoutes {
  /// What the routes need from the process: the clock, identifiers, the metrics and where
  /// the access log goes.
  struct Dependencies {
    var clock: AppClock
    var makeIdentifier: UUIDGenerator
    var metrics: HTTPServerMetrics
    var accessLog: (any AccessLogSink)?
    var metricsToken: String?
  }

  static func router(_ dependencies: Dependencies) -> HTTPRouter {
    var router = HTTPRouter()
    router.use(RequestIDMiddleware(makeIdentifier: dependencies.makeIdentifier))
    var observers: [any HTTPExchangeObserver] = [dependencies.metrics]
    if let sink = dependencies.accessLog { observers.append(AccessLog(sink: sink)) }
    router.use(ObservationMiddleware(clock: dependencies.clock, observers: observers))
    // Answered on the event loop: a fixed body needs no task.
    router.add(
      .get, "/health",
      synchronousHandler: { _, _ in
        HTTPServerResponse(
          status: .ok, fields: HTTPFields([("Content-Type", "application/json")]),
          body: Array("{\"status\":\"ok\"}\n".utf8))
      })
    let metrics = MetricsEndpoint(
      metrics: dependencies.metrics, bearerToken: dependencies.metricsToken)
    router.add(.get, "/metrics", bodyLimit: 0, synchronousHandler: metrics.synchronousHandler)
    return router
  }
}
