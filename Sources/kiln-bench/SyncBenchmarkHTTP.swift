import Core
import Foundation
import Networking
import Synchronization

/// A benchmark device's HTTP client: the app's `URLSessionHTTPClient`, with every call
/// timed and counted, and its bodies kept while `keepsBodies` is on, for the replay that
/// measures what the same bytes cost without a store.
///
/// Each reply is read whole before the call returns (the sync transport reads it whole
/// anyway), so a call's time runs from the request to the reply's last byte.
final class SyncBenchmarkHTTP: HTTPClient {
  /// One call: its path, its sizes, its bodies when kept, when it started and how long it
  /// took.
  struct Call: Sendable {
    var path: String
    var sent: Int
    var received: Int
    var request: Data?
    var reply: Data?
    var started: ContinuousClock.Instant
    var duration: Duration
  }

  private struct State {
    var calls: [Call] = []
    var keepsBodies = false
  }

  private let client: any HTTPClient
  private let state = Mutex(State())

  /// A client as the app builds the sync transport's: no retry or auth interceptors.
  init() {
    client = URLSessionHTTPClient(
      baseURL: nil, interceptors: [HeadersInterceptor(appVersion: "kiln-bench")], clock: .live)
  }

  /// Whether the calls from now on keep their bodies.
  func keepBodies(_ keeps: Bool) {
    state.withLock { $0.keepsBodies = keeps }
  }

  /// The calls made since the last `takeCalls()`.
  func takeCalls() -> [Call] {
    state.withLock { state in
      defer { state.calls = [] }
      return state.calls
    }
  }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let started = ContinuousClock.now
    let response = try await client.send(request)
    record(request, reply: response.data, started: started)
    return response
  }

  func stream(_ request: HTTPRequest) async throws -> HTTPStreamResponse {
    let started = ContinuousClock.now
    let response = try await client.stream(request)
    let reply = try await response.body.collect()
    record(request, reply: reply, started: started)
    return HTTPStreamResponse(
      statusCode: response.statusCode, headers: response.headers, url: response.url,
      body: .bytes(reply))
  }

  private func record(_ request: HTTPRequest, reply: Data, started: ContinuousClock.Instant) {
    let duration = ContinuousClock.now - started
    let body = request.body ?? Data()
    state.withLock { state in
      state.calls.append(
        Call(
          path: request.pathForDisplay, sent: body.count, received: reply.count,
          request: state.keepsBodies ? body : nil, reply: state.keepsBodies ? reply : nil,
          started: started, duration: duration))
    }
  }
}

/// The signed-up user's access token, for every call (the benchmark ends long before it
/// expires).
struct SyncBenchmarkToken: TokenProvider {
  let token: String

  func currentToken() async throws -> String? { token }
}
