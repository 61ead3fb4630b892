import Foundation
import Networking
import TestSupport
import Testing

/// How the real `kiln` binary reports a provider that refuses a request: the provider's own
/// words, in `ask` and in the chat alike, and never the key it quoted back.
@Suite struct ProviderFailureTests {
  /// A key with no shape a pattern could know: a local server's token.
  private static let plainKey = "lmstudio-local-token-42"

  private static func refusingServer(_ server: LoopbackHTTPServer) {
    server.route(
      .post, "/v1/chat/completions",
      .json(
        #"{"error":{"message":"Incorrect API key provided: \#(plainKey).","code":"invalid_api_key"}}"#,
        status: 401))
  }

  private static func environment(_ server: LoopbackHTTPServer) -> [String: String] {
    KilnOutput.provider(server, ["OPENAI_API_KEY": plainKey])
  }

  @Test func askNeverPrintsAConfiguredKeyOfAnyShape() async throws {
    try await LoopbackHTTPServer.withServer { server in
      Self.refusingServer(server)
      let home = try ChatTestHome()
      let plain = try await home.runWithPipes(
        ["ask", "hi"], input: "", environment: Self.environment(server))
      #expect(plain.status == 1)
      #expect(plain.error.contains("Incorrect API key provided: [REDACTED]."))
      #expect(!plain.error.contains(Self.plainKey) && !plain.output.contains(Self.plainKey))

      let json = try await home.runWithPipes(
        ["ask", "--json", "hi"], input: "", environment: Self.environment(server))
      #expect(json.status == 1)
      #expect(json.output.contains("Incorrect API key provided: [REDACTED]."))
      #expect(!json.output.contains(Self.plainKey) && !json.error.contains(Self.plainKey))
    }
  }

  @Test func theChatShowsTheProvidersMessageNotASignInError() async throws {
    try await LoopbackHTTPServer.withServer { server in
      Self.refusingServer(server)
      let home = try ChatTestHome()
      let run = try await home.runWithPipes(
        [], input: "hello\n", environment: Self.environment(server))
      #expect(run.status == 1)
      #expect(run.error.contains("Incorrect API key provided: [REDACTED]. [invalid_api_key]"))
      #expect(!run.error.contains("email or password"), "\(run.error)")
      #expect(!run.error.contains(Self.plainKey) && !run.output.contains(Self.plainKey))
    }
  }

  @Test func headerValuesAreSecretsToo() async throws {
    let token = "relay-token-abcdef"
    try await LoopbackHTTPServer.withServer { server in
      server.route(
        .post, "/v1/chat/completions",
        .json(#"{"error":{"message":"token \#(token) is revoked"}}"#, status: 403))
      let home = try ChatTestHome()
      var environment = Self.environment(server)
      environment["OPENAI_DEFAULT_HEADERS"] = #"{"X-Relay-Auth":"Bearer \#(token)"}"#
      let run = try await home.runWithPipes(["ask", "hi"], input: "", environment: environment)
      #expect(run.status == 1)
      #expect(run.error.contains("token [REDACTED] is revoked"), "\(run.error)")

      // `kiln config` promises secrets redacted: the header's name shows, its value does not.
      for arguments in [["config"], ["config", "--json"]] {
        let config = try await home.runWithPipes(arguments, input: "", environment: environment)
        #expect(config.status == 0)
        #expect(config.output.contains("X-Relay-Auth"))
        #expect(!config.output.contains(token), "\(config.output)")
      }
    }
  }
}
