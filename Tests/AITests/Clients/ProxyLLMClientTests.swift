import Core
import Foundation
import Networking
import TestSupport
import Testing

@testable import AI

/// A token provider with a fixed token.
private struct FixedToken: TokenProvider {
  let token: String?
  func currentToken() async throws -> String? { token }
}

@Suite struct ProxyLLMClientTests {
  typealias F = StreamFixtures

  private func proxy(_ chat: LoopbackChat, model: ModelID? = nil) -> ProxyLLMClient {
    ProxyLLMClient(
      settings: ProxySettings(
        baseURL: chat.server.url("/functions/v1"), path: "/ai",
        defaultHeaders: ["apikey": "anon-public-key"], model: model),
      httpClient: chat.http)
  }

  /// The contract's stream: keep-alive comments, chunks, a usage chunk, `[DONE]`.
  private static let contractStream =
    ": keep-alive\n\n" + F.openAIChunk("Ahoy", model: "openai/gpt-4o-mini") + ": keep-alive\n\n"
    + F.openAIChunk(nil, finishReason: "stop", model: "openai/gpt-4o-mini")
    + F.usageChunk(prompt: 30, completion: 2) + F.done

  @Test func postsExactlyTheContractBodyWithTheBearerTokenAndWithoutSystemMessages()
    async throws
  {
    let auth = AuthInterceptor(tokenProvider: FixedToken(token: "eyJaccess.token.jwt"))
    try await LoopbackChat.run(interceptors: [auth]) { chat in
      chat.scriptStream(Self.contractStream, path: "/functions/v1/ai")
      let request = ChatCompletionRequest(
        messages: [
          .system("You are a pirate."), .user("Hello"), .assistant("Arr"), .user("Again"),
        ],
        model: "openai/gpt-4o-mini", temperature: 0.7, maxTokens: 99, personaID: "pirate",
        memories: ["Likes tea", "Lives in Lisbon"], tools: [ChatTool(name: "never_sent")])
      let reply = await proxy(chat).streamChatCompletion(request).collect()
      #expect(reply.content == "Ahoy")
      #expect(reply.usage == TokenUsage(promptTokens: 30, completionTokens: 2))
      #expect(reply.outcome == .completed(finishReason: .stop))

      let recorded = try #require(chat.server.requests.first)
      #expect(recorded.method == "POST")
      #expect(recorded.path == "/functions/v1/ai")
      #expect(recorded.headers["Authorization"] == "Bearer eyJaccess.token.jwt")
      #expect(recorded.headers["apikey"] == "anon-public-key")
      #expect(recorded.headers["Accept"] == "text/event-stream")
      let body = try chat.requestBody()
      #expect(
        Set(body.keys) == ["messages", "model", "temperature", "persona", "memories", "stream"])
      #expect(body["memories"] as? [String] == ["Likes tea", "Lives in Lisbon"])
      #expect(body["model"] as? String == "openai/gpt-4o-mini")
      #expect(body["temperature"] as? Double == 0.7)
      #expect(body["persona"] as? String == "pirate")
      #expect(body["stream"] as? Bool == true)
      let messages = try #require(body["messages"] as? [[String: String]])
      #expect(
        messages == [
          ["role": "user", "content": "Hello"], ["role": "assistant", "content": "Arr"],
          ["role": "user", "content": "Again"],
        ])
    }
  }

  @Test func leavesOutOptionalFieldsAndUsesTheConfiguredModel() async throws {
    try await LoopbackChat.run { chat in
      chat.scriptStream(Self.contractStream, path: "/functions/v1/ai")
      chat.scriptStream(Self.contractStream, path: "/functions/v1/ai")
      _ = await proxy(chat).streamChatCompletion(ChatCompletionRequest(messages: [.user("a")]))
        .collect()
      let first = try chat.requestBody(0)
      #expect(Set(first.keys) == ["messages", "stream"])
      _ = await proxy(chat, model: "openai/gpt-3.5-turbo")
        .streamChatCompletion(ChatCompletionRequest(messages: [.user("b")])).collect()
      let second = try chat.requestBody(1)
      #expect(second["model"] as? String == "openai/gpt-3.5-turbo")
    }
  }

  @Test func reportsTheFreeMessagesRemainingBeforeTheReply() async throws {
    try await LoopbackChat.run { chat in
      chat.scriptStream(
        Self.contractStream, path: "/functions/v1/ai", headers: ["X-Free-Messages-Remaining": "4"])
      var events: [ChatStreamEvent] = []
      for await event in proxy(chat).streamChatCompletion(
        ChatCompletionRequest(messages: [.user("hi")]))
      {
        events.append(event)
      }
      #expect(events.first == .started(ChatResponseInfo(freeMessagesRemaining: 4)))
      #expect(F.reply(events).responseInfo?.freeMessagesRemaining == 4)
    }
  }

  struct Refusal: Sendable, CustomTestStringConvertible {
    let status: Int
    let code: String?
    let headers: [String: String]
    let appError: AppError
    var testDescription: String { "\(status) \(code ?? "(no body)")" }
  }

  static let refusals: [Refusal] = [
    Refusal(
      status: 400, code: "invalid_request", headers: [:],
      appError: .network(code: 400, message: "m")),
    Refusal(
      status: 400, code: "invalid_model", headers: [:], appError: .network(code: 400, message: "m")),
    Refusal(status: 400, code: "message_bounds", headers: [:], appError: .validation(message: "m")),
    Refusal(status: 401, code: "unauthorized", headers: [:], appError: .sessionExpired),
    Refusal(
      status: 403, code: "subscription_required", headers: [:], appError: .subscriptionRequired),
    Refusal(status: 413, code: "too_large", headers: [:], appError: .payloadTooLarge),
    Refusal(
      status: 429, code: "rate_limited", headers: ["Retry-After": "30"],
      appError: .rateLimited(retryAfter: 30)),
    Refusal(
      status: 429, code: "free_quota_exhausted",
      headers: ["Retry-After": "3600", "X-Free-Messages-Remaining": "0"],
      appError: .freeQuotaExhausted(remaining: 0)),
    Refusal(
      status: 502, code: "upstream_error", headers: [:], appError: .serviceUnavailable(status: 502)),
    Refusal(status: 503, code: nil, headers: [:], appError: .serviceUnavailable(status: 503)),
    Refusal(
      status: 504, code: "upstream_timeout", headers: [:],
      appError: .serviceUnavailable(status: 504)),
  ]

  @Test(arguments: refusals)
  func mapsEachContractErrorToTheAppError(refusal: Refusal) async throws {
    try await LoopbackChat.run { chat in
      let body = refusal.code.map { #"{"error":{"code":"\#($0)","message":"m"}}"# } ?? ""
      var response = LoopbackResponse.json(body, status: refusal.status)
      for (name, value) in refusal.headers { response = response.header(name, value) }
      chat.server.enqueue(response, method: .post, path: "/functions/v1/ai")
      let reply = await proxy(chat).streamChatCompletion(
        ChatCompletionRequest(messages: [.user("hi")])
      ).collect()
      guard case .httpError(let failure) = reply.outcome else {
        Issue.record("expected a refusal, got \(String(describing: reply.outcome))")
        return
      }
      #expect(failure.status == refusal.status)
      #expect(failure.code?.rawValue == refusal.code)
      #expect(reply.outcome?.appError == refusal.appError)
      if refusal.code == "free_quota_exhausted" { #expect(failure.freeMessagesRemaining == 0) }
    }
  }

  @Test func surfacesTheTokenProvidersFailureWithoutCallingTheServer() async throws {
    struct SessionEnded: Error {}
    struct FailingToken: TokenProvider {
      func currentToken() async throws -> String? { throw AppError.sessionExpired }
    }
    try await LoopbackChat.run(interceptors: [AuthInterceptor(tokenProvider: FailingToken())]) {
      chat in
      let reply = await proxy(chat).streamChatCompletion(
        ChatCompletionRequest(messages: [.user("hi")])
      ).collect()
      #expect(reply.outcome == .failed(.sessionExpired))
      #expect(chat.server.requests.isEmpty)
    }
  }
}
