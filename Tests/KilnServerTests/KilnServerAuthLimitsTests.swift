import Foundation
import JOSE
import Testing

/// `AUTH_RATE_LIMIT` and `kiln-server keys rotate` through the real binary (decisions 24, 29
/// and 95).
@Suite struct KilnServerAuthLimitsTests {
  typealias Server = KilnServerAccountsTests.Server

  static func keyID(of token: String) throws -> String? {
    let header = try StrictJSONParser().parseObject(
      try #require(Base64URL.decode(String(token.split(separator: ".")[0]))))
    return header["kid"]?.stringValue
  }

  static func signIn(_ server: Server) async throws -> KilnServerAccountsTests.Answer {
    try await server.send(
      "POST", "/auth/v1/token?grant_type=password", json: KilnServerAccountsTests.credentials)
  }

  @Test func showsTheAuthRateLimitDefault() async throws {
    let run = try await KilnServerRun.run(["config"])
    #expect(run.status == 0)
    let lines = run.output.split(separator: "\n").map {
      String($0.replacing(#/ +/#, with: " "))
    }
    #expect(lines.contains("AUTH_RATE_LIMIT = 30/5m (default)"))
  }

  @Test(arguments: ["30", "30/5", "0/5m", "many/5m", "30/5w", "OFF"])
  func aBadAuthRateLimitExits2NamingTheKey(value: String) async throws {
    let run = try await KilnServerRun.run(["config"], environment: ["AUTH_RATE_LIMIT": value])
    #expect(run.status == 2)
    #expect(run.error.contains("AUTH_RATE_LIMIT"))
  }

  @Test func anAddressOverAuthRateLimitGets429WithRetryAfter() async throws {
    let server = try await Server(["AUTH_RATE_LIMIT": "2/5m"])
    defer { server.run.process.terminate() }
    let signUp = try await server.send(
      "POST", "/auth/v1/signup", json: KilnServerAccountsTests.credentials)
    #expect(signUp.status == 200)
    #expect(try await Self.signIn(server).status == 200)
    let refused = try await Self.signIn(server)
    #expect(refused.status == 429)
    #expect(refused.headers["x-sb-error-code"] == "over_request_rate_limit")
    let retryAfter = try #require(refused.headers["retry-after"].flatMap { Int($0) })
    #expect((1...150).contains(retryAfter), "one slot of 2/5m frees within 150 s")
    #expect(refused.json["error_code"] == .string("over_request_rate_limit"))
  }

  @Test func offDisablesTheLimits() async throws {
    let server = try await Server(["AUTH_RATE_LIMIT": "off"])
    defer { server.run.process.terminate() }
    #expect(
      try await server.send("POST", "/auth/v1/signup", json: KilnServerAccountsTests.credentials)
        .status == 200)
    for _ in 0..<35 {
      let wrong = try await server.send(
        "POST", "/auth/v1/token?grant_type=password",
        json: "{\"email\":\"ada@example.com\",\"password\":\"wrong horse\"}")
      #expect(wrong.status == 400)
    }
    #expect(try await Self.signIn(server).status == 200)
  }

  /// A token minted before `keys rotate` stays valid, one minted after carries the new kid,
  /// the JWKS lists both, and both a running serve and a second one honour the new key.
  @Test func keysRotateKeepsOldTokensValidAndEveryInstanceHonoursTheNewKey() async throws {
    let first = try await Server()
    defer { first.run.process.terminate() }
    let signUp = try await first.send(
      "POST", "/auth/v1/signup", json: KilnServerAccountsTests.credentials)
    let before = try #require(signUp["access_token"])
    let oldKeyID = try #require(try Self.keyID(of: before))

    let rotate = try await KilnServerRun.run(
      ["keys", "rotate", "--data-dir", first.directory.path],
      environment: ["AUTH_SCRYPT_LOG_N": "10"])
    #expect(rotate.status == 0, "\(rotate.error)")
    let line = try #require(rotate.output.split(separator: "\n").first)
    #expect(line.hasPrefix("new signing key: "))
    let newKeyID = String(line.dropFirst("new signing key: ".count))
    #expect(newKeyID != oldKeyID)
    #expect(!rotate.output.contains("\"d\""), "no private key material is printed")

    let second = try await Server(directory: first.directory)
    defer { second.run.process.terminate() }
    let after = try #require(try await Self.signIn(second)["access_token"])
    #expect(try Self.keyID(of: after) == newKeyID)
    let jwks = try await second.send("GET", "/auth/v1/.well-known/jwks.json", apikey: false)
    #expect(Set(try JWKSet(json: Array(jwks.body.utf8)).keys.keys) == [oldKeyID, newKeyID])

    for server in [first, second] {
      #expect(try await server.send("GET", "/auth/v1/user", bearer: before).status == 200)
      #expect(try await server.send("GET", "/auth/v1/user", bearer: after).status == 200)
      #expect(try await server.chat(after).status == 200, "the proxy honours the new key")
    }
    // The running serve met the new kid, reread the store and now signs with it too.
    let fromFirst = try #require(try await Self.signIn(first)["access_token"])
    #expect(try Self.keyID(of: fromFirst) == newKeyID)
    let firstJWKS = try await first.send("GET", "/auth/v1/.well-known/jwks.json", apikey: false)
    #expect(Set(try JWKSet(json: Array(firstJWKS.body.utf8)).keys.keys) == [oldKeyID, newKeyID])
  }

  @Test func keysRotateRefusesOtherArguments() async throws {
    let run = try await KilnServerRun.run(["keys", "spin"])
    #expect(run.status == 2)
    #expect(run.error.contains("rotate"))
  }
}
