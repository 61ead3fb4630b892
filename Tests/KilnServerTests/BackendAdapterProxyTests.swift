import Backend
import Core
import Foundation
import HTTPServer
import JOSE
import Networking
import TestSupport
import Testing

@testable import kiln_server

/// The proxy behind the real HTTP server through the adapter: a client that hangs up
/// mid-reply stops the upstream transfer (the scripted upstream sees its connection close).
@Suite struct BackendAdapterProxyTests {
  static let secret = "adapter-tests-secret-of-at-least-32-bytes"

  @Test func aClientThatHangsUpMidReplyStopsTheUpstreamTransfer() async throws {
    let upstream = try LoopbackHTTPServer()
    defer { upstream.stop() }
    let chunk =
      #"data: {"id":"gen-9","choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":null}]}"#
      + "\n\n"
    upstream.enqueue(
      .eventStream([.text(chunk), .stall]), method: .post, path: "/v1/chat/completions")
    let clock = AppClock.fixed(Date(timeIntervalSince1970: 1_800_000_000))
    let store = LedgerSignallingStore()
    let service = ProxyService(
      configuration: try ProxyConfiguration(
        upstream: .init(baseURL: upstream.url("/v1"), apiKey: "sk-upstream-adapter-key")),
      tokens: try JWTVerifier(hmacSecret: Self.secret, clock: clock),
      entitlements: GrantsOnlyEntitlements(store: store),
      store: store, upstream: URLSessionHTTPClient(baseURL: nil, clock: clock), clock: clock,
      sleep: { _ in try await Task.sleep(for: .seconds(3600)) }, makeIdentifier: .incrementing(),
      metrics: ProxyMetrics())
    var router = HTTPRouter()
    router.add(.post, "/functions/v1/ai", handler: BackendAdapter.handler(service.handleAI))
    let server = HTTPServer(router: router)
    let port = try server.start()
    let token = try JWTSigner(hmacSecret: Self.secret).sign(claims: [
      "sub": .string("user-9"), "role": .string("authenticated"),
      "aud": .string("authenticated"), "exp": .number(1_800_003_600),
    ])
    let client = URLSessionHTTPClient(baseURL: nil, clock: clock)
    let url = try #require(URL(string: "http://127.0.0.1:\(port)/functions/v1/ai"))
    let request = HTTPRequest(
      url: url, method: .post,
      body: Data(#"{"messages":[{"role":"user","content":"Hello"}],"stream":true}"#.utf8)
    ).withHeader("Authorization", "Bearer " + token)
    let response = try await client.stream(request)
    #expect(response.statusCode == 200)
    #expect(response.headers["X-Free-Messages-Remaining"] == "9")
    var iterator = response.body.makeAsyncIterator()
    let first = try #require(try await iterator.next())
    #expect(String(decoding: first, as: UTF8.self).hasPrefix("data: {\"id\":\"gen-9\""))
    response.body.cancel()
    let exchange = try await upstream.waitForExchange(0)
    #expect(exchange.outcome == .clientClosed)
    var recorded = store.recorded.makeAsyncIterator()
    #expect(await recorded.next()?.status == "cancelled")
    await server.shutdown(deadline: .milliseconds(100))
  }
}

/// The in-memory store, announcing each ledger line as it is written, so the test waits for
/// the proxy's bookkeeping instead of for time.
private struct LedgerSignallingStore: ServerStore {
  let base = InMemoryServerStore()
  let recorded: AsyncStream<UsageRecord>
  private let announce: AsyncStream<UsageRecord>.Continuation

  init() {
    (recorded, announce) = AsyncStream<UsageRecord>.makeStream()
  }

  func recordUsage(_ record: UsageRecord) async throws(ServerStoreError) {
    try await base.recordUsage(record)
    announce.yield(record)
  }

  func admit(_ request: AdmissionRequest) async throws(ServerStoreError) -> AdmissionDecision {
    try await base.admit(request)
  }
  func checkReachable() async throws(ServerStoreError) { try await base.checkReachable() }
  func isAccountClosed(_ userID: String) async throws(ServerStoreError) -> Bool {
    try await base.isAccountClosed(userID)
  }
  func entitlement(for userID: String) async throws(ServerStoreError) -> EntitlementRecord? {
    try await base.entitlement(for: userID)
  }
  func saveEntitlement(_ record: EntitlementRecord) async throws(ServerStoreError) {
    try await base.saveEntitlement(record)
  }
  func grant(userID: String, until: Date, now: Date) async throws(ServerStoreError) {
    try await base.grant(userID: userID, until: until, now: now)
  }
  func revokeGrant(userID: String) async throws(ServerStoreError) -> Bool {
    try await base.revokeGrant(userID: userID)
  }
  func grantExpiry(for userID: String) async throws(ServerStoreError) -> Date? {
    try await base.grantExpiry(for: userID)
  }
  func recordWebhookEvent(
    id eventID: String, receivedAt: Date
  ) async throws(ServerStoreError)
    -> Bool
  {
    try await base.recordWebhookEvent(id: eventID, receivedAt: receivedAt)
  }
  func refundFreeMessage(
    userID: String, bucket: String, recording record: UsageRecord
  ) async throws(ServerStoreError) -> Bool {
    let refunded = try await base.refundFreeMessage(
      userID: userID, bucket: bucket, recording: record)
    announce.yield(record)
    return refunded
  }
  func usage(for userID: String) async throws(ServerStoreError) -> [UsageRecord] {
    try await base.usage(for: userID)
  }
  func eraseUser(_ userID: String) async throws(ServerStoreError) {
    try await base.eraseUser(userID)
  }
}
