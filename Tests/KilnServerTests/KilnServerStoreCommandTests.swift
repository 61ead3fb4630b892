import Foundation
import JOSE
import TestSupport
import Testing

/// `kiln-server serve` with the proxy wired to its store, and the operator's commands on
/// that store (`migrate`, `grant`, `revoke`), through the real binary.
@Suite struct KilnServerStoreCommandTests {
  static let secret = "a-kiln-server-test-secret-longer-than-32-bytes"

  static func token(for user: String) throws -> String {
    try JWTSigner(hmacSecret: secret).sign(claims: [
      "sub": .string(user), "aud": .string("authenticated"), "role": .string("authenticated"),
      "exp": .number(Date().timeIntervalSince1970 + 600),
    ])
  }

  static func environment(_ extra: [String: String] = [:]) -> [String: String] {
    ["JWT_SECRET": secret, "ACCESS_LOG": "off"].merging(extra) { $1 }
  }

  /// One proxied message from `user` (the echo model answers); the whole HTTP answer.
  static func ask(_ server: KilnServerRun, as user: String) async throws -> String {
    let body = #"{"messages":[{"role":"user","content":"hello"}],"stream":true}"#
    return try await server.exchange(
      "POST /functions/v1/ai HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
        + "Authorization: Bearer \(try token(for: user))\r\n"
        + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
  }

  static func serve(
    _ directory: String, _ extra: [String: String] = [:]
  ) async throws
    -> KilnServerRun
  {
    try await KilnServerRun(
      ["serve", "--port", "0", "--data-dir", directory], environment: environment(extra))
  }

  @Test func serveAnswersTheProxyAndReadyNamesTheStoreAndTheEchoModel() async throws {
    let directory = try KilnServerConfigurationTests.temporaryDirectory()
    let server = try await Self.serve(directory)
    let ready = try await server.exchange(
      "GET /ready HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
    #expect(ready.hasPrefix("HTTP/1.1 200 "), "\(ready)")
    #expect(ready.contains(#"{"status":"ready","store":"sqlite","upstream":"echo"}"#))
    let answer = try await Self.ask(server, as: "user-1")
    #expect(answer.hasPrefix("HTTP/1.1 200 "), "\(answer)")
    #expect(answer.contains("X-Free-Messages-Remaining: 9"))
    #expect(answer.contains("data: [DONE]"))
    let stopped = await server.stop()
    #expect(stopped.status == 0)
    #expect(stopped.error.contains("the AI routes answer with the echo model"), "\(stopped.error)")
    #expect(FileManager.default.fileExists(atPath: directory + "/kiln-server.sqlite"))
  }

  @Test func theFreeAllowanceIsCountedInTheStoreAcrossRestarts() async throws {
    let directory = try KilnServerConfigurationTests.temporaryDirectory()
    let first = try await Self.serve(directory, ["KILN_FREE_MESSAGE_LIMIT": "1"])
    #expect(try await Self.ask(first, as: "user-2").hasPrefix("HTTP/1.1 200 "))
    #expect(await first.stop().status == 0)
    let second = try await Self.serve(directory, ["KILN_FREE_MESSAGE_LIMIT": "1"])
    let refused = try await Self.ask(second, as: "user-2")
    #expect(refused.hasPrefix("HTTP/1.1 429 "), "\(refused)")
    #expect(refused.contains("free_quota_exhausted"))
    #expect(refused.contains("X-Free-Messages-Remaining: 0"))
    #expect(await second.stop().status == 0)
  }

  @Test func aGrantMakesTheUserASubscriberAndRevokeEndsIt() async throws {
    let directory = try KilnServerConfigurationTests.temporaryDirectory()
    let flags = ["--data-dir", directory]
    let grant = try await KilnServerRun.run(
      ["grant", "user-3", "--until", "2100-01-01"] + flags, environment: Self.environment())
    #expect(grant.status == 0, "\(grant.error)")
    #expect(grant.output == "kiln-server: user-3 is entitled until 2100-01-01T00:00:00Z\n")

    let server = try await Self.serve(directory, ["KILN_FREE_MESSAGE_LIMIT": "0"])
    let subscribed = try await Self.ask(server, as: "user-3")
    #expect(subscribed.hasPrefix("HTTP/1.1 200 "), "\(subscribed)")
    #expect(!subscribed.contains("X-Free-Messages-Remaining"), "subscribers are not counted")

    let revoke = try await KilnServerRun.run(
      ["revoke", "user-3"] + flags, environment: Self.environment())
    #expect(revoke.status == 0, "\(revoke.error)")
    #expect(revoke.output == "kiln-server: the grant of user-3 is revoked\n")
    let free = try await Self.ask(server, as: "user-3")
    #expect(free.hasPrefix("HTTP/1.1 429 "), "the next request sees the revoke: \(free)")
    #expect(await server.stop().status == 0)

    let again = try await KilnServerRun.run(
      ["revoke", "user-3"] + flags, environment: Self.environment())
    #expect(again.status == 0)
    #expect(again.output.contains("had no grant; nothing changed"))
  }

  @Test(arguments: [
    (["grant", "user-4"], "grant needs --until DATE"),
    (["grant", "--until", "2100-01-01"], "grant needs one USER_ID"),
    (["grant", "user-4", "--until", "2027-02-31"], "is not a date"),
    (["grant", "user-4", "--until", "2001-01-01"], "is in the past"),
    (["revoke"], "revoke needs one USER_ID"),
    (["migrate", "extra"], "unknown option"),
  ])
  func operatorMistakesExitWith2AndChangeNothing(
    _ arguments: [String], _ says: String
  ) async throws {
    let directory = try KilnServerConfigurationTests.temporaryDirectory()
    let run = try await KilnServerRun.run(
      arguments + ["--data-dir", directory], environment: Self.environment())
    #expect(run.status == 2, "\(run.output)\(run.error)")
    #expect(run.error.contains(says), "\(run.error)")
    #expect(!FileManager.default.fileExists(atPath: directory + "/kiln-server.sqlite"))
  }

  @Test func onPostgreSQLMigrateRunsTwiceWithoutPrintingTheServersNotices() async throws {
    let databaseURL = try await PostgresTestServer.shared().makeDatabase()
    let environment = Self.environment(["DATABASE_URL": databaseURL])
    let first = try await KilnServerRun.run(["migrate"], environment: environment)
    #expect(first.status == 0, "\(first.error)")
    #expect(first.output.contains("applied schema version 1"), "\(first.output)")
    // `CREATE … IF NOT EXISTS` on the second run makes PostgreSQL send NOTICEs, which
    // libpq would print to the terminal.
    let second = try await KilnServerRun.run(["migrate"], environment: environment)
    #expect(second.status == 0, "\(second.error)")
    #expect(second.output.contains("is up to date"), "\(second.output)")
    #expect(second.error.isEmpty, "\(second.error)")
    let keys = try await KilnServerRun.run(["keys", "--json"], environment: environment)
    #expect(keys.status == 0 && keys.error.isEmpty, "\(keys.error)")
  }

  @Test func migrateAppliesTheSchemaOnceThenSaysItIsUpToDate() async throws {
    let directory = try KilnServerConfigurationTests.temporaryDirectory()
    let first = try await KilnServerRun.run(
      ["migrate", "--data-dir", directory], environment: Self.environment())
    #expect(first.status == 0, "\(first.error)")
    #expect(first.output.contains("applied schema version 1"), "\(first.output)")
    let second = try await KilnServerRun.run(
      ["migrate", "--data-dir", directory], environment: Self.environment())
    #expect(second.status == 0, "\(second.error)")
    #expect(second.output.contains("is up to date"), "\(second.output)")
  }
}
