import Backend
import Foundation
import JOSE
import Synchronization
import Testing

@testable import kiln_server

/// The sync routes on SQLite, `SYNC_MAX_BODY_BYTES`, and the erasure delete-account runs
/// before an account goes.
@Suite struct KilnServerSyncSettingsTests {
  typealias Server = KilnServerAccountsTests.Server
  typealias Sync = KilnServerSyncTests

  @Test func onSQLiteTheSyncRoutesAnswerInPostgRESTsShape() async throws {
    let server = try await Server()
    defer { server.run.process.terminate() }
    let pull = #"{"since":0,"max_rows":100}"#
    let anonymous = try await server.send("POST", "/rest/v1/rpc/sync_pull", json: pull)
    #expect(anonymous.status == 401)
    #expect(anonymous["code"] == "42501")
    #expect(anonymous.json.keys.sorted() == ["code", "details", "hint", "message"])
    let token = try await Sync.signUp(server, "sqlite").token
    let unknown = try await server.send(
      "POST", "/rest/v1/rpc/sync_everything", json: pull, bearer: token)
    #expect(unknown.status == 404)
    #expect(unknown["code"] == "PGRST202")
    let noKey = try await server.send(
      "POST", "/rest/v1/rpc/sync_pull", json: pull, bearer: token, apikey: false)
    #expect(noKey.status == 401)
    #expect(noKey["code"] == "no_api_key")
    let put = try await server.send("PUT", "/rest/v1/rpc/sync_pull", json: pull, bearer: token)
    #expect(put.status == 405)
    #expect(put["code"] == "PGRST101")
  }

  @Test func aBodyOverSyncMaxBodyBytesGetsPostgRESTs413() async throws {
    let server = try await Server(["SYNC_MAX_BODY_BYTES": "1024"])
    defer { server.run.process.terminate() }
    let token = try await Sync.signUp(server, "large").token
    let padding = String(repeating: "x", count: 1_100)
    let answer = try await server.send(
      "POST", "/rest/v1/rpc/sync_push", json: #"{"changes":["\#(padding)"]}"#, bearer: token)
    #expect(answer.status == 413)
    #expect(answer["code"] == "54000")
    #expect(answer.headers["content-type"] == "application/json; charset=utf-8")
  }

  @Test func configListsSyncMaxBodyBytesWithItsDefault() async throws {
    let run = try await KilnServerRun.run(["config"])
    #expect(run.status == 0)
    let lines = run.output.split(separator: "\n").map { String($0.replacing(#/ +/#, with: " ")) }
    #expect(lines.contains("SYNC_MAX_BODY_BYTES = 33554432 (default)"))
    let help = try await KilnServerRun.run(["--help"])
    #expect(help.output.contains("SYNC_MAX_BODY_BYTES"))
  }

  @Test(arguments: ["0", "1023", "lots", "32MiB", "1073741824"])
  func aBadSyncMaxBodyBytesStopsTheStartWithExit2(value: String) async throws {
    let directory = try KilnServerConfigurationTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let run = try await KilnServerRun.run(
      ["serve", "--port", "0", "--data-dir", directory],
      environment: ["SYNC_MAX_BODY_BYTES": value, "ACCESS_LOG": "off"])
    #expect(run.status == 2, "\(run.output)\(run.error)")
    #expect(run.error.contains("SYNC_MAX_BODY_BYTES"), "\(run.error)")
  }

  @Test func erasingAnAccountDeletesItsSyncedRowsThenTheProxysData() async throws {
    let user = "aaaaaaaa-0000-4000-8000-000000000001"
    let proxy = InMemoryServerStore()
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    try await proxy.grant(userID: user, until: now.addingTimeInterval(86_400), now: now)
    let sync = DeletionRecordingSyncStore(fails: false)
    try await ServeServices.eraseAccountData(user, sync: sync, proxy: proxy)
    #expect(sync.deleted == [UUID(uuidString: user)])
    #expect(try await proxy.grantExpiry(for: user) == nil)
  }

  @Test func erasingAnAccountWaitsForTheProxysLateLedgerLines() async throws {
    let user = "aaaaaaaa-0000-4000-8000-000000000001"
    let proxy = InMemoryServerStore()
    let sync = DeletionRecordingSyncStore(fails: false)
    let writes = LateLedgerWrites()
    let (opened, open) = AsyncStream<Void>.makeStream()
    let line = UsageRecord(
      requestID: "req-late", userID: user, model: "openai/gpt-4o-mini", promptTokens: 1,
      completionTokens: 2, status: "completed",
      startedAt: Date(timeIntervalSince1970: 1_800_000_000), durationMilliseconds: 5,
      upstreamGenerationID: nil)
    // A whole answer's line, still being written when the account is deleted.
    #expect(
      writes.start {
        for await _ in opened { break }
        try? await proxy.recordUsage(line)
      })
    let erasing = Task {
      try await ServeServices.eraseAccountData(
        user, sync: sync, proxy: proxy, lateLedgerWrites: writes)
    }
    // Once the synced rows are gone the erasure would anonymise the ledger next; the line
    // lands only now, and must still be anonymised with the rest.
    for _ in 0..<1_000 where sync.deleted.isEmpty { try await Task.sleep(for: .milliseconds(1)) }
    open.yield()
    try await erasing.value
    await writes.wait()
    #expect(try await proxy.usage(for: user).isEmpty)
  }

  @Test func aSyncStoreThatCannotDeleteRefusesTheErasureAndKeepsTheProxysData() async throws {
    let user = "aaaaaaaa-0000-4000-8000-000000000001"
    let proxy = InMemoryServerStore()
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let until = now.addingTimeInterval(86_400)
    try await proxy.grant(userID: user, until: until, now: now)
    let sync = DeletionRecordingSyncStore(fails: true)
    await #expect(throws: ServerStoreError.self) {
      try await ServeServices.eraseAccountData(user, sync: sync, proxy: proxy)
    }
    #expect(try await proxy.grantExpiry(for: user) == until)
    await #expect(throws: ServeServices.AccountDataError.self) {
      try await ServeServices.eraseAccountData("not-a-uuid", sync: sync, proxy: proxy)
    }
  }
}

/// A sync store that records (or refuses) deletions; sync calls record an issue.
final class DeletionRecordingSyncStore: SyncStore {
  let fails: Bool
  private let recorded = Mutex<[UUID]>([])

  init(fails: Bool) { self.fails = fails }

  var deleted: [UUID] { recorded.withLock { $0 } }

  func perform(_ call: SyncCall, as caller: SyncCaller) async throws(SyncCallError) -> String {
    Issue.record("the erasure called a sync function")
    throw SyncCallError(status: 500, code: "XX000", message: "unexpected call")
  }

  func deleteSyncedRows(of user: UUID) async throws {
    if fails { throw ServerStoreError.unavailable("the database is down") }
    recorded.withLock { $0.append(user) }
  }
}
