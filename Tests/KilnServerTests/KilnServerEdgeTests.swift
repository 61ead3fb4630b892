import Foundation
import Testing

/// `TRUSTED_PROXIES` and `CORS_ORIGINS` through the real binary (decision 25).
@Suite struct KilnServerEdgeTests {
  typealias Server = KilnServerAccountsTests.Server
  typealias Answer = KilnServerAccountsTests.Answer

  /// Sends a raw request (every field line ends in CRLF) and reads status and fields.
  static func send(_ server: Server, _ head: String, body: String = "") async throws -> Answer {
    Answer(
      parsing: try await server.run.exchange(
        head + "Connection: close\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body))
  }

  /// A failed password sign-in (no such account) that says it was forwarded for `client`.
  static func signIn(_ server: Server, forwardedFor client: String) async throws -> Int {
    try await send(
      server,
      "POST /auth/v1/token?grant_type=password HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        + "apikey: \(server.anonKey)\r\nContent-Type: application/json\r\n"
        + "X-Forwarded-For: \(client)\r\n",
      body: "{\"email\":\"nobody@example.com\",\"password\":\"wrong horse\"}"
    ).status
  }

  @Test func configShowsBothKeysUnsetByDefaultAndAsConfigured() async throws {
    let defaults = try await KilnServerRun.run(["config"])
    #expect(defaults.status == 0)
    let lines = defaults.output.split(separator: "\n").map {
      String($0.replacing(#/ +/#, with: " "))
    }
    #expect(lines.contains("TRUSTED_PROXIES = (not set) (default)"))
    #expect(lines.contains("CORS_ORIGINS = (not set) (default)"))
    let set = try await KilnServerRun.run(
      ["config"],
      environment: [
        "TRUSTED_PROXIES": "10.0.0.0/8, 127.0.0.1/32, ::1/128",
        "CORS_ORIGINS": "https://app.example.com",
      ])
    #expect(set.status == 0, "\(set.error)")
    #expect(set.output.contains("10.0.0.0/8, 127.0.0.1/32, ::1/128"))
    #expect(set.output.contains("https://app.example.com"))
  }

  @Test(arguments: [
    ("TRUSTED_PROXIES", "10.0.0.0/33"), ("TRUSTED_PROXIES", "localhost"),
    ("TRUSTED_PROXIES", "10.0.0.0/8; ::1/128"), ("CORS_ORIGINS", "https://app.example.com/"),
    ("CORS_ORIGINS", "app.example.com"), ("CORS_ORIGINS", ","),
  ])
  func aBadValueExits2NamingTheKey(key: String, value: String) async throws {
    let run = try await KilnServerRun.run(["config"], environment: [key: value])
    #expect(run.status == 2)
    #expect(run.error.contains(key))
  }

  /// Behind a trusted proxy the limit counts each forwarded client; with no proxy trusted
  /// the header is ignored and every request counts against the socket peer.
  @Test func theAuthRateLimitKeysOnTheForwardedClientOnlyFromATrustedPeer() async throws {
    let trusting = try await Server(["AUTH_RATE_LIMIT": "2/5m", "TRUSTED_PROXIES": "127.0.0.1/32"])
    defer { trusting.run.process.terminate() }
    #expect(try await Self.signIn(trusting, forwardedFor: "198.51.100.1") == 400)
    #expect(try await Self.signIn(trusting, forwardedFor: "6.6.6.6, 198.51.100.1") == 400)
    #expect(try await Self.signIn(trusting, forwardedFor: "198.51.100.1") == 429)
    #expect(try await Self.signIn(trusting, forwardedFor: "198.51.100.2") == 400)

    let ignoring = try await Server(["AUTH_RATE_LIMIT": "2/5m"])
    defer { ignoring.run.process.terminate() }
    #expect(try await Self.signIn(ignoring, forwardedFor: "198.51.100.1") == 400)
    #expect(try await Self.signIn(ignoring, forwardedFor: "198.51.100.2") == 400)
    #expect(try await Self.signIn(ignoring, forwardedFor: "198.51.100.3") == 429)
  }

  @Test func corsOriginsAnswersABrowsersPreflightOnTheAuthRoutes() async throws {
    let preflight =
      "OPTIONS /auth/v1/token?grant_type=password HTTP/1.1\r\nHost: 127.0.0.1\r\n"
      + "Origin: https://app.example.com\r\nAccess-Control-Request-Method: POST\r\n"
      + "Access-Control-Request-Headers: apikey, authorization, content-type, x-client-info\r\n"
    let allowing = try await Server(["CORS_ORIGINS": "https://app.example.com"])
    defer { allowing.run.process.terminate() }
    let answer = try await Self.send(allowing, preflight)
    #expect(answer.status == 204)
    #expect(answer.headers["access-control-allow-origin"] == "https://app.example.com")
    #expect(
      answer.headers["access-control-allow-headers"]
        == "apikey, authorization, content-type, x-client-info")
    let settings = try await Self.send(
      allowing,
      "GET /auth/v1/settings HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: \(allowing.anonKey)\r\n"
        + "Origin: https://app.example.com\r\n")
    #expect(settings.status == 200)
    #expect(settings.headers["access-control-allow-origin"] == "https://app.example.com")

    let closed = try await Server()
    defer { closed.run.process.terminate() }
    let refused = try await Self.send(closed, preflight)
    #expect(refused.status == 405)
    #expect(refused.headers["access-control-allow-origin"] == nil)
  }
}
