import Core
import Foundation
import Networking
import TestSupport
import Testing

@testable import AI

@Suite struct OpenAICompatibleClientTests {
  typealias F = StreamFixtures

  @Test func postsTheOpenAIRequestWithKeyHeadersAndEveryOption() async throws {
    try await LoopbackChat.run { chat in
      chat.scriptStream(F.openAIStream(["ok"]))
      let client = OpenAICompatibleClient(
        settings: DirectProviderSettings(
          baseURL: chat.server.url("/v1/"), apiKey: "sk-test-key",
          defaultHeaders: ["X-Title": "Kiln", "HTTP-Referer": "https://example.app"],
          model: "gpt-4o-mini"),
        httpClient: chat.http)
      let request = ChatCompletionRequest(
        messages: [
          .system("Be brief."), .user("Weather?"),
          .assistant("", toolCalls: [ToolCall(id: "call_1", name: "weather", arguments: "{}")]),
          .tool("{\"t\":21}", toolCallID: "call_1"),
        ],
        model: "openai/gpt-4o", temperature: 0.25, maxTokens: 50,
        tools: [
          ChatTool(
            name: "weather", description: "Current weather",
            parameters: .object(["type": .string("object")]))
        ])
      #expect(await client.streamChatCompletion(request).collect().content == "ok")

      let recorded = try #require(chat.server.requests.first)
      #expect(recorded.method == "POST")
      #expect(recorded.path == "/v1/chat/completions")
      #expect(recorded.headers["Authorization"] == "Bearer sk-test-key")
      #expect(recorded.headers["Accept"] == "text/event-stream")
      #expect(recorded.headers["Content-Type"] == "application/json")
      #expect(recorded.headers["X-Title"] == "Kiln")
      #expect(recorded.headers["HTTP-Referer"] == "https://example.app")
      let body = try chat.requestBody()
      #expect(body["model"] as? String == "openai/gpt-4o")
      #expect(body["stream"] as? Bool == true)
      #expect((body["stream_options"] as? [String: Any])?["include_usage"] as? Bool == true)
      #expect(body["temperature"] as? Double == 0.25)
      #expect(body["max_tokens"] as? Int == 50)
      let messages = try #require(body["messages"] as? [[String: Any]])
      #expect(messages.map { $0["role"] as? String } == ["system", "user", "assistant", "tool"])
      #expect(messages[2]["content"] is NSNull)
      let call = try #require((messages[2]["tool_calls"] as? [[String: Any]])?.first)
      #expect(call["id"] as? String == "call_1")
      #expect((call["function"] as? [String: Any])?["name"] as? String == "weather")
      #expect(messages[3]["tool_call_id"] as? String == "call_1")
      let tool = try #require((body["tools"] as? [[String: Any]])?.first)
      #expect(tool["type"] as? String == "function")
      #expect((tool["function"] as? [String: Any])?["description"] as? String == "Current weather")
    }
  }

  @Test func sendsNoKeyNoModelAndNoUsageOptionWhenThereAreNone() async throws {
    try await LoopbackChat.run { chat in
      chat.scriptStream(F.openAIStream(["local"], usage: nil))
      let client = chat.openAIClient(apiKey: nil, model: nil)
      let request = ChatCompletionRequest(messages: [.user("hi")], includeUsage: false)
      let reply = await client.streamChatCompletion(request).collect()
      #expect(reply.content == "local")
      #expect(chat.server.requests.first?.headers["Authorization"] == nil)
      let body = try chat.requestBody()
      #expect(Set(body.keys) == ["messages", "stream"])
    }
  }

  @Test func streamsARecordedReplyWithEveryPartInOrder() async throws {
    try await LoopbackChat.run { chat in
      chat.scriptStream(
        F.keepAlive + F.openAIStream(["Hel", "lo, ", "caf\u{e9} \u{1F642}"], usage: (9, 4)),
        headers: ["X-Generation-Id": "gen-42", "X-Request-ID": "req-7"])
      var events: [ChatStreamEvent] = []
      for await event in chat.openAIClient().streamChatCompletion(
        ChatCompletionRequest(messages: [.user("hi")]))
      {
        events.append(event)
      }
      #expect(
        events == [
          .started(ChatResponseInfo(generationID: "gen-42", requestID: "req-7")),
          .model("gpt-4o-mini-2024-07-18"), .content("Hel"), .content("lo, "),
          .content("caf\u{e9} \u{1F642}"), .usage(TokenUsage(promptTokens: 9, completionTokens: 4)),
          .finished(.completed(finishReason: .stop)),
        ])
    }
  }

  @Test func servesTheSeedsTextStream() async throws {
    try await LoopbackChat.run { chat in
      chat.scriptStream(F.openAIStream(["one", " two"]))
      let client: any LLMClient = chat.openAIClient()
      var chunks: [String] = []
      for try await chunk in client.streamResponse(messages: [.user("count")]) {
        chunks.append(chunk)
      }
      #expect(chunks == ["one", " two"])
    }
  }

  @Test func readsAReplyFromAServerThatIgnoredStreaming() async throws {
    try await LoopbackChat.run { chat in
      let json =
        #"{"id":"chatcmpl-1","object":"chat.completion","model":"llama3.2","choices":[{"index":0,"#
        + #""message":{"role":"assistant","content":"Whole reply"},"finish_reason":"stop"}],"#
        + #""usage":{"prompt_tokens":3,"completion_tokens":2,"total_tokens":5}}"#
      chat.server.enqueue(.json(json), method: .post, path: "/v1/chat/completions")
      let reply = await chat.openAIClient().streamChatCompletion(
        ChatCompletionRequest(messages: [.user("hi")])
      ).collect()
      #expect(reply.content == "Whole reply")
      #expect(reply.model == "llama3.2")
      #expect(reply.usage?.totalTokens == 5)
      #expect(reply.outcome == .completed(finishReason: .stop))
    }
  }

  @Test func reportsAServerThatCannotBeReachedAsFailed() async throws {
    let server = try LoopbackHTTPServer()
    let url = server.url("/v1")
    server.stop()
    let client = OpenAICompatibleClient(
      baseURL: url,
      httpClient: URLSessionHTTPClient(baseURL: nil, clock: .fixed(Fixture.referenceDate)))
    let reply = await client.streamChatCompletion(ChatCompletionRequest(messages: [.user("hi")]))
      .collect()
    guard case .failed(.network(let code, _)) = reply.outcome else {
      Issue.record("expected a network failure, got \(String(describing: reply.outcome))")
      return
    }
    #expect(code < 0)
  }
}
