import Core
import Foundation
import Networking
import Storage
import Sync
import TestSupport
import Testing

@Suite struct SyncTransportTests {
  private func memoryItem(_ n: Int) -> SyncOutboxItem {
    SyncOutboxItem(
      table: .memories, id: Fixture.uuid(n), operation: .upsert,
      record: .memory(SyncSamples.memory(n)), deletedAt: nil,
      clocks: ["content": SyncSamples.clock()], throughEntry: Int64(n))
  }

  @Test func aPullPostsTheArgumentsWithTheKeyAndTheBearerToken() async throws {
    let harness = try SyncServerHarness()
    defer { harness.server.stop() }
    let reply = SyncSamples.pull([("memories", SyncSamples.memoryRow(3, seq: 4))], next: 4)
    harness.enqueuePull(.json(reply))
    let exchange = try await harness.transport().pull(since: 3, maxRows: 500)
    #expect(exchange.value.rows.map(\.id) == [Fixture.uuid(3)])
    let request = try #require(harness.server.requests.first)
    #expect(request.method == "POST")
    #expect(request.path == "/rest/v1/rpc/sync_pull")
    #expect(request.headers["apikey"] == SyncServerHarness.anonKey)
    #expect(request.headers["Authorization"] == "Bearer at-1")
    #expect(request.headers["Content-Type"] == "application/json")
    #expect(request.headers["Accept"] == "application/json")
    #expect(request.bodyText == #"{"since":3,"max_rows":500}"#)
    #expect(exchange.bytesSent == request.body.count)
    #expect(exchange.bytesReceived == reply.utf8.count)
  }

  @Test func aPushSendsTheChangesAndReadsTheResults() async throws {
    let harness = try SyncServerHarness()
    defer { harness.server.stop() }
    harness.enqueuePush(
      .json(
        SyncSamples.push([
          (id: SyncSamples.id(1), status: "applied", row: SyncSamples.memoryRow(1, seq: 7))
        ])))
    let exchange = try await harness.transport().push([memoryItem(1)], account: SyncSamples.account)
    #expect(exchange.value.map(\.status) == [.applied])
    let request = try #require(harness.requests(SyncServerHarness.pushPath).first)
    let changes = try SyncServerHarness.changes(request)
    #expect(changes.count == 1)
    #expect(changes.first?["table"] as? String == "memories")
    #expect(request.headers["Authorization"] == "Bearer at-1")
  }

