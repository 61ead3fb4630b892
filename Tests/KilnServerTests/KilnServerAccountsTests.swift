import Foundation
import JOSE
import Testing

/// Accounts through the real binary (issue #18): GoTrue's routes served by `kiln-server
/// serve`, the proxy accepting the tokens they mint, and delete-account.
@Suite struct KilnServerAccountsTests {
  /// One HTTP answer: status, header fields (lower-cased names) and the body as JSON.
  struct Answer {
    var status: Int
    var headers: [String: String]
    var body: String
    var json: [String: StrictJSONValue] {
      (try? StrictJSONParser().parseObject(Array(body.utf8))) ?? [:]
    }
    subscript(name: String) -> String? { json[name]?.stringValue }

    /// The status, fields (names lower-cased) and body of one raw HTTP/1.1 answer.
    init(parsing text: String) {
      let parts = text.components(separatedBy: "\r\n\r\n")
      let lines = parts[0].components(separatedBy: "\r\n")
      status = Int(lines[0].split(separator: " ").dropFirst().first ?? "") ?? 0
      var headers: [String: String] = [:]
      for line in lines.dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { continue }
        headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
          .trimmingCharacters(in: .whitespaces)
      }
      self.headers = headers
      body = parts.dropFirst().joined(separator: "\r\n\r\n")
    }
  }

  /// A server on a fresh data directory with ES256 tokens (no `JWT_SECRET`) and cheap
  /// scrypt, and its anon key as `kiln-server keys --json` prints it from the same store.
  struct Server {
    let run: KilnServerRun
    let anonKey: String
    let directory: URL
    /// The settings it runs with, for commands on the same store.
    let environment: [String: String]

    init(_ environment: [String: String] = [:], directory: URL? = nil) async throws {
      let directory =
        directory
        ?? FileManager.default.temporaryDirectory
        .appendingPathComponent("kiln-server-accounts-\(UUID().uuidString)")
      self.directory = directory
      var base = [
        "PORT": "0", "DATA_DIR": directory.path, "ACCESS_LOG": "off",
        "AUTH_SCRYPT_LOG_N": "10",
      ]
      base.merge(environment) { $1 }
      self.environment = base
      run = try await KilnServerRun(["serve"], environment: base)
      let keys = try await KilnServerRun.run(["keys", "--json"], environment: base)
      guard keys.status == 0,
        let key = try StrictJSONParser().parseObject(Array(keys.output.utf8))["anon_key"]?
          .stringValue
      else { throw KilnServerRun.Failure(description: "keys: \(keys.error)") }
      anonKey = key
    }

    func send(
      _ method: String, _ target: String, json: String? = nil, bearer: String? = nil,
      apikey: Bool = true
    ) async throws -> Answer {
      var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
      if apikey { head += "apikey: \(anonKey)\r\n" }
      if let bearer { head += "Authorization: Bearer \(bearer)\r\n" }
      let body = json ?? ""
      if json != nil { head += "Content-Type: application/json\r\n" }
      head += "Content-Length: \(body.utf8.count)\r\n\r\n"
      return Answer(parsing: try await run.exchange(head + body))
    }

    func chat(_ token: String, _ text: String = "hello proxy") async throws -> Answer {
      try await send(
        "POST", "/v1/chat/completions",
        json: "{\"model\":\"openai/gpt-3.5-turbo\",\"messages\":[{\"role\":\"user\","
          + "\"content\":\(JSONText.quoted(text))}]}", bearer: token, apikey: false)
    }
  }

  static let credentials = "{\"email\":\"Ada@Example.com \",\"password\":\"correct horse\"}"

  @Test func signUpPasswordGrantUserRefreshAndLogoutWorkOverHTTP() async throws {
    let server = try await Server()
    defer { server.run.process.terminate() }
    let signUp = try await server.send("POST", "/auth/v1/signup", json: Self.credentials)
    #expect(signUp.status == 200)
    #expect(signUp.json["user"]?.objectValue?["email"]?.stringValue == "ada@example.com")
    let signIn = try await server.send(
      "POST", "/auth/v1/token?grant_type=password", json: Self.credentials)
    #expect(signIn.status == 200)
    let access = try #require(signIn["access_token"])
    let refresh = try #require(signIn["refresh_token"])
    #expect(signIn["token_type"] == "bearer")
    let user = try await server.send("GET", "/auth/v1/user", bearer: access)
    #expect(user.status == 200)
    #expect(user["email"] == "ada@example.com")
    let refreshed = try await server.send(
      "POST", "/auth/v1/token?grant_type=refresh_token",
      json: "{\"refresh_token\":\(JSONText.quoted(refresh))}")
    #expect(refreshed.status == 200)
    let newAccess = try #require(refreshed["access_token"])
    #expect(try #require(refreshed["refresh_token"]) != refresh)
    let logout = try await server.send("POST", "/auth/v1/logout", bearer: newAccess)
    #expect(logout.status == 204)
    let afterLogout = try await server.send("GET", "/auth/v1/user", bearer: newAccess)
    #expect(afterLogout.status == 403)
    let noKey = try await server.send(
      "POST", "/auth/v1/signup", json: Self.credentials, apikey: false)
    #expect(noKey.status == 401)
    let jwks = try await server.send("GET", "/auth/v1/.well-known/jwks.json", apikey: false)
    #expect(try JWKSet(json: Array(jwks.body.utf8)).keys.count == 1)
  }

  @Test func accountsSessionsAndTheSigningKeyOutliveARestart() async throws {
    let first = try await Server()
    let signUp = try await first.send("POST", "/auth/v1/signup", json: Self.credentials)
    let access = try #require(signUp["access_token"])
    let refresh = try #require(signUp["refresh_token"])
    #expect(await first.run.stop().status == 0)

    let second = try await Server(directory: first.directory)
    defer { second.run.process.terminate() }
    #expect(second.anonKey == first.anonKey, "the API keys are the store's, not the process's")
    #expect(try await second.send("GET", "/auth/v1/user", bearer: access).status == 200)
    #expect(try await second.chat(access).status == 200, "the same signing key")
    let refreshed = try await second.send(
      "POST", "/auth/v1/token?grant_type=refresh_token",
      json: "{\"refresh_token\":\(JSONText.quoted(refresh))}")
    #expect(refreshed.status == 200, "\(refreshed.body)")
    let signIn = try await second.send(
      "POST", "/auth/v1/token?grant_type=password", json: Self.credentials)
    #expect(signIn.status == 200)
  }

  @Test func theProxyAcceptsTheES256TokenSignUpMinted() async throws {
    let server = try await Server()
    defer { server.run.process.terminate() }
    let signUp = try await server.send("POST", "/auth/v1/signup", json: Self.credentials)
    let token = try #require(signUp["access_token"])
    let header = try StrictJSONParser().parseObject(
      try #require(Base64URL.decode(String(token.split(separator: ".")[0]))))
    #expect(header["alg"] == .string("ES256"))
    let answer = try await server.chat(token)
    #expect(answer.status == 200, "\(answer.body)")
    #expect(answer.body.contains("hello proxy"))
    #expect(answer.headers["x-free-messages-remaining"] == "9")
    let forged = try await server.chat(String(token.dropLast(4)) + "AAAA")
    #expect(forged.status == 401)
  }

  @Test func withJWTSecretTokensAreHS256AndTheProxyAcceptsThem() async throws {
    let server = try await Server([
      "JWT_SECRET": "a-kiln-server-accounts-secret-of-32-bytes+"
    ])
    defer { server.run.process.terminate() }
    let signUp = try await server.send("POST", "/auth/v1/signup", json: Self.credentials)
    let token = try #require(signUp["access_token"])
    let header = try StrictJSONParser().parseObject(
      try #require(Base64URL.decode(String(token.split(separator: ".")[0]))))
    #expect(header["alg"] == .string("HS256"))
    #expect(try await server.chat(token).status == 200)
  }

  @Test func theIssuerIsJWTIssuerOrKilnServerAndTheProxyAgrees() async throws {
    for (issuer, expected) in [(nil, "kiln-server"), ("https://auth.example/auth/v1", nil)] {
      let server = try await Server(issuer.map { ["JWT_ISSUER": $0] } ?? [:])
      defer { server.run.process.terminate() }
      let signUp = try await server.send("POST", "/auth/v1/signup", json: Self.credentials)
      let token = try #require(signUp["access_token"])
      let claims = try StrictJSONParser().parseObject(
        try #require(Base64URL.decode(String(token.split(separator: ".")[1]))))
      #expect(claims["iss"]?.stringValue == expected ?? issuer)
      #expect(try await server.chat(token).status == 200)
    }
  }

  /// After delete-account, a token issued before it still verifies until it expires, but
  /// every route refuses it (decision 196, replacing 99): the auth routes because the
  /// account is gone, the AI routes because the admission finds it closed, 401 before any
  /// upstream call, so nothing is counted again for the erased user.
  @Test func deleteAccountErasesTheCountersAndEveryRouteRefusesItsTokens() async throws {
    let server = try await Server()
    defer { server.run.process.terminate() }
    let signUp = try await server.send("POST", "/auth/v1/signup", json: Self.credentials)
    let token = try #require(signUp["access_token"])
    #expect(try await server.chat(token).headers["x-free-messages-remaining"] == "9")
    #expect(try await server.chat(token).headers["x-free-messages-remaining"] == "8")
    let deleted = try await server.send(
      "POST", "/functions/v1/delete-account", json: "{}", bearer: token)
    #expect(deleted.status == 200)
    #expect(deleted.json["deleted"] == .bool(true))
    let again = try await server.send(
      "POST", "/functions/v1/delete-account", json: "{}", bearer: token)
    #expect(again.status == 401 || again.status == 404)
    #expect(try await server.send("GET", "/auth/v1/user", bearer: token).status != 200)
    let after = try await server.chat(token)
    #expect(after.status == 401)
    #expect(after.json["error"]?.objectValue?["code"] == .string("unauthorized"))
    #expect(after.json["error"]?.objectValue?["message"] == .string("This account was deleted."))
    #expect(after.headers["x-free-messages-remaining"] == nil)
    let signIn = try await server.send(
      "POST", "/auth/v1/token?grant_type=password", json: Self.credentials)
    #expect(signIn.status == 400)
  }
}
