import Foundation
import JOSE
import Testing

/// Recovery and the admin routes through the real binary (issue #18 items 1 and 5): the
/// outbox file holds the link, the link's token signs in once, the service-role key manages
/// accounts and a user's token is refused.
@Suite struct KilnServerRecoveryTests {
  typealias Server = KilnServerAccountsTests.Server

  /// The outbox's files, with their permission bits.
  func outboxFiles(_ outbox: URL) throws -> [(path: String, mode: Int)] {
    let names = try FileManager.default.contentsOfDirectory(atPath: outbox.path).sorted()
    return try names.map { name in
      let path = outbox.appendingPathComponent(name).path
      let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]
      return (path, (mode as? Int ?? 0) & 0o777)
    }
  }

  /// The `token` of the link in a message file.
  func token(inMessageAt path: String) throws -> String {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let start = try #require(text.range(of: "https://app.example.com/auth/v1/verify?token="))
    let rest = text[start.upperBound...]
    let end = try #require(rest.range(of: "&type=recovery"))
    return String(rest[..<end.lowerBound])
  }

  @Test func recoverWritesAnOwnerOnlyLinkWhoseTokenLetsThePasswordChangeOnce() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiln-server-recovery-\(UUID().uuidString)")
    let outbox = directory.appendingPathComponent("mail", isDirectory: true)
    let server = try await Server(
      ["AUTH_OUTBOX": outbox.path, "SITE_URL": "https://app.example.com"], directory: directory)
    var stopped = false
    defer { if !stopped { server.run.process.terminate() } }
    #expect(
      try await server.send("POST", "/auth/v1/signup", json: KilnServerAccountsTests.credentials)
        .status == 200)

    let known = try await server.send(
      "POST", "/auth/v1/recover", json: "{\"email\":\"ada@example.com\"}")
    let unknown = try await server.send(
      "POST", "/auth/v1/recover", json: "{\"email\":\"nobody@example.com\"}")
    #expect(known.status == 200)
    #expect(known.body == "{}")
    #expect(unknown.status == known.status)
    #expect(unknown.body == known.body)

    let files = try outboxFiles(outbox)
    #expect(files.count == 1, "one message, for the known address only")
    let file = try #require(files.first)
    #expect(file.mode == 0o600)
    let outboxMode = try FileManager.default.attributesOfItem(atPath: outbox.path)[
      .posixPermissions]
    #expect((outboxMode as? Int ?? 0) & 0o777 == 0o700)
    let token = try token(inMessageAt: file.path)

    let verified = try await server.send(
      "POST", "/auth/v1/verify", json: "{\"type\":\"recovery\",\"token\":\(JSONText.quoted(token))}"
    )
    #expect(verified.status == 200)
    let access = try #require(verified["access_token"])
    let changed = try await server.send(
      "PUT", "/auth/v1/user", json: "{\"password\":\"a brand new one\"}", bearer: access)
    #expect(changed.status == 200)
    let signIn = try await server.send(
      "POST", "/auth/v1/token?grant_type=password",
      json: "{\"email\":\"ada@example.com\",\"password\":\"a brand new one\"}")
    #expect(signIn.status == 200)

    let reused = try await server.send(
      "POST", "/auth/v1/verify", json: "{\"type\":\"recovery\",\"token\":\(JSONText.quoted(token))}"
    )
    #expect(reused.status == 403)
    #expect(reused.json["error_code"]?.stringValue == "otp_expired")

    let log = await server.run.stop().error
    stopped = true
    #expect(log.contains(outbox.path), "the log says where the message is")
    #expect(!log.contains(token), "but never the token")
  }

  @Test func theServiceRoleListsReadsAndDeletesAccountsAndAUserTokenIsRefused() async throws {
    let server = try await Server()
    defer { server.run.process.terminate() }
    let keys = try await KilnServerRun.run(
      ["keys", "--json"], environment: ["DATA_DIR": server.directory.path])
    let serviceKey = try #require(
      try StrictJSONParser().parseObject(Array(keys.output.utf8))["service_role_key"]?.stringValue)
    let signUp = try await server.send(
      "POST", "/auth/v1/signup", json: KilnServerAccountsTests.credentials)
    let access = try #require(signUp["access_token"])
    let id = try #require(signUp.json["user"]?.objectValue?["id"]?.stringValue)
    #expect(
      try await server.send(
        "POST", "/auth/v1/signup",
        json: "{\"email\":\"bob@example.com\",\"password\":\"pass word\"}"
      ).status == 200)

    let list = try await server.send("GET", "/auth/v1/admin/users?per_page=1", bearer: serviceKey)
    #expect(list.status == 200)
    #expect(list.headers["x-total-count"] == "2")
    let users = try #require(list.json["users"]?.arrayValue)
    #expect(users.compactMap { $0.objectValue?["email"]?.stringValue } == ["ada@example.com"])
    let one = try await server.send("GET", "/auth/v1/admin/users/\(id)", bearer: serviceKey)
    #expect(one["email"] == "ada@example.com")

    let refused = try await server.send("GET", "/auth/v1/admin/users", bearer: access)
    #expect(refused.status == 403)
    #expect(refused.json["error_code"]?.stringValue == "not_admin")
    let refusedDelete = try await server.send(
      "DELETE", "/auth/v1/admin/users/\(id)", bearer: access)
    #expect(refusedDelete.status == 403)

    let deleted = try await server.send("DELETE", "/auth/v1/admin/users/\(id)", bearer: serviceKey)
    #expect(deleted.status == 200)
    #expect(try await server.send("GET", "/auth/v1/user", bearer: access).status != 200)
    #expect(
      try await server.send("GET", "/auth/v1/admin/users/\(id)", bearer: serviceKey).status == 404)
    let after = try await server.send("GET", "/auth/v1/admin/users", bearer: serviceKey)
    #expect(after.headers["x-total-count"] == "1")
  }
}
