import Core
import Foundation
import Networking
import Sync
import TestSupport
import Testing

@testable import AppComposition

/// The HTTP client the app's sync calls go through keeps its connection between calls: a
/// round is many calls to one server, and each new connection to a hosted project would
/// cost a TLS handshake.
@Suite struct SyncServicesBuilderTests {
  struct FixedToken: TokenProvider {
    func currentToken() async throws -> String? { "access-token-1" }
  }

  @Test func syncCallsReuseOneConnection() async throws {
    let server = try LoopbackHTTPServer()
    defer { server.stop() }
    server.route(
      .post, "/rest/v1/rpc/sync_pull",
      .json(#"{"changes":[],"next":0,"has_more":false}"#))
    let transport = SyncTransport(
      configuration: SyncTransportConfiguration(supabaseURL: server.baseURL, anonKey: "anon"),
      httpClient: SyncServicesBuilder.httpClient(clock: .live, logger: .disabled),
      tokens: FixedToken())
    for _ in 0..<4 {
      let page = try await transport.pull(since: 0, maxRows: 500)
      #expect(page.value.rows.isEmpty)
    }
    #expect(server.requests.count == 4)
    #expect(server.connectionCount == 1)
    #expect(server.requests.allSatisfy { $0.headers["apikey"] == "anon" })
  }
}
