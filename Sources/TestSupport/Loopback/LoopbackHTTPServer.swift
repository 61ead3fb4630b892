import Foundation
import Networking
import Testing

/// Records `description` as a failure of the running test.
public let recordTestIssue: @Sendable (String) -> Void = { Issue.record(Comment(rawValue: $0)) }

/// A real HTTP/1.1 server on 127.0.0.1 with an ephemeral port, scripted by tests.
///
/// It listens as soon as it is created and stops on `stop()` (or when released). Each
/// connection is served on its own thread with keep-alive, `Content-Length` and chunked
/// bodies both ways, and `Expect: 100-continue`. Tests script responses per request, read
/// back what arrived, and wait for exchanges to end, without sleeping:
///
/// ```swift
/// let server = try LoopbackHTTPServer()
/// defer { server.stop() }
/// server.route(.get, "/v1/models", .json(#"{"data":[]}"#))
/// server.enqueue(.status(503), .json("{}"), path: "/v1/retry")
/// let client = URLSessionHTTPClient(baseURL: server.baseURL, clock: .live)
/// _ = try await client.send(HTTPRequest(path: "/v1/models"))
/// #expect(server.requests.first?.headers["Accept"] == "application/json")
/// ```
///
/// A request with no scripted response gets a 404. `stop()` reports it through
/// `reportIssue`, with every malformed request and every script that was never used (a
/// queued response still waiting, a route no request reached). By default reports are test failures (`Issue.record`);
/// benchmarks and executables pass a reporter of their own.
public final class LoopbackHTTPServer: Sendable {
  private let core: LoopbackServerCore

  /// Starts listening on 127.0.0.1 with a port the system picks.
  /// - Parameter reportIssue: called by `stop()` with a description of every unexpected or
  ///   malformed request and every unused script (by default a failure of the running test).
  /// - Throws: when the socket cannot be created or bound.
  public init(reportIssue: @escaping @Sendable (String) -> Void = recordTestIssue) throws {
    core = try LoopbackServerCore(reportIssue: reportIssue)
    core.startAccepting()
  }

  deinit {
    core.stop()
  }

  /// Runs `body` with a fresh server and stops the server afterwards, even when `body` throws.
  /// - Throws: what `body` throws, or a socket error from starting the server.
  public static func withServer<Result>(
    reportIssue: @escaping @Sendable (String) -> Void = recordTestIssue,
    _ body: (LoopbackHTTPServer) async throws -> Result
  ) async throws -> Result {
    let server = try LoopbackHTTPServer(reportIssue: reportIssue)
    defer { server.stop() }
    return try await body(server)
  }

  /// Stops listening, ends every connection (a stalled or gated response ends as
  /// `.serverStopped`), and waits until every server thread has finished and every socket is
  /// closed. Calling it again does nothing.
  public func stop() {
    core.stop()
  }

  /// Whether `stop()` has been called.
  public var isStopped: Bool { core.isStopped }

  /// The port the server listens on.
  public var port: Int { Int(core.port) }

  /// `http://127.0.0.1:<port>`.
  public var baseURL: URL {
    URL(string: "http://127.0.0.1:\(core.port)") ?? URL(fileURLWithPath: "/")
  }

  /// The absolute URL of `path` (which may include a query) on this server.
  public func url(_ path: String) -> URL {
    let suffix = path.hasPrefix("/") ? path : "/" + path
    return URL(string: "http://127.0.0.1:\(core.port)\(suffix)") ?? baseURL
  }
}

// MARK: - Scripting

extension LoopbackHTTPServer {
  /// Answers every request for `path` (and `method`, unless `nil`) with `response`. A later
  /// route for the same request replaces an earlier one.
  public func route(_ method: HTTPMethod?, _ path: String, _ response: LoopbackResponse) {
    route(method, path) { _ in response }
  }

