import Core
import Foundation
import HTTPServer
import Synchronization

/// Collects access-log lines and exchange records for the middleware tests.
final class RecordingSink: AccessLogSink, HTTPExchangeObserver {
  private let state = Mutex<(lines: [String], records: [HTTPExchangeRecord])>(([], []))

  var lines: [String] { state.withLock { $0.lines } }
  var records: [HTTPExchangeRecord] { state.withLock { $0.records } }

  func writeLine(_ line: String) { state.withLock { $0.lines.append(line) } }
  func exchangeFinished(_ record: HTTPExchangeRecord) {
    state.withLock { $0.records.append(record) }
  }
}

enum ObservationFixtures {
  static let start = Date(timeIntervalSince1970: 1_764_640_775.123)

  /// Identifiers 00000000-0000-0000-0000-000000000001, …02, … in order.
  static func sequentialIdentifiers() -> UUIDGenerator {
    let counter = Mutex(0)
    return UUIDGenerator {
      let next = counter.withLock { value -> Int in
        value += 1
        return value
      }
      let suffix = String(next, radix: 16)
      let text =
        "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - suffix.count) + suffix
      return UUID(uuidString: text) ?? UUID()
    }
  }

  /// A router with request ids and observation in front of a few routes.
  static func router(
    metrics: HTTPServerMetrics, sink: RecordingSink,
    clock: AppClock = .incrementing(
      from: start, by: 0.25)
  ) -> HTTPRouter {
    var router = HTTPRouter()
    router.use(RequestIDMiddleware(makeIdentifier: sequentialIdentifiers()))
    router.use(
      ObservationMiddleware(clock: clock, observers: [metrics, AccessLog(sink: sink), sink]))
    router.add(.get, "/health") { _, _ in .text("ok\n") }
    router.add(.post, "/v1/items/:id") { request, _ in
      .text("\(request.requestID ?? "none")|\(request.body.count)")
    }
    router.add(.post, "/small", bodyLimit: 4) { request, _ in .text("\(request.body.count)") }
    router.add(.get, "/events") { _, _ in
      HTTPServerResponse(
        fields: HTTPFields([("Content-Type", "text/event-stream")]),
        stream: HTTPResponseStream { writer in
          try await writer.write(Array("data: 1\n\n".utf8))
          try await writer.write(Array("data: 22\n\n".utf8))
        })
    }
    router.add(
      .get, "/metrics", handler: MetricsEndpoint(metrics: metrics, bearerToken: nil).handler)
    return router
  }

  /// Runs `body` against a started server for `router`, then shuts it down.
  static func withServer(
    router: HTTPRouter, metrics: HTTPServerMetrics, host: String = "127.0.0.1",
    configuration: HTTPServerConfiguration = HTTPServerConfiguration(eventLoopCount: 2),
    _ body: @Sendable (HTTPServer, Int) throws -> Void
  ) async throws {
    let server = HTTPServer(
      host: host, configuration: configuration, metrics: metrics, router: router)
    let port = try server.start()
    do {
      try await HTTPServerTests.offThePool { try body(server, port) }
    } catch {
      await server.shutdown(deadline: .milliseconds(100))
      throw error
    }
    await server.shutdown(deadline: .milliseconds(100))
  }
}
