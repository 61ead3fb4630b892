import Foundation
import JOSE
import Testing

/// `kiln-server token verify` judges the tokens `serve`'s accounts mint, as `serve` does:
/// ES256 with the signing key kept in the store, read from the same data directory.
@Suite struct KilnServerTokenAccountsTests {
  @Test func anAccessTokenServeMintedPassesAndATamperedOneIsRefused() async throws {
    let server = try await KilnServerAccountsTests.Server()
    defer { server.run.process.terminate() }
    let signUp = try await server.send(
      "POST", "/auth/v1/signup", json: KilnServerAccountsTests.credentials)
    #expect(signUp.status == 200)
    let access = try #require(signUp["access_token"])
    let userID = try #require(signUp.json["user"]?.objectValue?["id"]?.stringValue)
    let environment = ["PORT": "0", "ACCESS_LOG": "off"]

    let verdict = try await KilnServerRun.run(
      ["token", "verify", "--data-dir", server.directory.path, access], environment: environment)
    #expect(verdict.status == 0, "\(verdict.error)")
    #expect(verdict.output == "principal: user\nsub: \(userID)\n")

    let byEnvironment = try await KilnServerRun.run(
      ["token", "verify", access], environment: ["DATA_DIR": server.directory.path])
    #expect(byEnvironment.status == 0)

    var parts = access.split(separator: ".").map(String.init)
    parts[1] = Base64URL.encode(Array(#"{"sub":"someone-else","role":"authenticated"}"#.utf8))
    let tampered = try await KilnServerRun.run(
      ["token", "verify", "--data-dir", server.directory.path, parts.joined(separator: ".")])
    #expect(tampered.status == 1)
    #expect(tampered.output.hasPrefix("rejected: S1 "))

    let late = try await KilnServerRun.run([
      "token", "verify", "--data-dir", server.directory.path, "--now",
      String(Int(Date().timeIntervalSince1970) + 7200), access,
    ])
    #expect(late.status == 1)
    #expect(late.output.hasPrefix("rejected: C1 "))
  }

  @Test func aDataDirectoryWithoutAStoreIsNotMadeAndNoTokenCanPass() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiln-server-no-store-\(UUID().uuidString)")
    let run = try await KilnServerRun.run([
      "token", "verify", "--data-dir", directory.path, "a.b.c",
    ])
    #expect(run.status == 2)
    #expect(run.error.contains("no store"))
    #expect(!FileManager.default.fileExists(atPath: directory.path))
  }
}