  /// Answers every request for `path` (and `method`, unless `nil`) with what `handler`
  /// returns for it. The handler runs on the connection's thread.
  public func route(
    _ method: HTTPMethod?, _ path: String,
    handler: @escaping @Sendable (LoopbackRequest) -> LoopbackResponse
  ) {
    core.script.withLock {
      $0.routes.append(.init(method: method?.rawValue, path: path, handler: handler))
    }
  }

  /// Like `route`, for an endpoint of a fake that implements a whole API (a loopback GoTrue,
  /// say): a test may use any part of it, so an endpoint no request reached is not reported.
  public func serve(
    _ method: HTTPMethod?, _ path: String,
    handler: @escaping @Sendable (LoopbackRequest) -> LoopbackResponse
  ) {
    core.script.withLock {
      $0.routes.append(
        .init(method: method?.rawValue, path: path, handler: handler, used: true))
    }
  }

  /// Queues responses, each used for one request, in order. With a `path` they answer only
  /// requests for that path (and `method`) and take precedence over routes; without one
  /// they answer requests that no path-specific queue or route claims.
  public func enqueue(
    _ responses: LoopbackResponse..., method: HTTPMethod? = nil, path: String? = nil
  ) {
    enqueue(responses, method: method, path: path)
  }

  /// Queues responses; see `enqueue(_:method:path:)`.
  public func enqueue(
    _ responses: [LoopbackResponse], method: HTTPMethod? = nil, path: String? = nil
  ) {
    core.script.withLock { script in
      for response in responses {
        script.queued.append(.init(method: method?.rawValue, path: path, response: response))
      }
    }
  }

  /// How many queued responses have not been used yet.
  public var pendingResponseCount: Int { core.script.withLock { $0.queued.count } }
}

// MARK: - Records

extension LoopbackHTTPServer {
  /// Every request received so far, in order of arrival.
  public var requests: [LoopbackRequest] { core.records.read(\.requests) }

  /// Requests that had no scripted response (each was answered 404 and reported).
  public var unexpectedRequests: [LoopbackRequest] { core.records.read(\.unexpected) }

  /// Exchanges whose response has ended, in order of the requests.
  public var exchanges: [LoopbackExchange] {
    core.records.read { $0.exchanges.values.sorted { $0.request.index < $1.request.index } }
  }

  /// How many connections have been accepted since the start.
  public var connectionCount: Int { core.records.read(\.connectionsAccepted) }

  /// How many connections are open now.
  public var openConnectionCount: Int { core.records.read(\.openConnections) }

  /// Waits until at least `count` requests have arrived and returns them all.
  /// - Throws: `LoopbackTimeout` after `timeout`, or `CancellationError`.
  @discardableResult
  public func waitForRequests(
    _ count: Int, timeout: Duration = .seconds(10)
  ) async throws -> [LoopbackRequest] {
    try await core.records.wait(
      until: { $0.requests.count >= count }, timeout: timeout, what: "\(count) request(s)"
    ).requests
  }

  /// Waits until the response to request `index` (0 for the first) has ended.
  /// - Throws: `LoopbackTimeout` after `timeout`, or `CancellationError`.
  public func waitForExchange(
    _ index: Int, timeout: Duration = .seconds(10)
  ) async throws -> LoopbackExchange {
    let records = try await core.records.wait(
      until: { $0.exchanges[index] != nil }, timeout: timeout,
      what: "the response to request #\(index) to end")
    guard let exchange = records.exchanges[index] else {
      throw LoopbackTimeout(what: "exchange #\(index)", after: timeout)
    }
    return exchange
  }

  /// Waits until no connection is open (every client has closed or been closed).
  /// - Throws: `LoopbackTimeout` after `timeout`, or `CancellationError`.
  public func waitUntilNoOpenConnections(timeout: Duration = .seconds(10)) async throws {
    _ = try await core.records.wait(
      until: { $0.openConnections == 0 }, timeout: timeout, what: "every connection to close")
  }
}
