import Foundation
import Networking
import TestSupport
import Testing

/// Failed replies say what to do, with the host and the setting involved, and never offer
/// `/retry` where asking again cannot help: the real `kiln` binary, in `ask` and the chat.
@Suite struct ProblemRemedyTests {
  /// A port nothing listens on: a server that was started and stopped.
  private static func closedPort() async throws -> Int {
    try await LoopbackHTTPServer.withServer { server in server.port }
  }

  @Test func aRefusedConnectionNamesTheHostAndTheSetting() async throws {
    let port = try await Self.closedPort()
    let home = try ChatTestHome()
    let environment = [
      "OPENAI_BASE_URL": "http://127.0.0.1:\(port)/v1", "OPENAI_API_KEY": "sk-test",
    ]
    let ask = try await home.runWithPipes(["ask", "hi"], input: "", environment: environment)
    #expect(ask.status == 1)
    #expect(
      ask.error.contains("Could not reach 127.0.0.1:\(port) (OPENAI_BASE_URL)"), "\(ask.error)")
    #expect(ask.error.contains("'kiln doctor'"))

    let chat = try await home.runWithPipes([], input: "hello\n", environment: environment)
    // Hints go where the chat's text goes; the problem itself to stderr.
    let shown = chat.output + chat.error
    #expect(shown.contains("Could not reach 127.0.0.1:\(port)"), "\(shown)")
    #expect(shown.contains("/retry"), "a lost connection can come back: \(shown)")
  }

  @Test func aRefusedKeyNamesTheSettingAndOffersNoRetry() async throws {
    try await LoopbackHTTPServer.withServer { server in
      server.route(
        .post, "/v1/chat/completions",
        .json(#"{"error":{"message":"Incorrect API key.","code":"invalid_api_key"}}"#, status: 401))
      let home = try ChatTestHome()
      let environment = KilnOutput.provider(server, ["OPENAI_API_KEY": "sk-wrong"])
      let ask = try await home.runWithPipes(["ask", "hi"], input: "", environment: environment)
      #expect(ask.status == 1)
      #expect(ask.error.contains("refused the API key (OPENAI_API_KEY)"), "\(ask.error)")

      let chat = try await home.runWithPipes([], input: "hello\n", environment: environment)
      let shown = chat.output + chat.error
      #expect(shown.contains("refused the API key"), "\(shown)")
      #expect(!shown.contains("/retry"), "\(shown)")
    }
  }
}
