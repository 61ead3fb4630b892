import Core
import Foundation
import Networking
import Storage
import Sync
import Synchronization
import TestSupport
import Testing

/// A scripted loopback server in front of the real HTTP client and the real transport.
/// The server fails the test when a scripted reply is left unused or an unexpected
/// request arrives (on `stop()`).
struct SyncServerHarness {
  static let anonKey = "anon-key-sync-4Fq9"
  static let pushPath = "/rest/v1/rpc/sync_push"
  static let pullPath = "/rest/v1/rpc/sync_pull"

  let server: LoopbackHTTPServer
  let tokens: ScriptedTokens
  let http: URLSessionHTTPClient

  init(tokens: [String?] = ["at-1"]) throws {
    server = try LoopbackHTTPServer()
    self.tokens = ScriptedTokens(tokens)
    http = URLSessionHTTPClient(baseURL: nil, clock: .live)
  }

  func transport(
    codec: SyncCodec = SyncCodec(),
    timeouts: HTTPTimeouts = HTTPTimeouts(connect: 10, idle: 10, total: 20)
  ) -> SyncTransport {
    SyncTransport(
      configuration: SyncTransportConfiguration(
        supabaseURL: server.baseURL, anonKey: Self.anonKey, timeouts: timeouts, codec: codec),
      httpClient: http, tokens: tokens)
  }

  func enqueuePush(_ responses: LoopbackResponse...) {
    server.enqueue(responses, method: .post, path: Self.pushPath)
  }

  func enqueuePull(_ responses: LoopbackResponse...) {
    server.enqueue(responses, method: .post, path: Self.pullPath)
  }

  /// Requests that reached `path`.
  func requests(_ path: String) -> [LoopbackRequest] {
    server.requests.filter { $0.path == path }
  }

  /// The JSON body of `request`.
  static func body(_ request: LoopbackRequest) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: request.body)
    return try #require(object as? [String: Any])
  }

  /// The `changes` of a push request.
  static func changes(_ request: LoopbackRequest) throws -> [[String: Any]] {
    try #require(try body(request)["changes"] as? [[String: Any]])
  }
}

/// Tokens handed out in order; the last one repeats. Counts the calls.
final class ScriptedTokens: TokenProvider {
  private let state: Mutex<(tokens: [String?], calls: Int)>

  init(_ tokens: [String?]) {
    state = Mutex((tokens, 0))
  }

  var calls: Int { state.withLock { $0.calls } }

  func currentToken() async throws -> String? {
    state.withLock { state in
      state.calls += 1
      return state.tokens.count > 1 ? state.tokens.removeFirst() : state.tokens.first ?? nil
    }
  }
}

/// A token provider that fails, as a session that ended does.
struct FailingTokens: TokenProvider {
  struct SessionEnded: Error {}

  func currentToken() async throws -> String? { throw SessionEnded() }
}
