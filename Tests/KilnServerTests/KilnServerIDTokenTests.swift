import Foundation
import JOSE
import Testing

/// The `id_token` grant's settings and a Sign in with Apple through the real binary.
@Suite struct KilnServerIDTokenTests {
  @Test func configShowsTheProvidersKeysWithApplesAndGooglesDefaults() async throws {
    let run = try await KilnServerRun.run(["config"])
    #expect(run.status == 0)
    let lines = run.output.split(separator: "\n").map {
      String($0.replacing(#/ +/#, with: " "))
    }
    for expected in [
      "AUTH_APPLE_JWKS = https://appleid.apple.com/auth/keys (default)",
      "AUTH_GOOGLE_JWKS = https://www.googleapis.com/oauth2/v3/certs (default)",
    ] {
      #expect(lines.contains(expected), "\(expected)")
    }
    #expect(lines.contains { $0.hasPrefix("AUTH_APPLE_CLIENT_IDS") })
    #expect(lines.contains { $0.hasPrefix("AUTH_GOOGLE_CLIENT_IDS") })
  }

  @Test(arguments: [
    ("AUTH_APPLE_CLIENT_IDS", "com.example.app,,other"), ("AUTH_GOOGLE_CLIENT_IDS", "a b"),
    ("AUTH_APPLE_JWKS", "https://"), ("AUTH_GOOGLE_JWKS", "   "),
  ])
  func aBadValueExits2NamingItsKey(key: String, value: String) async throws {
    let run = try await KilnServerRun.run(["config"], environment: [key: value])
    #expect(run.status == 2)
    #expect(run.error.contains(key))
  }

  @Test func anUnreadableKeyFileStopsServeWithExit2() async throws {
    let run = try await KilnServerRun.run(
      ["serve"],
      environment: [
        "PORT": "0", "AUTH_APPLE_CLIENT_IDS": "com.example.kiln",
        "AUTH_APPLE_JWKS": "/nonexistent/kiln-jwks.json",
        "DATA_DIR": FileManager.default.temporaryDirectory
          .appendingPathComponent("kiln-server-idtoken-\(UUID().uuidString)").path,
      ])
    #expect(run.status == 2)
    #expect(run.error.contains("AUTH_APPLE_JWKS"))
  }

  @Test func signInWithAppleOverHTTPMakesAnAccountTheProxyAccepts() async throws {
    let key = try RSAPrivateKey.generate()
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiln-server-idtoken-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let keys = directory.appendingPathComponent("apple-keys.json")
    try Data(JWKSet.jsonText(publishing: [key.publicKey.jwk(keyID: "apple-1")]).utf8).write(
      to: keys)
    let server = try await KilnServerAccountsTests.Server(
      ["AUTH_APPLE_CLIENT_IDS": "com.example.kiln", "AUTH_APPLE_JWKS": keys.path],
      directory: directory)
    defer { server.run.process.terminate() }
    let settings = try await server.send("GET", "/auth/v1/settings")
    #expect(settings.json["external"]?.objectValue?["apple"] == .bool(true))
    #expect(settings.json["external"]?.objectValue?["google"] == .bool(false))
    let now = Date().timeIntervalSince1970.rounded(.down)
    let token = try JWTSigner(privateKey: key, keyID: "apple-1").sign(claims: [
      "iss": .string("https://appleid.apple.com"), "aud": .string("com.example.kiln"),
      "sub": .string("001234.apple-ada"), "email": .string("ada@example.com"),
      "email_verified": .string("true"), "iat": .number(now), "exp": .number(now + 600),
    ])
    let body = "{\"provider\":\"apple\",\"id_token\":\(JSONText.quoted(token))}"
    let first = try await server.send("POST", "/auth/v1/token?grant_type=id_token", json: body)
    #expect(first.status == 200, "\(first.body)")
    let access = try #require(first["access_token"])
    let again = try await server.send("POST", "/auth/v1/token?grant_type=id_token", json: body)
    #expect(
      again.json["user"]?.objectValue?["id"] == first.json["user"]?.objectValue?["id"])
    let chat = try await server.chat(access)
    #expect(chat.status == 200)
  }
}
