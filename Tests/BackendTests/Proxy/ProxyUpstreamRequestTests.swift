import Backend
import Foundation
import JOSE
import TestSupport
import Testing

/// What reaches the provider: only the allowlisted fields, the server's key, the server's
/// system prompt and `max_tokens`.
@Suite struct ProxyUpstreamRequestTests {
  private func upstreamBody(_ harness: ProxyHarness) throws -> [String: StrictJSONValue] {
    let request = try #require(harness.upstream?.requests.first)
    return try StrictJSONParser().parseObject(Array(request.body))
  }

  /// Anchors §0.3: fallbacks, routing, plugins, base URLs and client limits never pass.
  @Test func clientFieldsOutsideTheAllowlistAreNeverForwarded() async throws {
    let harness = try ProxyHarness()
    defer { harness.stop() }
    harness.scriptStream(UpstreamScript.reply())
    let extra =
      #","temperature":0.5,"max_tokens":99999,"models":["openai/gpt-4"],"provider":{"order":["x"]},"#
      + #""route":"fallback","plugins":[{"id":"web"}],"transforms":["middle-out"],"#
      + #""api_base":"http://169.254.169.254","base_url":"http://evil","tools":[{"type":"function"}],"#
      + #""stream_options":{"include_usage":false},"user":"u","usage":{"include":true}"#
    let response = try await harness.ask(ProxyHarness.body(extra: extra))
    #expect(response.status == 200)
    _ = try await response.streamedText()
    let body = try upstreamBody(harness)
    #expect(
      Set(body.keys) == [
        "model", "messages", "max_tokens", "stream", "stream_options", "temperature",
      ])
    #expect(body["max_tokens"] == .number(512))
    #expect(body["temperature"] == .number(0.5))
    #expect(body["stream"] == .bool(true))
    #expect(body["stream_options"] == .object(["include_usage": .bool(true)]))
    #expect(body["model"] == .string("openai/gpt-3.5-turbo"))
    let request = try #require(harness.upstream?.requests.first)
    #expect(request.path == "/api/v1/chat/completions")
  }

  @Test func theUpstreamGetsTheServersKeyNeverTheUsersToken() async throws {
    let harness = try ProxyHarness()
    defer { harness.stop() }
    harness.scriptStream(UpstreamScript.reply())
    let token = try harness.token()
    let response = await harness.service.handleAI(
      ProxyHarness.request(ProxyHarness.body(), token: token))
    _ = try await response.streamedText()
    let request = try #require(harness.upstream?.requests.first)
    #expect(request.headers["Authorization"] == "Bearer " + ProxyHarness.upstreamKey)
    #expect(!request.headers.contains { $0.value.contains(token) })
    #expect(!request.bodyText.contains(token))
  }

  @Test func thePersonasPromptAndTheMemoriesFormTheOnlySystemMessage() async throws {
    let harness = try ProxyHarness { $0.personas = ["coach": "You are a patient coach."] }
    defer { harness.stop() }
    harness.scriptStream(UpstreamScript.reply())
    let body =
      #"{"persona":"coach","memories":["Likes tea"," Lives in Oslo\n"],"messages":["#
      + #"{"role":"user","content":"Hi"},{"role":"assistant","content":"Hello"},"#
      + #"{"role":"user","content":"Plan my day"}]}"#
    _ = try await harness.ask(body).streamedText()
    let messages = try #require(try upstreamBody(harness)["messages"]?.arrayValue)
    #expect(messages.count == 4)
    let system = try #require(messages.first?.objectValue)
    #expect(system["role"] == .string("system"))
    #expect(
      system["content"]
        == .string(
          "You are a patient coach.\n\nThings the user asked you to remember:\n- Likes tea\n- Lives in Oslo"
        ))
    #expect(messages.dropFirst().allSatisfy { $0.objectValue?["role"] != .string("system") })
  }

  @Test func anAliasIsSentAsTheModelItStandsFor() async throws {
    let harness = try ProxyHarness { $0.aliases = ["fast": "openai/gpt-4o-mini"] }
    defer { harness.stop() }
    harness.scriptStream(UpstreamScript.reply())
    _ = try await harness.ask(ProxyHarness.body(model: "fast")).streamedText()
    #expect(try upstreamBody(harness)["model"] == .string("openai/gpt-4o-mini"))
    #expect(try await harness.ledger().first?.model == "openai/gpt-4o-mini")
  }

  /// The exact body `ProxyLLMClient` sends (Foundation's encoder escapes slashes).
  @Test func theBodyProxyLLMClientSendsIsAnsweredWithThePersonasPrompt() async throws {
    let harness = try ProxyHarness { $0.personas = ["pirate": "You are a pirate."] }
    defer { harness.stop() }
    harness.scriptStream(UpstreamScript.reply())
    let body =
      #"{"messages":[{"role":"user","content":"Hello"},{"role":"assistant","content":"Arr"},"#
      + #"{"role":"user","content":"Again"}],"model":"openai\/gpt-4o-mini","#
      + #""temperature":0.7,"persona":"pirate","stream":true}"#
    var request = ProxyHarness.request(body, token: try harness.token())
    request.headers.append(("apikey", "anon-public-key"))
    let response = await harness.service.handleAI(request)
    #expect(response.status == 200)
    #expect(try await response.streamedText().hasSuffix("data: [DONE]\n\n"))
    let upstream = try upstreamBody(harness)
    #expect(upstream["model"] == .string("openai/gpt-4o-mini"))
    let messages = try #require(upstream["messages"]?.arrayValue)
    #expect(
      messages.map { $0.objectValue?["role"]?.stringValue } == [
        "system", "user", "assistant", "user",
      ])
    #expect(messages.first?.objectValue?["content"] == .string("You are a pirate."))
  }
}
