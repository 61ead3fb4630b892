import Foundation
import HTTPServer
import Testing

/// The access log and request metrics over real sockets: one JSON line per request with the
/// route pattern, never the path's values, the query, the body or `Authorization`.
@Suite struct ObservationMiddlewareTests {
  @Test func writesOneJSONLinePerRequestWithoutQueryBodyOrAuthorization() async throws {
    let metrics = HTTPServerMetrics()
    let sink = RecordingSink()
    let router = ObservationFixtures.router(metrics: metrics, sink: sink)
    try await ObservationFixtures.withServer(router: router, metrics: metrics) { _, port in
      let client = try SocketClient(port: port)
      try client.send(
        "POST /v1/items/user-secret-7?token=query-secret HTTP/1.1\r\nHost: a\r\n"
          + "Authorization: Bearer header-secret\r\nX-Request-ID: trace-1\r\n"
          + "Content-Length: 11\r\n\r\nbody-secret")
      let response = try client.readResponse()
      #expect(response.text == "trace-1|11")
      #expect(response.field("X-Request-ID") == "trace-1")
      try client.send("GET /missing/place HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
      #expect(try client.readResponse().status == 404)
    }
    let lines = sink.lines
    try #require(lines.count == 2)
    #expect(
      lines[0]
        == "{\"time\":\"2025-12-02T01:59:35.123Z\",\"request_id\":\"trace-1\",\"method\":\"POST\","
        + "\"route\":\"/v1/items/:id\",\"status\":200,\"latency_ms\":250.000,"
        + "\"duration_ms\":250.000,\"bytes\":10,\"completed\":true}")
    for line in lines {
      for secret in ["user-secret", "query-secret", "header-secret", "body-secret", "missing"] {
        #expect(!line.contains(secret))
      }
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect(object.count == 9)
    }
    #expect(lines[1].contains("\"route\":null,\"status\":404"))
    #expect(lines[1].contains("\"request_id\":\"00000000-0000-0000-0000-000000000001\""))
  }

  @Test func followsAStreamToItsEndAndCountsItsBytes() async throws {
    let metrics = HTTPServerMetrics()
    let sink = RecordingSink()
    let router = ObservationFixtures.router(metrics: metrics, sink: sink)
    try await ObservationFixtures.withServer(router: router, metrics: metrics) { _, port in
      let client = try SocketClient(port: port)
      try client.send("GET /events HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
      #expect(try client.readResponse().text == "data: 1\n\ndata: 22\n\n")
      #expect(try client.isClosedByServer())
    }
    let record = try #require(sink.records.first)
    #expect(record.route == "/events")
    #expect(record.bodyBytes == 19)
    #expect(record.completed)
    #expect(record.latency == .milliseconds(250))
    #expect(record.duration == .milliseconds(500))
  }

  @Test func recordsAStreamWhoseClientLeftAsIncomplete() async throws {
    let metrics = HTTPServerMetrics()
    let sink = RecordingSink()
    var router = HTTPRouter()
    router.use(ObservationMiddleware(clock: .live, observers: [sink]))
    router.add(.get, "/forever") { _, _ in
      HTTPServerResponse(
        stream: HTTPResponseStream { writer in
          try await writer.write(Array("x".utf8))
          while true { try await Task.sleep(for: .milliseconds(20)) }
        })
    }
    try await ObservationFixtures.withServer(router: router, metrics: metrics) { _, port in
      let client = try SocketClient(port: port)
      try client.send("GET /forever HTTP/1.1\r\nHost: a\r\n\r\n")
      _ = try client.readResponse(head: true)
      #expect(try client.readChunk() == Array("x".utf8))
      #expect(HTTPServerStreamingTests.eventually { metrics.streams == 1 })
      shutdown(client.descriptor, Int32(SHUT_RDWR))
      #expect(HTTPServerStreamingTests.eventually { !sink.records.isEmpty })
      #expect(HTTPServerStreamingTests.eventually { metrics.streams == 0 })
    }
    let record = try #require(sink.records.first)
    #expect(!record.completed)
    #expect(record.bodyBytes == 1)
  }

  /// The middleware wraps only a stream's producer: a head that waits for the body still
  /// waits behind it.
  @Test func aStreamsHeadStillWaitsForItsBodyBehindTheMiddleware() async throws {
    let (gate, open) = AsyncStream.makeStream(of: Void.self)
    var router = HTTPRouter()
    router.use(ObservationMiddleware(clock: .live, observers: [RecordingSink()]))
    router.add(.get, "/events") { _, _ in
      // A route that suspends, as the proxy's does: answered on a task, not inline (an
      // inline answer is flushed at once).
      await Task.yield()
      return HTTPServerResponse(
        stream: HTTPResponseStream(headWaitsForBody: true) { writer in
          for await _ in gate { break }
          try await writer.write(Array("x".utf8))
        })
    }
    try await ObservationFixtures.withServer(router: router, metrics: HTTPServerMetrics()) {
      _, port in
      let client = try SocketClient(port: port)
      try client.send("GET /events HTTP/1.1\r\nHost: a\r\n\r\n")
      #expect(!client.hasBytesWaiting(milliseconds: 300))
      open.yield()
      _ = try client.readResponse(head: true)
      #expect(try client.readChunk() == Array("x".utf8))
    }
  }

  @Test func countsRequestsByRouteAndStatusAndTheConnectionsAndBytes() async throws {
    let metrics = HTTPServerMetrics()
    let sink = RecordingSink()
    let router = ObservationFixtures.router(metrics: metrics, sink: sink)
    try await ObservationFixtures.withServer(router: router, metrics: metrics) { _, port in
      let client = try SocketClient(port: port)
      for _ in 0..<3 {
        try client.send("GET /health HTTP/1.1\r\nHost: a\r\n\r\n")
        _ = try client.readResponse()
      }
      try client.send("DELETE /health HTTP/1.1\r\nHost: a\r\n\r\n")
      #expect(try client.readResponse().status == 405)
      try client.send("BREW /health HTTP/1.1\r\nHost: a\r\n\r\n")
      #expect(try client.readResponse().status == 405)
      #expect(metrics.connections == 1)
      try client.send("GET /metrics HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
      let text = try client.readResponse().text
      #expect(
        text.contains("kiln_http_requests_total{method=\"GET\",route=\"/health\",status=\"200\"} 3")
      )
      #expect(
        text.contains(
          "kiln_http_requests_total{method=\"DELETE\",route=\"unmatched\",status=\"405\"} 1"))
      #expect(
        text.contains(
          "kiln_http_requests_total{method=\"OTHER\",route=\"unmatched\",status=\"405\"} 1"))
      #expect(text.contains("kiln_http_open_connections 1\n"))
      #expect(!text.contains("BREW"))
      #expect(try client.isClosedByServer())
    }
    #expect(metrics.requestCount(method: "GET", route: "/health", status: 200) == 3)
    #expect(metrics.connections == 0)
    #expect(metrics.bytesReceived > 150)
    #expect(metrics.bytesSent > 300)
  }
}
