import Foundation
import JOSE
import Testing

/// The sync routes on SQLite and `SYNC_MAX_BODY_BYTES`.
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
}
