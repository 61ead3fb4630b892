import Foundation
import Networking
import TestSupport
import Testing

/// `kiln ask QUESTION` with text piped in, as `llm` composes them: the real binary against a
/// loopback provider, which sees one user message with the question first.
@Suite struct AskInputCompositionTests {
  private typealias Events = InteractiveProviderTests

  private static func userMessages(_ request: LoopbackRequest) throws -> [String] {
    let body = try KilnOutput.body(request)
    let messages = try #require(body["messages"] as? [[String: Any]])
    return messages.filter { $0["role"] as? String == "user" }.compactMap {
      $0["content"] as? String
    }
  }

  @Test func pipedTextIsSentAfterTheQuestionInOneUserMessage() async throws {
    try await LoopbackHTTPServer.withServer(reportIssue: { Issue.record(Comment(rawValue: $0)) }) {
      server in
      server.enqueue(
        .eventStream([Events.content("Two lines."), Events.finish]),
        method: .post, path: "/v1/chat/completions")
      let home = try ChatTestHome()
      let run = try await home.runWithPipes(
        ["ask", "Summarize:"], input: "line one\nline two\n",
        environment: KilnOutput.provider(server))
      #expect(run.status == 0, "\(run.error)")
      #expect(run.output == "Two lines.\n")
      let request = try #require(server.requests.first)
      #expect(try Self.userMessages(request) == ["Summarize:\n\nline one\nline two"])
    }
  }

  @Test func anEmptyPipeSendsTheQuestionAlone() async throws {
    try await LoopbackHTTPServer.withServer(reportIssue: { Issue.record(Comment(rawValue: $0)) }) {
      server in
      server.enqueue(
        .eventStream([Events.content("ok"), Events.finish]),
        method: .post, path: "/v1/chat/completions")
      let home = try ChatTestHome()
      let run = try await home.runWithPipes(
        ["ask", "just", "this"], input: " \n", environment: KilnOutput.provider(server))
      #expect(run.status == 0, "\(run.error)")
      let request = try #require(server.requests.first)
      #expect(try Self.userMessages(request) == ["just this"])
    }
  }

  @Test func theQuestionAndPipedTextTogetherKeepThePromptLimit() async throws {
    try await LoopbackHTTPServer.withServer { server in
      let home = try ChatTestHome()
      // 1000 piped bytes fit the limit alone, not with the question and the blank line.
      let run = try await home.runWithPipes(
        ["ask", String(repeating: "q", count: 30)], input: String(repeating: "x", count: 1000),
        environment: KilnOutput.provider(server, ["KILN_MAX_PROMPT_BYTES": "1024"]))
      #expect(run.status == 1)
      #expect(run.error.contains("most that can be sent is 1 KiB"), "\(run.error)")
      #expect(run.error.contains("KILN_MAX_PROMPT_BYTES"), "\(run.error)")
      #expect(server.requests.isEmpty)
      let chats = try await home.runWithPipes(["chats", "--json"], input: "")
      let list = try JSONSerialization.jsonObject(with: Data(chats.output.utf8)) as? [Any]
      #expect(list?.isEmpty == true, "nothing stored: \(chats.output)")
    }
  }

  @Test func aTerminalOnStandardInputIsNotRead() async throws {
    try await LoopbackHTTPServer.withServer(reportIssue: { Issue.record(Comment(rawValue: $0)) }) {
      server in
      server.enqueue(
        .eventStream([Events.content("answered"), Events.finish]),
        method: .post, path: "/v1/chat/completions")
      let home = try ChatTestHome()
      // Nothing is typed: a kiln that waited for the terminal's input would never exit.
      let process = try home.startOnTerminal(
        ["ask", "--json", "only", "the", "question"], environment: KilnOutput.provider(server))
      #expect(try await process.waitForExit() == 0)
      let request = try #require(server.requests.first)
      #expect(try Self.userMessages(request) == ["only the question"])
    }
  }
}
