import Foundation
import JOSE
import Networking
import TestSupport
import Testing

/// `kiln-server token verify` through the real binary: the verdict with the configured
/// secret, JWKS file or URL, issuer and audience, and its exit statuses.
@Suite struct KilnServerTokenCommandTests {
  static let secret = "a-kiln-server-test-secret-longer-than-32-bytes"
  static let now = 1_800_000_000

  static func claims(
    role: String = "authenticated", exp: Int = now + 3600, issuer: String? = nil
  ) -> [String: StrictJSONValue] {
    var claims: [String: StrictJSONValue] = [
      "sub": .string("user-7"), "aud": .string("authenticated"), "role": .string(role),
      "exp": .number(Double(exp)),
    ]
    if let issuer { claims["iss"] = .string(issuer) }
    return claims
  }

  static func hs256(_ claims: [String: StrictJSONValue] = claims()) throws -> String {
    try JWTSigner(hmacSecret: secret).sign(claims: claims)
  }

  func verify(
    _ arguments: [String], environment: [String: String] = ["JWT_SECRET": secret]
  ) async throws -> (status: Int32, output: String, error: String) {
    try await KilnServerRun.run(
      ["token", "verify", "--now", String(Self.now)] + arguments, environment: environment)
  }

  @Test func printsTheUserOrServiceRoleAndTheSubject() async throws {
    let user = try await verify([try Self.hs256()])
    #expect(user.status == 0)
    #expect(user.output == "principal: user\nsub: user-7\n")
    let service = try await verify([
      "--authorization", "  bearer   " + (try Self.hs256(Self.claims(role: "service_role"))),
    ])
    #expect(service.status == 0)
    #expect(service.output == "principal: service_role\nsub: user-7\n")
  }

  @Test func printsTheRuleThatRejectedAToken() async throws {
    let late = try await KilnServerRun.run(
      ["token", "verify", "--now", String(Self.now + 3630), try Self.hs256()],
      environment: ["JWT_SECRET": Self.secret])
    #expect(late.status == 1)
    #expect(late.output == "rejected: C1 (the token has expired)\n")
    let basic = try await verify(["--authorization", "Basic dXNlcjpwYXNz"])
    #expect(basic.status == 1)
    #expect(basic.output.hasPrefix("rejected: H1 "))
    let issuer = try await verify(
      [try Self.hs256()],
      environment: ["JWT_SECRET": Self.secret, "JWT_ISSUER": "https://a/auth/v1"])
    #expect(issuer.status == 1)
    #expect(issuer.output.hasPrefix("rejected: C5 "))
    let audience = try await verify(
      [try Self.hs256()], environment: ["JWT_SECRET": Self.secret, "JWT_AUDIENCE": "other"])
    #expect(audience.output.hasPrefix("rejected: C4 "))
    #expect(!(late.output + late.error + basic.output).contains(Self.secret))
  }

  @Test(
    arguments: [
      (["token", "verify"], [String: String](), "no token to verify"),
      (["token", "verify", "--authorization", "Bearer a", "b"], [:], "not both"),
      (["token", "verify", "a", "b"], [:], "give one token"),
      (["token", "check", "a"], [:], "usage: kiln-server token verify"),
      (["token", "verify", "--now", "soon", "a"], [:], "--now must be seconds"),
      (["token", "verify", "--bogus", "a"], [:], "unknown option '--bogus'"),
      (["token", "verify", "a"], ["JWT_SECRET": ""], "neither JWT_SECRET nor JWT_JWKS"),
      (["token", "verify", "a"], ["JWT_SECRET": "short"], "JWT_SECRET (environment) must be"),
    ] as [([String], [String: String], String)])
  func exitsWith2OnAUsageOrConfigurationMistake(
    _ arguments: [String], _ environment: [String: String], _ message: String
  ) async throws {
    let run = try await KilnServerRun.run(arguments, environment: environment)
    #expect(run.status == 2)
    #expect(run.error.contains(message))
    #expect(run.output.isEmpty)
  }

  @Test func readsTheSecretFromTheConfigurationFile() async throws {
    let directory = try KilnServerConfigurationTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let config = directory + "/server.conf"
    try "JWT_SECRET = \(Self.secret)\nJWT_ISSUER = https://kiln.test/auth/v1\n"
      .write(toFile: config, atomically: true, encoding: .utf8)
    let token = try Self.hs256(Self.claims(issuer: "https://kiln.test/auth/v1"))
    let run = try await verify(["--config", config, token], environment: [:])
    #expect(run.status == 0)
    #expect(run.output == "principal: user\nsub: user-7\n")
  }

  @Test func verifiesES256WithKeysFromAJWKSFileAndRefusesABadFile() async throws {
    let directory = try KilnServerConfigurationTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let key = try P256PrivateKey.generate()
    let file = directory + "/jwks.json"
    try JWKSet.jsonText(publishing: [key.publicKey.jwk(keyID: "k1")])
      .write(toFile: file, atomically: true, encoding: .utf8)
    let token = try JWTSigner(privateKey: key, keyID: "k1").sign(claims: Self.claims())
    let good = try await verify([token], environment: ["JWT_JWKS": file])
    #expect(good.status == 0)
    #expect(good.output == "principal: user\nsub: user-7\n")
    let other = try JWTSigner(privateKey: key, keyID: "k2").sign(claims: Self.claims())
    let unknown = try await verify([other], environment: ["JWT_JWKS": file])
    #expect(unknown.status == 1)
    #expect(unknown.output == "rejected: K2 (kid names no trusted key)\n")

    try #"{"keys":[]}"#.write(toFile: file, atomically: true, encoding: .utf8)
    for command in [["token", "verify", token], ["config"], ["serve"]] {
      let bad = try await KilnServerRun.run(command, environment: ["JWT_JWKS": file])
      #expect(bad.status == 2)
      #expect(bad.error.contains("JWT_JWKS (environment) must be a JWK set file or an http(s) URL"))
    }
  }

  @Test func fetchesTheKeysOfAJWKSURLOnce() async throws {
    try await LoopbackHTTPServer.withServer { server async throws in
      let key = try P256PrivateKey.generate()
      server.enqueue(
        .json(JWKSet.jsonText(publishing: [key.publicKey.jwk(keyID: "k1")])), method: .get,
        path: "/auth/v1/.well-known/jwks.json")
      let token = try JWTSigner(privateKey: key, keyID: "k1").sign(claims: Self.claims())
      let run = try await verify(
        [token],
        environment: ["JWT_JWKS": server.url("/auth/v1/.well-known/jwks.json").absoluteString])
      #expect(run.status == 0)
      #expect(run.output == "principal: user\nsub: user-7\n")
      #expect(server.requests.count == 1)
    }
  }

  @Test func warnsWhenTheJWKSURLCannotBeFetched() async throws {
    try await LoopbackHTTPServer.withServer { server async throws in
      server.enqueue(.status(500), method: .get, path: "/jwks.json")
      let key = try P256PrivateKey.generate()
      let token = try JWTSigner(privateKey: key, keyID: "k1").sign(claims: Self.claims())
      let run = try await verify(
        [token], environment: ["JWT_JWKS": server.url("/jwks.json").absoluteString])
      #expect(run.status == 1)
      #expect(run.error.contains("warning: the JWK set cannot be fetched: HTTP status 500"))
      #expect(run.output.hasPrefix("rejected: K2 "))
    }
  }
}
