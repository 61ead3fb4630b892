import Foundation
import Glibc
import HTTPServer
import Testing

/// `/metrics` exposure (decision 25): loopback peers only, unless a bearer token is set,
/// which every peer must then present.
@Suite struct MetricsEndpointTests {
  private func request(
    from host: String?, authorization: [String] = []
  ) -> HTTPServerRequest {
    HTTPServerRequest(
      head: HTTPRequestHead(
        method: .get, target: "/metrics", version: .http11,
        fields: HTTPFields([("Host", "a")] + authorization.map { ("Authorization", $0) })),
      remoteAddress: host.map { HTTPRemoteAddress(host: $0, port: 40_000) })
  }

  @Test(arguments: [
    ("127.0.0.1", 200), ("127.255.0.9", 200), ("::1", 200), ("::ffff:127.0.0.1", 200),
    ("10.0.0.1", 403), ("::ffff:10.0.0.1", 403), ("2001:db8::1", 403), ("128.0.0.1", 403),
  ])
  func answersOnlyLoopbackPeersWithoutAToken(_ host: String, _ status: Int) {
    let endpoint = MetricsEndpoint(metrics: HTTPServerMetrics(), bearerToken: nil)
    #expect(endpoint.respond(to: request(from: host)).status.code == status)
  }

  @Test func refusesARequestThatDidNotComeFromASocket() {
    let endpoint = MetricsEndpoint(metrics: HTTPServerMetrics(), bearerToken: nil)
    #expect(endpoint.respond(to: request(from: nil)).status.code == 403)
  }

  @Test(
    arguments: [
      ([], 401), (["Bearer wrong"], 401), (["Bearer s3cret-token-x"], 401),
      (["Basic s3cret-token"], 401), (["Bearer s3cret-token", "Bearer s3cret-token"], 401),
      (["Bearer s3cret-token"], 200), (["  bearer   s3cret-token\t"], 200),
    ] as [([String], Int)])
  func requiresTheTokenFromEveryPeerWhenOneIsSet(_ authorization: [String], _ status: Int) {
    let endpoint = MetricsEndpoint(metrics: HTTPServerMetrics(), bearerToken: "s3cret-token")
    for host in ["127.0.0.1", "10.0.0.1"] {
      let response = endpoint.respond(to: request(from: host, authorization: authorization))
      #expect(response.status.code == status)
      if status == 401 { #expect(response.fields["WWW-Authenticate"] == "Bearer") }
    }
  }

  @Test func servesPrometheusTextToALoopbackClientOverASocket() async throws {
    let metrics = HTTPServerMetrics()
    let router = ObservationFixtures.router(metrics: metrics, sink: RecordingSink())
    try await ObservationFixtures.withServer(router: router, metrics: metrics) { _, port in
      let client = try SocketClient(port: port)
      try client.send("GET /metrics HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
      let response = try client.readResponse()
      #expect(response.status == 200)
      #expect(response.field("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
      #expect(
        response.text.contains("# TYPE kiln_http_open_streams gauge\nkiln_http_open_streams 0\n"))
    }
  }
}
