import HTTPServer
import Testing

/// `ClientAddressMiddleware` over a real loopback socket: the client every handler and
/// `/metrics` see is the peer unless the peer is a trusted proxy (decision 25).
@Suite struct ClientAddressMiddlewareTests {
  static func router(trusting blocks: [String]) -> HTTPRouter {
    var router = HTTPRouter()
    router.use(
      ClientAddressMiddleware(
        trustedProxies: TrustedProxies(ranges: blocks.compactMap { IPAddressRange($0) })))
    router.add(.get, "/client") { request, _ in
      .text(request.clientAddress?.description ?? "none")
    }
    router.add(
      .get, "/client-now",
      synchronousHandler: { request, _ in
        .text(request.clientAddress?.description ?? "none")
      })
    let metrics = MetricsEndpoint(metrics: HTTPServerMetrics(), bearerToken: nil)
    router.add(.get, "/metrics", synchronousHandler: metrics.synchronousHandler)
    return router
  }

  /// Sends `GET path` with these `X-Forwarded-For` fields and hands `check` the answer.
  static func exchange(
    trusting blocks: [String], _ path: String, forwardedFor: [String],
    _ check: @Sendable (SocketClient.Response) -> Void
  ) async throws {
    try await ObservationFixtures.withServer(
      router: router(trusting: blocks), metrics: HTTPServerMetrics()
    ) { _, port in
      let client = try SocketClient(port: port)
      let fields = forwardedFor.map { "X-Forwarded-For: \($0)\r\n" }.joined()
      try client.send("GET \(path) HTTP/1.1\r\nHost: a\r\n\(fields)\r\n")
      check(try client.readResponse())
    }
  }

  @Test(arguments: ["/client", "/client-now"])
  func aTrustedPeersForwardedClientIsTheClient(path: String) async throws {
    try await Self.exchange(
      trusting: ["127.0.0.1/32"], path, forwardedFor: ["6.6.6.6, 198.51.100.7"]
    ) { #expect($0.text == "198.51.100.7") }
  }

  @Test func anUntrustedPeerIsTheClientEvenWhenItForwards() async throws {
    try await Self.exchange(
      trusting: ["10.0.0.0/8"], "/client", forwardedFor: ["198.51.100.7"]
    ) { #expect($0.text == "127.0.0.1") }
  }

  @Test func metricsRefuseARemoteClientForwardedByALoopbackProxy() async throws {
    try await Self.exchange(
      trusting: ["127.0.0.1/32"], "/metrics", forwardedFor: ["198.51.100.7"]
    ) { #expect($0.status == 403) }
    try await Self.exchange(trusting: ["127.0.0.1/32"], "/metrics", forwardedFor: []) {
      #expect($0.status == 200)
    }
  }
}
