import Foundation
import Networking
import TestSupport
import Testing

/// The real `kiln` binary run as scripts run it: arguments, pipes and exit codes, against a
/// loopback server acting as an OpenAI-compatible provider.
@Suite struct SubcommandTests {
  private typealias Events = InteractiveProviderTests

  private static func provider(
    _ server: LoopbackHTTPServer, _ extra: [String: String] = [:]
  ) -> [String: String] {
    KilnOutput.provider(server, extra)
  }

  private static func object(_ output: String) throws -> [String: Any] {
    try KilnOutput.object(output)
  }

  private static let askKeys: Set<String> = [
    "conversation_id", "content", "reasoning", "finish_reason", "outcome", "model", "usage",
    "tool_calls", "error",
  ]

  // MARK: ask

  @Test func askJSONIsOneObjectWithContentUsageAndModel() async throws {
    try await LoopbackHTTPServer.withServer(reportIssue: { Issue.record(Comment(rawValue: $0)) }) {
      server in
      server.enqueue(
        .eventStream([Events.content("Hello"), Events.content(" world"), Events.finish]),
        method: .post, path: "/v1/chat/completions")
      let home = try ChatTestHome()
      let run = try await home.runWithPipes(
        ["ask", "--json", "say", "hello"], input: "", environment: Self.provider(server))
      #expect(run.status == 0)
      #expect(run.error.isEmpty, "nothing on stderr: \(run.error)")
      let json = try Self.object(run.output)
      #expect(Set(json.keys).isSubset(of: Self.askKeys))
      #expect(json["content"] as? String == "Hello world")
      #expect(json["outcome"] as? String == "completed")
      #expect(json["finish_reason"] as? String == "stop")
      #expect(json["model"] as? String == "loop-model")
      #expect(json["error"] == nil && json["reasoning"] == nil && json["tool_calls"] == nil)
      let usage = try #require(json["usage"] as? [String: Int])
      #expect(usage == ["prompt_tokens": 1200, "completion_tokens": 34, "total_tokens": 1234])
      let id = try #require(json["conversation_id"] as? String)
      #expect(UUID(uuidString: id) != nil)

      let request = try #require(server.requests.first)
      let body = try #require(
        try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
      #expect(body["stream"] as? Bool == true)
      let messages = try #require(body["messages"] as? [[String: Any]])
      #expect(messages.last?["content"] as? String == "say hello")
    }
  }

