import AI
import Core
import FeatureChat
import Foundation
import Networking
import Storage
import TestSupport
import Testing

/// The view model with Kiln's real clients: the echo, and the proxy and a direct provider
/// over real loopback sockets.
@MainActor @Suite struct ChatViewModelClientTests {
  private static func chunk(_ content: String, model: String = "openai/gpt-4o-mini") -> String {
    let escaped = content.replacingOccurrences(of: "\"", with: "\\\"")
    return "data: {\"id\":\"c1\",\"model\":\"\(model)\",\"choices\":[{\"index\":0,"
      + "\"delta\":{\"content\":\"\(escaped)\"},\"finish_reason\":null}]}\n\n"
  }

  private static let ending =
    "data: {\"id\":\"c1\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n"
    + "data: {\"id\":\"c1\",\"choices\":[],\"usage\":{\"prompt_tokens\":40,"
    + "\"completion_tokens\":3,\"total_tokens\":43}}\n\ndata: [DONE]\n\n"

  private static func reply(_ words: [String]) -> LoopbackResponse {
    .eventStream(words.map { .text(chunk($0)) } + [.text(ending)])
  }

  private static func withServer(
    _ body: (LoopbackHTTPServer, URLSessionHTTPClient) async throws -> Void
  ) async throws {
    let server = try LoopbackHTTPServer(reportIssue: { Issue.record(Comment(rawValue: $0)) })
    defer { server.stop() }
    let http = URLSessionHTTPClient(baseURL: nil, clock: .fixed(Fixture.referenceDate))
    try await body(server, http)
  }

  private static func body(_ request: LoopbackRequest) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: request.body)
    return try #require(object as? [String: Any])
  }

  @Test func theEchoRepeatsTheMessageAndIsCappedAtTenFreeMessages() async throws {
    let clock = ManualClock()
    let echo = EchoLLMClient(clock: clock.appClock, delay: .zero)
    try await ChatHarness.run(provider: .echo, streaming: echo) { harness in
      let chat = try await harness.openChat()
      let result = try #require(await chat.send("Hello echo world"))
      #expect(result.reply.content == "Hello echo world")
      let reply = try #require(try await harness.path(chat.conversationID).last)
      #expect(reply.text == "Hello echo world")
      #expect(reply.model == "echo")
      #expect(reply.finishReason == "stop")
      #expect(reply.completionTokens == EchoLLMClient.estimatedTokens(in: "Hello echo world"))
      for index in 2...10 {
        #expect(await chat.send("message \(index)")?.isCompleted == true)
      }
      #expect(await chat.send("eleven")?.error == .freeQuotaExhausted(remaining: 0))
      #expect(harness.paywallRequests == 1)
    }
  }

  @Test func theProxyGetsThePersonaIdNoSystemMessageAndReportsTheQuota() async throws {
    try await Self.withServer { server, http in
      server.enqueue(
        Self.reply(["Use ", "actors."]).header("X-Free-Messages-Remaining", "4"),
        method: .post, path: "/functions/v1/ai")
      let proxy = ProxyLLMClient(baseURL: server.url("/functions/v1"), httpClient: http)
      try await ChatHarness.run(provider: .proxy, streaming: proxy) { harness in
        let chat = try await harness.openChat(persona: PersonaCatalogue.persona(.swiftExpert))
        let result = try #require(await chat.send("How do I avoid data races?"))

        #expect(result.isCompleted)
        #expect(chat.messages.last?.text == "Use actors.")
        #expect(chat.messages.last?.model == "openai/gpt-4o-mini")
        #expect(chat.messages.last?.totalTokens == 43)
        #expect(chat.freeMessagesRemaining == 4, "the server's count wins over the local 9")
        let body = try Self.body(try #require(server.requests.first))
        #expect(body["persona"] as? String == "swift-expert")
        let sent = try #require(body["messages"] as? [[String: Any]])
        #expect(sent.compactMap { $0["role"] as? String } == ["user"])
        #expect(sent.first?["content"] as? String == "How do I avoid data races?")
      }
    }
  }

  @Test func theProxysQuotaRefusalReachesThePaywallWithItsCode() async throws {
    try await Self.withServer { server, http in
      server.enqueue(
        LoopbackResponse.json(
          #"{"error":{"code":"free_quota_exhausted","message":"No free messages left"}}"#,
          status: 429
        ).header("X-Free-Messages-Remaining", "0"),
        method: .post, path: "/ai")
      let proxy = ProxyLLMClient(baseURL: server.baseURL, httpClient: http)
      try await ChatHarness.run(provider: .proxy, streaming: proxy) { harness in
        let chat = try await harness.openChat()
        let result = try #require(await chat.send("Hi"))
        #expect(result.error?.code == "free_quota_exhausted")
        #expect(chat.state.failure?.code == "free_quota_exhausted")
        #expect(harness.paywallRequests == 1)
        #expect(chat.freeMessagesRemaining == 0)
      }
    }
  }

  @Test func aDirectProviderGetsThePersonaPromptAsASystemMessageAndIsNotCapped() async throws {
    try await Self.withServer { server, http in
      for _ in 0..<11 {
        server.enqueue(Self.reply(["Hola"]), method: .post, path: "/v1/chat/completions")
      }
      let direct = OpenAICompatibleClient(
        baseURL: server.url("/v1"), apiKey: "sk-test", model: "gpt-4o-mini", httpClient: http)
      try await ChatHarness.run(provider: .direct, streaming: direct) { harness in
        let persona = PersonaCatalogue.persona(.translator)
        let chat = try await harness.openChat(persona: persona)
        for index in 1...11 {
          #expect(await chat.send("Hello \(index)")?.isCompleted == true)
        }
        #expect(harness.paywallRequests == 0)
        #expect(chat.freeMessagesRemaining == nil)
        let body = try Self.body(try #require(server.requests.first))
        let sent = try #require(body["messages"] as? [[String: Any]])
        #expect(sent.first?["role"] as? String == "system")
        #expect(sent.first?["content"] as? String == persona.systemPrompt)
        #expect(body["persona"] == nil)
      }
    }
  }
}
