import Foundation
import Networking
import TestSupport
import Testing

/// The real `kiln` binary in a pseudo-terminal, talking to a loopback server that acts as
/// an OpenAI-compatible provider.
@Suite(.serialized) struct InteractiveProviderTests {
  /// One `data:` event carrying a content delta.
  static func content(_ text: String) -> LoopbackResponse.Step {
    let escaped = text.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"")
    return .text(
      "data: {\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"model\":\"loop-model\","
        + "\"choices\":[{\"index\":0,\"delta\":{\"content\":\"\(escaped)\"},"
        + "\"finish_reason\":null}]}\n\n")
  }

  static let finish = LoopbackResponse.Step.text(
    "data: {\"id\":\"c1\",\"model\":\"loop-model\",\"choices\":[{\"index\":0,\"delta\":{},"
      + "\"finish_reason\":\"stop\"}]}\n\n"
      + "data: {\"id\":\"c1\",\"model\":\"loop-model\",\"choices\":[],"
      + "\"usage\":{\"prompt_tokens\":1200,\"completion_tokens\":34,\"total_tokens\":1234}}\n\n"
      + "data: [DONE]\n\n")

  private func providerEnvironment(_ server: LoopbackHTTPServer) -> [String: String] {
    KilnOutput.provider(server)
  }

  @Test func aRealProviderStreamsMarkdownIntoTheTerminal() async throws {
    try await LoopbackHTTPServer.withServer(reportIssue: { Issue.record(Comment(rawValue: $0)) }) {
      server in
      server.enqueue(
        .eventStream([
          Self.content("Hello"), Self.content(", **terminal"), Self.content("** friend."),
          Self.finish,
        ]), method: .post, path: "/v1/chat/completions")
      let home = try ChatTestHome()
      let kiln = try home.startOnTerminal(environment: providerEnvironment(server))
      var mark = try await kiln.waitFor("loop-model")
      mark = try await kiln.waitFor("› ", after: mark)
      kiln.type("say hello\r")
      // Rendered from Markdown: the asterisks are gone, the words are bold.
      mark = try await kiln.waitFor("Hello, terminal friend.", after: mark)
      try await kiln.waitFor(
        "say hello · loop-model · General Assistant · 1,234 tokens", after: mark)
      #expect(kiln.rawOutput.contains("\u{1B}[1mterminal"))

      let body = try JSONSerialization.jsonObject(with: try #require(server.requests.first).body)
      let request = try #require(body as? [String: Any])
      #expect(request["stream"] as? Bool == true)
      #expect(request["model"] as? String == "loop-model")
      let messages = try #require(request["messages"] as? [[String: Any]])
      #expect(messages.last?["content"] as? String == "say hello")
      kiln.control("d")
      #expect(try await kiln.waitForExit() == 0)
    }
  }

  @Test func ctrlCStopsAStreamingReplyAndKeepsItsText() async throws {
    try await LoopbackHTTPServer.withServer(reportIssue: { Issue.record(Comment(rawValue: $0)) }) {
      server in
      let gate = LoopbackGate("never")
      server.enqueue(
        .eventStream([Self.content("Partial answer"), .gate(gate), Self.content(" never seen")]),
        method: .post, path: "/v1/chat/completions")
      let home = try ChatTestHome()
      let kiln = try home.startOnTerminal(environment: providerEnvironment(server))
      var mark = try await kiln.waitFor("› ")
      kiln.type("a long question\r")
      mark = try await kiln.waitFor("Partial answer", after: mark)
      kiln.control("c")
      mark = try await kiln.waitFor("Stopped. The text so far is kept", after: mark)
      mark = try await kiln.waitFor("› ", after: mark)
      // The prompt is back and working: the conversation lists with its title.
      kiln.type("/chats\r")
      mark = try await kiln.waitFor("a long question", after: mark)
      kiln.control("c")
      mark = try await kiln.waitFor("Press Ctrl-C again to quit", after: mark)
      kiln.control("c")
      #expect(try await kiln.waitForExit() == 0)
      #expect(!kiln.plainOutput.contains("never seen"))

      // The stopped reply was stored with its partial text.
      let shown = try await home.runWithPipes(["chats", "--json"], input: "")
      let list = try #require(
        try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [[String: Any]])
      let id = try #require(list.first?["id"] as? String)
      let show = try await home.runWithPipes(["show", "--json", id], input: "")
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(show.output.utf8)) as? [String: Any])
      let messages = try #require(object["messages"] as? [[String: Any]])
      #expect(messages.last?["text"] as? String == "Partial answer")
      #expect(messages.last?["status"] as? String == "cancelled")
    }
  }

  @Test func escKeepsTheReplyGoingInTheBackgroundAndOpenFollowsIt() async throws {
    try await LoopbackHTTPServer.withServer(reportIssue: { Issue.record(Comment(rawValue: $0)) }) {
      server in
      let gate = LoopbackGate("rest")
      server.enqueue(
        .eventStream([
          Self.content("First half"), .gate(gate), Self.content(", second half."), Self.finish,
        ]), method: .post, path: "/v1/chat/completions")
      let home = try ChatTestHome()
      let kiln = try home.startOnTerminal(environment: providerEnvironment(server))
      var mark = try await kiln.waitFor("› ")
      kiln.type("background please\r")
      mark = try await kiln.waitFor("First half", after: mark)
      kiln.type("\u{1B}")
      mark = try await kiln.waitFor("keeps arriving in the background", after: mark)
      kiln.type("/chats\r")
      mark = try await kiln.waitFor("replying…", after: mark)
      gate.open()
      kiln.type("/open 1\r")
      mark = try await kiln.waitFor("second half.", after: mark)
      try await kiln.waitFor("1,234 tokens", after: mark)
      kiln.control("d")
      #expect(try await kiln.waitForExit() == 0)
    }
  }

  @Test func aBackgroundReplyIsAnnouncedUnderTheTitleItHasNow() async throws {
    try await LoopbackHTTPServer.withServer(reportIssue: { Issue.record(Comment(rawValue: $0)) }) {
      server in
      let gate = LoopbackGate("rest")
      server.enqueue(
        .eventStream([Self.content("Started"), .gate(gate), Self.content(" done."), Self.finish]),
        method: .post, path: "/v1/chat/completions")
      let home = try ChatTestHome()
      let kiln = try home.startOnTerminal(environment: providerEnvironment(server))
      var mark = try await kiln.waitFor("› ")
      kiln.type("old title\r")
      mark = try await kiln.waitFor("Started", after: mark)
      kiln.type("\u{1B}")
      mark = try await kiln.waitFor("keeps arriving in the background", after: mark)
      kiln.type("/rename Fresh name\r")
      mark = try await kiln.waitFor("Renamed to “Fresh name”.", after: mark)
      gate.open()
      // Notices are shown before the next prompt; /chats ends with one once the reply is in.
      var announced = false
      for _ in 0..<50 where !announced {
        kiln.type("/chats\r")
        mark = try await kiln.waitFor("/open N switches to one.", after: mark)
        announced = kiln.plainOutput.contains("The reply in “")
      }
      #expect(kiln.plainOutput.contains("The reply in “Fresh name” is complete"))
      #expect(!kiln.plainOutput.contains("The reply in “old title”"))
      kiln.control("d")
      #expect(try await kiln.waitForExit() == 0)
    }
  }
}
