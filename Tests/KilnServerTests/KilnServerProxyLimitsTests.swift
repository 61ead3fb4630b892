import Foundation
import JOSE
import Testing

/// The proxy's bounds, model aliases and personas file, read by `kiln-server` and applied
/// to requests (the echo model answers), through the real binary.
@Suite struct KilnServerProxyLimitsTests {
  typealias Commands = KilnServerStoreCommandTests

  static func post(
    _ server: KilnServerRun, _ body: String, as user: String = "limits-user"
  ) async throws -> String {
    try await server.exchange(
      "POST /functions/v1/ai HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
        + "Authorization: Bearer \(try Commands.token(for: user))\r\n"
        + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
  }

  static func serve(_ extra: [String: String]) async throws -> KilnServerRun {
    let directory = try KilnServerConfigurationTests.temporaryDirectory()
    return try await KilnServerRun(
      ["serve", "--port", "0", "--data-dir", directory],
      environment: Commands.environment(extra))
  }

  @Test func anAliasNamesAnAllowedModelAndAnUnknownNameIsRefused() async throws {
    let server = try await Self.serve(["MODEL_ALIASES": "fast=openai/gpt-4o-mini"])
    let aliased = try await Self.post(
      server, #"{"messages":[{"role":"user","content":"hi"}],"model":"fast"}"#)
    #expect(aliased.hasPrefix("HTTP/1.1 200 "), "\(aliased)")
    let unknown = try await Self.post(
      server, #"{"messages":[{"role":"user","content":"hi"}],"model":"slow"}"#)
    #expect(unknown.hasPrefix("HTTP/1.1 400 ") && unknown.contains("invalid_model"))
    #expect(await server.stop().status == 0)
  }

  @Test func aPersonasFileAddsPersonasBesideTheBuiltInOnes() async throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("personas-\(UUID().uuidString).conf")
    try "# extra personas\npirate = You are a pirate.\\nSpeak like one.\n"
      .write(to: file, atomically: true, encoding: .utf8)
    let server = try await Self.serve(["PERSONAS": file.path])
    for persona in ["pirate", "translator"] {
      let answer = try await Self.post(
        server, #"{"messages":[{"role":"user","content":"hi"}],"persona":"\#(persona)"}"#)
      #expect(answer.hasPrefix("HTTP/1.1 200 "), "\(persona): \(answer)")
    }
    let unknown = try await Self.post(
      server, #"{"messages":[{"role":"user","content":"hi"}],"persona":"ninja"}"#)
    #expect(unknown.hasPrefix("HTTP/1.1 400 "), "\(unknown)")
    #expect(await server.stop().status == 0)
  }

  @Test func messageBoundsComeFromTheConfiguration() async throws {
    let server = try await Self.serve(["PROXY_MAX_MESSAGES": "1"])
    let two =
      #"{"messages":[{"role":"user","content":"a"},{"role":"assistant","content":"b"},"#
      + #"{"role":"user","content":"c"}]}"#
    let refused = try await Self.post(server, two)
    #expect(refused.hasPrefix("HTTP/1.1 400 ") && refused.contains("message_bounds"), "\(refused)")
    #expect(await server.stop().status == 0)
  }

  @Test(arguments: [
    ("PROXY_MAX_TOKENS", "0"), ("PROXY_MAX_MESSAGES", "many"), ("UPSTREAM_RETRIES", "9"),
    ("MODEL_ALIASES", "fast"), ("MODEL_ALIASES", "a=x,a=y"), ("PERSONAS", "/nonexistent/file"),
    ("PROXY_KEEP_ALIVE", "soon"),
  ])
  func aBadValueStopsTheStartWithExit2NamingTheKey(_ key: String, _ value: String) async throws {
    let directory = try KilnServerConfigurationTests.temporaryDirectory()
    let run = try await KilnServerRun.run(
      ["serve", "--port", "0", "--data-dir", directory],
      environment: Commands.environment([key: value]))
    #expect(run.status == 2, "\(run.output)\(run.error)")
    #expect(run.error.contains(key), "\(run.error)")
  }

  @Test func configShowsTheDefaults() async throws {
    let run = try await KilnServerRun.run(["config"])
    #expect(run.status == 0)
    let lines = run.output.split(separator: "\n").map { String($0.replacing(#/ +/#, with: " ")) }
    for expected in [
      "PROXY_MAX_TOKENS = 1024 (default)", "PROXY_MAX_MESSAGES = 200 (default)",
      "PROXY_MAX_BODY_BYTES = 1048576 (default)", "UPSTREAM_RETRIES = 2 (default)",
    ] {
      #expect(lines.contains(expected), "\(expected)")
    }
  }
}