  @Test func askStreamsPlainTextAndContinuesAConversationInTheNextRun() async throws {
    try await LoopbackHTTPServer.withServer(reportIssue: { Issue.record(Comment(rawValue: $0)) }) {
      server in
      server.enqueue(
        .eventStream([Events.content("First **answer**"), Events.finish]),
        method: .post, path: "/v1/chat/completions")
      server.enqueue(
        .eventStream([Events.content("Second answer"), Events.finish]),
        method: .post, path: "/v1/chat/completions")
      let home = try ChatTestHome()
      let environment = Self.provider(server)
      let first = try await home.runWithPipes(
        ["ask"], input: "question from stdin\n", environment: environment)
      #expect(first.status == 0)
      #expect(first.output == "First **answer**\n", "exact text, no escape codes in a pipe")

      let list = try await home.runWithPipes(["chats", "--json"], input: "")
      let conversations = try #require(
        try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [[String: Any]])
      #expect(conversations.count == 1)
      let id = try #require(conversations.first?["id"] as? String)
      #expect(conversations.first?["title"] as? String == "question from stdin")

      let second = try await home.runWithPipes(
        ["ask", "--conversation", String(id.suffix(8)), "and", "then?"], input: "",
        environment: environment)
      #expect(second.status == 0)
      #expect(second.output == "Second answer\n")
      let lastRequest = try #require(server.requests.last)
      let body = try #require(
        try JSONSerialization.jsonObject(with: lastRequest.body) as? [String: Any])
      let sent = try #require(body["messages"] as? [[String: Any]]).compactMap {
        $0["content"] as? String
      }
      // The view model sends the message trimmed, as it stores it.
      #expect(sent.suffix(3) == ["question from stdin", "First **answer**", "and then?"])

      let shown = try await home.runWithPipes(["show", "--json", id], input: "")
      let conversation = try Self.object(shown.output)
      let texts = try #require(conversation["messages"] as? [[String: Any]]).compactMap {
        $0["text"] as? String
      }
      #expect(texts == ["question from stdin", "First **answer**", "and then?", "Second answer"])
    }
  }

  @Test func aProviderErrorExitsOneWithItsMessageStatusAndCode() async throws {
    try await LoopbackHTTPServer.withServer { server in
      server.route(
        .post, "/v1/chat/completions",
        .json(
          #"{"error":{"message":"model loop-model is overloaded","type":"server_error","code":"overloaded"}}"#,
          status: 503))
      let home = try ChatTestHome()
      let json = try await home.runWithPipes(
        ["ask", "--json", "hi"], input: "", environment: Self.provider(server))
      #expect(json.status == 1)
      let object = try Self.object(json.output)
      #expect(object["outcome"] as? String == "http_error")
      let error = try #require(object["error"] as? [String: Any])
      #expect(error["status"] as? Int == 503)
      #expect(error["message"] as? String == "model loop-model is overloaded")
      #expect(error["code"] as? String == "overloaded")

      let plain = try await home.runWithPipes(
        ["ask", "hi"], input: "", environment: Self.provider(server))
      #expect(plain.status == 1)
      #expect(plain.output.isEmpty)
      #expect(plain.error.contains("model loop-model is overloaded"))
    }
  }

  @Test func aLongRetryAfterSurfacesAsRateLimitedWithTheDelay() async throws {
    try await LoopbackHTTPServer.withServer { server in
      server.route(
        .post, "/v1/chat/completions",
        .json(#"{"error":{"message":"slow down","type":"rate_limit"}}"#, status: 429)
          .header("Retry-After", "120"))
      let home = try ChatTestHome()
      let run = try await home.runWithPipes(
        ["ask", "--json", "hi"], input: "", environment: Self.provider(server))
      #expect(run.status == 1)
      let error = try #require(try Self.object(run.output)["error"] as? [String: Any])
      #expect(error["status"] as? Int == 429)
      #expect(error["retry_after"] as? Double == 120)
      #expect(server.requests.count == 1, "a 120 s wait is not retried")
    }
  }

  @Test func anErrorEventMidStreamKeepsThePartialReply() async throws {
    try await LoopbackHTTPServer.withServer { server in
      server.enqueue(
        .eventStream([
          Events.content("Partial"),
          .text(
            #"data: {"error":{"message":"upstream went away","code":"upstream_error"}}"# + "\n\n"),
        ]), method: .post, path: "/v1/chat/completions")
      let home = try ChatTestHome()
      let run = try await home.runWithPipes(
        ["ask", "--json", "hi"], input: "", environment: Self.provider(server))
      #expect(run.status == 1)
      let json = try Self.object(run.output)
      #expect(json["outcome"] as? String == "stream_error")
      #expect(json["content"] as? String == "Partial")
      let error = try #require(json["error"] as? [String: Any])
      #expect(error["message"] as? String == "upstream went away")
      let id = try #require(json["conversation_id"] as? String)
      let shown = try await home.runWithPipes(["show", "--json", id], input: "")
      let messages = try #require(try Self.object(shown.output)["messages"] as? [[String: Any]])
      #expect(messages.last?["text"] as? String == "Partial", "the partial reply is stored")
    }
  }

  @Test func toolCallsArriveAssembledInTheJSON() async throws {
    try await LoopbackHTTPServer.withServer { server in
      let start =
        #"data: {"id":"c1","model":"loop-model","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"lookup","arguments":"{\"q\":"}}]},"finish_reason":null}]}"#
      let rest =
        #"data: {"id":"c1","model":"loop-model","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\"kiln\"}"}}]},"finish_reason":"tool_calls"}]}"#
      server.enqueue(
        .eventStream([.text(start + "\n\n"), .text(rest + "\n\n"), .text("data: [DONE]\n\n")]),
        method: .post, path: "/v1/chat/completions")
      let home = try ChatTestHome()
      let run = try await home.runWithPipes(
        ["ask", "--json", "look it up"], input: "", environment: Self.provider(server))
      let json = try Self.object(run.output)
      #expect(json["finish_reason"] as? String == "tool_calls")
      let calls = try #require(json["tool_calls"] as? [[String: Any]])
      #expect(calls.count == 1)
      #expect(calls.first?["index"] as? Int == 0)
      #expect(calls.first?["id"] as? String == "call_1")
      #expect(calls.first?["type"] as? String == "function")
      #expect(calls.first?["name"] as? String == "lookup")
      #expect(calls.first?["arguments"] as? String == #"{"q":"kiln"}"#)
    }
  }

  @Test func secretsNeverReachTheOutputEvenWhenTheServerEchoesThem() async throws {
    let key = "sk-test-0123456789abcdefghijklmnop"
    try await LoopbackHTTPServer.withServer { server in
      server.route(
        .post, "/v1/chat/completions",
        .json(
          #"{"error":{"message":"Incorrect API key provided: \#(key)","type":"invalid_request_error","code":"invalid_api_key"}}"#,
          status: 401))
      let home = try ChatTestHome()
      let environment = Self.provider(server, ["OPENAI_API_KEY": key])
      let run = try await home.runWithPipes(["ask", "hi"], input: "", environment: environment)
      #expect(run.status == 1)
      #expect(run.error.contains("Incorrect API key provided"))
      #expect(!run.error.contains(key) && !run.output.contains(key))
      let json = try await home.runWithPipes(
        ["ask", "--json", "hi"], input: "", environment: environment)
      #expect(!json.output.contains(key))
      let authorization = server.requests.first?.headers["Authorization"]
      #expect(authorization == "Bearer \(key)", "the key did reach the provider")

      let config = try await home.runWithPipes(["config"], input: "", environment: environment)
      #expect(config.status == 0)
      #expect(config.output.contains("OPENAI_API_KEY"))
      #expect(!config.output.contains(key))
    }
  }

  // MARK: configuration and usage errors

  @Test func badConfigurationExitsTwoNamingTheKeyAndTheFix() async throws {
    let home = try ChatTestHome()
    let file = home.root.appendingPathComponent("bad-config")
    try "KILN_MODEL = gpt-4o-mini\nOPENAI_BASE_URL = not a url\nKILN_FREE_PERIOD = weekly\n"
      .write(to: file, atomically: true, encoding: .utf8)
    let run = try await home.runWithPipes(["--config", file.path, "ask", "hi"], input: "")
    #expect(run.status == 2)
    #expect(run.output.isEmpty)
    #expect(run.error.contains("OPENAI_BASE_URL"))
    #expect(run.error.contains("KILN_FREE_PERIOD"))
    #expect(run.error.contains("Fix:"))

    let missing = try await home.runWithPipes(
      ["chats", "--config", home.root.appendingPathComponent("absent").path], input: "")
    #expect(missing.status == 2)
    #expect(missing.error.contains("absent"))

    let environment = try await home.runWithPipes(
      ["chats"], input: "", environment: ["KILN_FREE_MESSAGE_LIMIT": "lots"])
    #expect(environment.status == 2)
    #expect(environment.error.contains("KILN_FREE_MESSAGE_LIMIT"))
  }

  @Test func usageMistakesExitTwoWithAHint() async throws {
    let home = try ChatTestHome()
    let unknown = try await home.runWithPipes(["serch", "x"], input: "")
    #expect(unknown.status == 2)
    #expect(unknown.error.contains("Did you mean 'search'?"))
    let option = try await home.runWithPipes(["chats", "--jsn"], input: "")
    #expect(option.status == 2)
    #expect(option.error.contains("--json"))
    let noMessage = try await home.runWithPipes(["ask"], input: "  \n")
    #expect(noMessage.status == 2)
    let noSuchConversation = try await home.runWithPipes(["show", "deadbeef"], input: "")
    #expect(noSuchConversation.status == 1)
    #expect(noSuchConversation.error.contains("deadbeef"))
  }

  @Test func versionAndHelpAnswerWithoutTouchingData() async throws {
    let home = try ChatTestHome()
    let version = try await home.runWithPipes(["--version"], input: "")
    #expect(version.status == 0)
    #expect(version.output.hasPrefix("kiln "))
    let help = try await home.runWithPipes(["--help"], input: "")
    #expect(help.status == 0)
    for command in ["ask", "chats", "show", "search", "export", "import", "config", "doctor"] {
      #expect(help.output.contains("  \(command) "), "help lists \(command)")
    }
    #expect(!FileManager.default.fileExists(atPath: home.dataDirectory.path))
  }

  // MARK: free tier

  @Test func theFreeAllowanceRunsOutWithExitOneAndACode() async throws {
    let home = try ChatTestHome()
    let limit = ["KILN_FREE_MESSAGE_LIMIT": "1"]
    let first = try await home.runWithPipes(["ask", "one"], input: "", environment: limit)
    #expect(first.status == 0)
    #expect(first.output == "one\n", "the echo model answers with the message")
    let second = try await home.runWithPipes(
      ["ask", "--json", "two"], input: "", environment: limit)
    #expect(second.status == 1)
    let json = try Self.object(second.output)
    let error = try #require(json["error"] as? [String: Any])
    #expect(error["code"] as? String == "free_quota_exhausted")
    #expect(json["conversation_id"] == nil, "a refused message leaves no empty conversation")
    let list = try await home.runWithPipes(["chats", "--json"], input: "")
    let conversations = try JSONSerialization.jsonObject(with: Data(list.output.utf8))
    #expect((conversations as? [Any])?.count == 1)
  }

  // MARK: listing, search, export and import

  @Test func searchExportAndImportCarryConversationsBetweenHomes() async throws {
    let home = try ChatTestHome()
    #expect(try await home.runWithPipes(["ask", "the quick brown fox"], input: "").status == 0)
    #expect(try await home.runWithPipes(["ask", "lazy dogs sleep"], input: "").status == 0)

    let search = try await home.runWithPipes(["search", "brown"], input: "")
    #expect(search.status == 0)
    #expect(search.output.contains("the quick brown fox"))
    #expect(!search.output.contains("lazy dogs"))
    // One conversation matched by its title and by two messages (the echo repeats the
    // question): listed once, with each message under it.
    let lines = search.output.split(separator: "\n")
    #expect(lines.count == 3, "\(search.output)")
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("    ") && $0.contains("[brown]") })

    let file = home.root.appendingPathComponent("export.json")
    let export = try await home.runWithPipes(["export", "--output", file.path], input: "")
    #expect(export.status == 0)
    let markdown = try await home.runWithPipes(
      ["export", "--format", "markdown", try firstID(home)], input: "")
    #expect(
      markdown.output.contains("# lazy dogs sleep") || markdown.output.contains("# the quick"))

    let other = try ChatTestHome()
    let imported = try await other.runWithPipes(["import", file.path], input: "")
    #expect(imported.status == 0)
    let again = try await other.runWithPipes(["import", "--json", file.path], input: "")
    #expect(again.status == 0)
    let listed = try await other.runWithPipes(["chats"], input: "")
    #expect(listed.output.contains("the quick brown fox"))
    #expect(listed.output.contains("lazy dogs sleep"))
    #expect(listed.output.split(separator: "\n").count == 2, "importing twice adds nothing")

    let broken = home.root.appendingPathComponent("broken.json")
    try Data("{ not json".utf8).write(to: broken)
    let failure = try await other.runWithPipes(["import", broken.path], input: "")
    #expect(failure.status != 0)
    #expect(failure.error.contains("broken.json") || failure.error.contains("JSON"))
    #expect(try await other.runWithPipes(["chats"], input: "").output == listed.output)
  }

  private func firstID(_ home: ChatTestHome) async throws -> String {
    let list = try await home.runWithPipes(["chats", "--json"], input: "")
    let conversations = try JSONSerialization.jsonObject(with: Data(list.output.utf8))
    return try #require((conversations as? [[String: Any]])?.first?["id"] as? String)
  }
}
