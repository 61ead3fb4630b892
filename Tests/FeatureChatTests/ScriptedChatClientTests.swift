import AI
import Testing

/// The scripted client fails a test that leaves a reply unused or sends a request nobody
/// scripted, so no chat test passes by skipping a request.
@MainActor @Suite struct ScriptedChatClientTests {
  @Test func aScriptNoRequestUsedFailsTheHarnessRun() async throws {
    let client = ScriptedChatClient([.events([.content("used")]), .events([.content("spare")])])
    try await withKnownIssue {
      try await ChatHarness.run(client: client) { harness in
        let chat = try await harness.openChat()
        _ = await chat.send("Hi")
      }
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue == "ScriptedChatClient: 1 scripted reply was never asked for"
      }
    }
    #expect(client.requests.count == 1)
  }

  @Test func aRequestNobodyScriptedFailsTheTest() async throws {
    try await withKnownIssue {
      try await ChatHarness.run(client: ScriptedChatClient()) { harness in
        let chat = try await harness.openChat()
        _ = await chat.send("Hi")
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.hasPrefix("unexpected request with") }
    }
  }

  @Test func everyScriptUsedPassesQuietly() async throws {
    let client = ScriptedChatClient([.events([.content("one")])])
    try await ChatHarness.run(client: client) { harness in
      let chat = try await harness.openChat()
      _ = await chat.send("Hi")
      #expect(chat.messages.last?.text == "one")
    }
    #expect(client.unusedScripts == 0)
  }
}
