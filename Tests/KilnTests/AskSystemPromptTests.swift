import Foundation
import Networking
import TestSupport
import Testing

/// `kiln ask -s/--system`: the real binary against a loopback direct provider, and refused
/// before any request through Kiln's proxy, which applies its own prompt.
@Suite struct AskSystemPromptTests {
  private typealias Events = InteractiveProviderTests

  private static func messages(_ request: LoopbackRequest) throws -> [[String: String]] {
    let body = try KilnOutput.body(request)
    return try #require(body["messages"] as? [[String: String]])
  }

  @Test(arguments: ["-s", "--system"])
  func theSystemPromptReplacesThePersonasForThisMessage(_ option: String) async throws {
    try await LoopbackHTTPServer.withServer(reportIssue: { Issue.record(Comment(rawValue: $0)) }) {
      server in
      server.enqueue(
        .eventStream([Events.content("Bonjour."), Events.finish]),
        method: .post, path: "/v1/chat/completions")
      let home = try ChatTestHome()
      let run = try await home.runWithPipes(
        ["ask", option, "Answer in French.", "hello"], input: "",
        environment: KilnOutput.provider(server))
      #expect(run.status == 0, "\(run.error)")
      #expect(run.output == "Bonjour.\n")
      let request = try #require(server.requests.first)
      #expect(
        try Self.messages(request) == [
          ["role": "system", "content": "Answer in French."],
          ["role": "user", "content": "hello"],
        ])
    }
  }

  @Test func throughTheProxyItIsAUsageMistakeAndNothingIsSent() async throws {
    // The strict server records any request it did not expect.
    try await LoopbackHTTPServer.withServer(reportIssue: { Issue.record(Comment(rawValue: $0)) }) {
      server in
      let home = try ChatTestHome()
      let run = try await home.runWithPipes(
        ["ask", "-s", "Be terse.", "hello"], input: "",
        environment: [
          "PROXY_BASE_URL": server.url("/functions/v1").absoluteString, "PROXY_PATH": "/ai",
        ])
      #expect(run.status == 2)
      #expect(run.error.contains("--system works with a direct provider only"), "\(run.error)")
      #expect(server.requests.isEmpty)
    }
  }

  @Test func anEmptySystemPromptIsAUsageMistake() async throws {
    let home = try ChatTestHome()
    let run = try await home.runWithPipes(["ask", "-s", " ", "hello"], input: "")
    #expect(run.status == 2)
    #expect(run.error.contains("--system needs a non-empty prompt"), "\(run.error)")
  }
}