  @Test func aPostgRESTRefusalBecomesATypedError() async throws {
    let harness = try SyncServerHarness()
    defer { harness.server.stop() }
    harness.enqueuePush(
      .json(
        #"{"code":"22023","message":"change out of bounds","details":"changes[0]: title","hint":null}"#,
        status: 400))
    await #expect(
      throws: SyncError.refused(
        PostgRESTError(
          status: 400, code: "22023", message: "change out of bounds",
          details: "changes[0]: title", hint: nil))
    ) { try await harness.transport().push([memoryItem(1)], account: SyncSamples.account) }
  }

  @Test func anErrorBodyOfAnotherShapeKeepsTheStatus() async throws {
    let harness = try SyncServerHarness()
    defer { harness.server.stop() }
    harness.enqueuePull(.text("<html>Bad gateway</html>", status: 502))
    await #expect(throws: SyncError.refused(PostgRESTError(status: 502, code: nil))) {
      try await harness.transport().pull(since: 0, maxRows: 500)
    }
  }

  @Test func a401AsksForAFreshTokenOnceAndRetries() async throws {
    let harness = try SyncServerHarness(tokens: ["expired", "fresh"])
    defer { harness.server.stop() }
    harness.enqueuePull(
      .json(
        #"{"code":"PGRST301","message":"JWT expired","details":null,"hint":null}"#, status: 401),
      .json(SyncSamples.pull([], next: 0)))
    let exchange = try await harness.transport().pull(since: 0, maxRows: 500)
    #expect(exchange.value.rows.isEmpty)
    #expect(
      harness.server.requests.map { $0.headers["Authorization"] } == [
        "Bearer expired", "Bearer fresh",
      ])
    #expect(harness.tokens.calls == 2)
  }

  @Test func a401AfterTheFreshTokenIsUnauthorized() async throws {
    let harness = try SyncServerHarness(tokens: ["expired", "fresh"])
    defer { harness.server.stop() }
    let refusal = #"{"code":"PGRST301","message":"JWT invalid","details":null,"hint":null}"#
    harness.enqueuePull(.json(refusal, status: 401), .json(refusal, status: 401))
    await #expect(
      throws: SyncError.unauthorized(
        PostgRESTError(status: 401, code: "PGRST301", message: "JWT invalid"))
    ) { try await harness.transport().pull(since: 0, maxRows: 500) }
    #expect(harness.server.requests.count == 2)
  }

  @Test func theSameTokenAgainIsNotRetried() async throws {
    let harness = try SyncServerHarness(tokens: ["at-1"])
    defer { harness.server.stop() }
    harness.enqueuePull(.json(#"{"code":"42501","message":"denied"}"#, status: 401))
    await #expect(
      throws: SyncError.unauthorized(PostgRESTError(status: 401, code: "42501", message: "denied"))
    ) { try await harness.transport().pull(since: 0, maxRows: 500) }
    #expect(harness.server.requests.count == 1)
  }

  @Test func withoutATokenNothingIsSent() async throws {
    let harness = try SyncServerHarness(tokens: [nil])
    defer { harness.server.stop() }
    await #expect(throws: SyncError.notSignedIn) {
      try await harness.transport().pull(since: 0, maxRows: 500)
    }
    let failing = SyncTransport(
      configuration: SyncTransportConfiguration(
        supabaseURL: harness.server.baseURL, anonKey: SyncServerHarness.anonKey),
      httpClient: harness.http, tokens: FailingTokens())
    await #expect(throws: SyncError.tokenUnavailable("SessionEnded")) {
      try await failing.pull(since: 0, maxRows: 500)
    }
    #expect(harness.server.requests.isEmpty)
  }

  @Test func aReplyOverTheLimitIsRefusedWhileReading() async throws {
    let harness = try SyncServerHarness()
    defer { harness.server.stop() }
    let reply = SyncSamples.pull([("memories", SyncSamples.memoryRow(3, seq: 4))], next: 4)
    harness.enqueuePull(
      .chunked([.text(String(reply.prefix(40))), .text(String(reply.dropFirst(40)))]),
      .json(reply))
    let transport = harness.transport(codec: SyncCodec(maximumReplyBytes: 64))
    await #expect(throws: SyncError.invalidReply(.tooLarge(limit: 64))) {
      try await transport.pull(since: 0, maxRows: 500)
    }
    await #expect(throws: SyncError.invalidReply(.tooLarge(limit: 64))) {
      try await transport.pull(since: 0, maxRows: 500)
    }
  }

  @Test func aSilentServerTimesOutAsConfigured() async throws {
    let harness = try SyncServerHarness()
    defer { harness.server.stop() }
    harness.enqueuePull(.stall())
    let transport = harness.transport(timeouts: HTTPTimeouts(connect: 0.3, idle: 0.3, total: 1))
    do {
      _ = try await transport.pull(since: 0, maxRows: 500)
      Issue.record("expected a timeout")
    } catch {
      guard case .transport(let code, _) = error else {
        Issue.record("expected a transport error, got \(error)")
        return
      }
      #expect(code == URLErrorCode.timedOut)
    }
  }

  @Test func aDroppedConnectionIsATransportError() async throws {
    let harness = try SyncServerHarness()
    defer { harness.server.stop() }
    harness.enqueuePush(.dropConnection())
    do {
      _ = try await harness.transport().push([memoryItem(1)], account: SyncSamples.account)
      Issue.record("expected a transport error")
    } catch {
      guard case .transport = error else {
        Issue.record("expected a transport error, got \(error)")
        return
      }
    }
  }
}
