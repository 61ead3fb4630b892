import Foundation
import JOSE
import Testing

/// The auth service's configuration keys and `kiln-server keys` through the real binary.
@Suite struct KilnServerAuthSettingsTests {
  @Test func showsTheAuthDefaults() async throws {
    let run = try await KilnServerRun.run(["config"])
    #expect(run.status == 0)
    let lines = run.output.split(separator: "\n").map {
      String($0.replacing(#/ +/#, with: " "))
    }
    for expected in [
      "JWT_EXPIRY = 3600 (default)", "AUTH_REFRESH_REUSE_INTERVAL = 10 (default)",
      "AUTH_EMAIL_CONFIRM = off (default)", "AUTH_PASSWORD_MIN_LENGTH = 8 (default)",
      "AUTH_SCRYPT_LOG_N = 15 (default)",
    ] {
      #expect(lines.contains(expected), "\(expected)")
    }
  }

  @Test(arguments: [
    ("JWT_EXPIRY", "soon"), ("JWT_EXPIRY", "0"), ("AUTH_REFRESH_REUSE_INTERVAL", "-1"),
    ("AUTH_PASSWORD_MIN_LENGTH", "2"), ("AUTH_SCRYPT_LOG_N", "40"),
    ("AUTH_EMAIL_CONFIRM", "maybe"),
  ])
  func aBadValueExits2NamingItsKey(key: String, value: String) async throws {
    let run = try await KilnServerRun.run(["config"], environment: [key: value])
    #expect(run.status == 2)
    #expect(run.error.contains(key))
  }

  @Test func emailConfirmationOnMakesSignUpsWaitForTheMailedLink() async throws {
    let config = try await KilnServerRun.run(["config"], environment: ["AUTH_EMAIL_CONFIRM": "on"])
    #expect(config.status == 0)
    #expect(
      config.output.split(separator: "\n").map { String($0.replacing(#/ +/#, with: " ")) }
        .contains("AUTH_EMAIL_CONFIRM = on (environment)"), "\(config.output)")
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiln-server-confirm-\(UUID().uuidString)")
    let outbox = directory.appendingPathComponent("mail", isDirectory: true)
    let server = try await KilnServerAccountsTests.Server(
      ["AUTH_EMAIL_CONFIRM": "on", "AUTH_OUTBOX": outbox.path], directory: directory)
    defer { server.run.process.terminate() }
    let settings = try await server.send("GET", "/auth/v1/settings")
    #expect(settings.json["mailer_autoconfirm"] == .bool(false))
    let signUp = try await server.send(
      "POST", "/auth/v1/signup", json: KilnServerAccountsTests.credentials)
    #expect(signUp.status == 200)
    #expect(signUp.json["access_token"] == nil)
    #expect(signUp.json["confirmation_sent_at"]?.stringValue != nil)
    let signIn = try await server.send(
      "POST", "/auth/v1/token?grant_type=password", json: KilnServerAccountsTests.credentials)
    #expect(signIn.status == 400)
    #expect(signIn.json["error_code"]?.stringValue == "email_not_confirmed")
    let files = try FileManager.default.contentsOfDirectory(atPath: outbox.path)
    #expect(files.count == 1)
    let text = try String(
      contentsOfFile: outbox.appendingPathComponent(try #require(files.first)).path,
      encoding: .utf8)
    #expect(text.contains("&type=signup"))
  }

  @Test func emailConfirmationOffKeepsAutoconfirmedSignUps() async throws {
    let server = try await KilnServerAccountsTests.Server(["AUTH_EMAIL_CONFIRM": "off"])
    defer { server.run.process.terminate() }
    let settings = try await server.send("GET", "/auth/v1/settings")
    #expect(settings.json["mailer_autoconfirm"] == .bool(true))
  }

  func dataDirectory() -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("kiln-server-keys-\(UUID().uuidString)").path
  }

  /// `keys --json` prints the keys a running serve on the same data directory accepts.
  @Test func keysPrintsTheKeysServeOnTheSameStoreAccepts() async throws {
    let directory = dataDirectory()
    let server = try await KilnServerRun(
      ["serve"], environment: ["PORT": "0", "DATA_DIR": directory, "ACCESS_LOG": "off"])
    defer { server.process.terminate() }
    let run = try await KilnServerRun.run(["keys", "--json", "--data-dir", directory])
    #expect(run.status == 0)
    let keys = try StrictJSONParser().parseObject(Array(run.output.utf8))
    let anon = try #require(keys["anon_key"]?.stringValue)
    #expect(keys["service_role_key"]?.stringValue?.isEmpty == false)
    let settings = try await server.exchange(
      "GET /auth/v1/settings HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: \(anon)\r\n"
        + "Connection: close\r\n\r\n")
    #expect(settings.hasPrefix("HTTP/1.1 200"))
    let human = try await KilnServerRun.run(["keys", "--data-dir", directory])
    #expect(human.output.contains(anon))
  }
}
