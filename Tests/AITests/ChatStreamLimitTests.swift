import Core
import Foundation
import Networking
import TestSupport
import Testing

@testable import AI

/// What a client keeps of a hostile stream: a line that never ends, a reply that never
/// ends, a web page where a stream should be. Each ends with an error that names the cause,
/// and text that arrived within the limits is kept.
@Suite struct ChatStreamLimitTests {
  typealias F = StreamFixtures

  private static func client(
    _ chat: LoopbackChat, limits: ChatStreamLimits
  )
    -> OpenAICompatibleClient
  {
    OpenAICompatibleClient(
      settings: DirectProviderSettings(baseURL: chat.server.url("/v1"), apiKey: "sk-test-key"),
      httpClient: chat.http, limits: limits)
  }

  @Test func anEndlessLineEndsTheReplyWithTheLineLimitAndKeepsWhatCameBefore() async throws {
    // 256 MiB of one line: far more than the test could hold if the limit did not.
    try await LoopbackChat.run { chat in
      chat.server.enqueue(
        .generated(
          byteCount: 1 << 28, pattern: Data("AAAA".utf8), contentType: "text/event-stream"),
        method: .post, path: "/v1/chat/completions")
      let reply = await Self.client(chat, limits: ChatStreamLimits(maximumLineBytes: 65_536))
        .streamChatCompletion(ChatCompletionRequest(messages: [.user("hi")])).collect()
      let outcome = try #require(reply.outcome)
      guard case .streamError(let error) = outcome else {
        Issue.record("expected a stream error, got \(outcome)")
        return
      }
      #expect(error.code == .lineTooLong)
      #expect(error.message.contains("64 KiB"))
      #expect(outcome.appError == .network(code: -1103, message: error.message))
    }
  }

  @Test func replyTextPastTheLimitIsCutThereAndKept() async throws {
    try await LoopbackChat.run { chat in
      let pieces = (0..<10).map { _ in F.openAIChunk(String(repeating: "é", count: 50)) }
      chat.scriptStream(pieces.joined() + F.done)
      // 250 bytes of room: two whole chunks of 100 bytes, then 25 of the third's 50 "é".
      let reply = await Self.client(chat, limits: ChatStreamLimits(maximumReplyBytes: 250))
        .streamChatCompletion(ChatCompletionRequest(messages: [.user("hi")])).collect()
      #expect(reply.content == String(repeating: "é", count: 125))
      #expect(reply.outcome == .streamError(.replyTooLarge(limit: 250)))
      #expect(reply.outcome?.appError?.code == "network")
    }
  }

  @Test func aReplyExactlyAtTheLimitCompletes() {
    var decoder = ChatCompletionStreamDecoder(limits: ChatStreamLimits(maximumReplyBytes: 10))
    var events: [ChatStreamEvent] = []
    decoder.push(
      Array((F.openAIChunk("0123456789", finishReason: "stop") + F.done).utf8),
      into: &events)
    let reply = F.reply(events)
    #expect(reply.content == "0123456789")
    #expect(reply.outcome == .completed(finishReason: .stop))
  }

  @Test func anHTMLPageIsNotACutOffReply() async throws {
    try await LoopbackChat.run { chat in
      chat.server.enqueue(
        LoopbackResponse.text("<!doctype html><html><body>Sign in</body></html>")
          .header("Content-Type", "text/html; charset=utf-8"),
        method: .post, path: "/v1/chat/completions")
      let reply = await chat.openAIClient()
        .streamChatCompletion(ChatCompletionRequest(messages: [.user("hi")])).collect()
      #expect(reply.content.isEmpty)
      #expect(reply.outcome == .streamError(.notAnEventStream(contentType: "text/html")))
      #expect(reply.outcome?.appError == .decoding)
    }
  }

  @Test func aWholeJSONAnswerLargerThanTheLimitIsRefusedNotCollected() async throws {
    try await LoopbackChat.run { chat in
      chat.server.enqueue(
        .generated(byteCount: 1 << 24, pattern: Data("[[[[".utf8), contentType: "application/json"),
        method: .post, path: "/v1/chat/completions")
      let limits = ChatStreamLimits(maximumLineBytes: 4096, maximumReplyBytes: 65_536)
      let reply = await Self.client(chat, limits: limits)
        .streamChatCompletion(ChatCompletionRequest(messages: [.user("hi")])).collect()
      #expect(reply.outcome == .streamError(.limitPassed(.eventTooLarge(limit: 65_536))))
    }
  }
}
