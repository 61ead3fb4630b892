import Core
import Foundation
import Networking
import TestSupport
import Testing

@testable import AI

/// Every wire case of the chunk decoder, sent by a real server and read by the real client.
@Suite struct ChatStreamWireTests {
  typealias F = StreamFixtures

  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let body: String
    let content: String
    let outcome: ChatCompletionOutcome
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "OpenRouter keep-alive comments",
      body: F.keepAlive + F.openAIChunk("a") + F.keepAlive
        + F.openAIChunk("b", finishReason: "stop")
        + F.keepAlive + F.done,
      content: "ab", outcome: .completed(finishReason: .stop)),
    Case(
      name: "chunks without id",
      body: "data: {\"choices\":[{\"delta\":{\"content\":\"x\"},\"finish_reason\":\"stop\"}]}\n\n"
        + F.done,
      content: "x", outcome: .completed(finishReason: .stop)),
    Case(
      name: "usage chunk with empty choices",
      body: F.openAIStream(["u"], usage: (1, 1)), content: "u",
      outcome: .completed(finishReason: .stop)),
    Case(
      name: "content null", body: F.openAIChunk(nil) + F.openAIChunk("n") + F.done, content: "n",
      outcome: .completed(finishReason: nil)),
    Case(
      name: "data: without a space",
      body: "data:{\"choices\":[{\"delta\":{\"content\":\"s\"}}]}\n\ndata:[DONE]\n\n", content: "s",
      outcome: .completed(finishReason: nil)),
    Case(
      name: "CRLF framing",
      body: F.openAIStream(["c", "r"]).replacingOccurrences(of: "\n", with: "\r\n"), content: "cr",
      outcome: .completed(finishReason: .stop)),
    Case(
      name: "data after [DONE]", body: F.openAIChunk("d") + F.done + "data: garbage\n\n",
      content: "d", outcome: .completed(finishReason: nil)),
    Case(
      name: "stream error after partial content (OpenRouter)",
      body: F.openAIChunk("Part") + F.openAIChunk("ial") + F.openRouterMidStreamError,
      content: "Partial",
      outcome: .streamError(
        ProviderError(code: "server_error", message: "Provider disconnected unexpectedly"))),
    Case(
      name: "error object without choices",
      body: F.openAIChunk("E") + "data: {\"error\":{\"message\":\"Overloaded\",\"code\":529}}\n\n",
      content: "E",
      outcome: .streamError(
        ProviderError(code: ProviderErrorCode(number: 529), message: "Overloaded"))),
    Case(
      name: "finish_reason error alone",
      body: F.openAIChunk("f") + F.openAIChunk(nil, finishReason: "error") + F.done, content: "f",
      outcome: .streamError(
        ProviderError(code: nil, message: "The provider ended the reply with an error."))),
    Case(
      name: "undecodable payload", body: F.openAIChunk("g") + "data: {\"choices\":[oops]}\n\n",
      content: "g",
      outcome: .streamError(
        ProviderError(code: .invalidChunk, message: "invalid JSON at byte 12: expected '{'"))),
    Case(
      name: "ended without finish_reason or [DONE]", body: F.openAIChunk("h"), content: "h",
      outcome: .incomplete(cause: nil)),
    Case(
      name: "finish_reason without [DONE]", body: F.openAIChunk("i", finishReason: "length"),
      content: "i", outcome: .completed(finishReason: .length)),
  ]

  /// Which client reads the stream.
  enum Client: String, Sendable, CaseIterable {
    case openAICompatible, proxy
  }

  @Test(arguments: cases, [1, 7, 4096])
  func decodesEachCaseFromARealServer(testCase: Case, pieceSize: Int) async throws {
    for client in Client.allCases {
      try await decode(testCase, pieceSize: pieceSize, with: client)
    }
  }

  private func decode(_ testCase: Case, pieceSize: Int, with client: Client) async throws {
    try await LoopbackChat.run { chat in
      let request = ChatCompletionRequest(messages: [.user("hi")])
      let stream: ChatCompletionStream
      switch client {
      case .openAICompatible:
        chat.scriptStream(testCase.body, pieceSize: pieceSize)
        stream = chat.openAIClient().streamChatCompletion(request)
      case .proxy:
        chat.scriptStream(testCase.body, path: "/ai", pieceSize: pieceSize)
        stream = ProxyLLMClient(baseURL: chat.server.baseURL, httpClient: chat.http)
          .streamChatCompletion(request)
      }
      let reply = await stream.collect()
      #expect(reply.content == testCase.content, "\(client)")
      #expect(reply.outcome == testCase.outcome, "\(client)")
    }
  }

  @Test func keepsThePartialReplyWhenTheConnectionDropsMidChunk() async throws {
    try await LoopbackChat.run { chat in
      let whole = F.openAIChunk("Kept") + F.openAIChunk(" so far") + F.openAIChunk(" lost")
      let cut = String(decoding: Array(whole.utf8.prefix(whole.utf8.count - 40)), as: UTF8.self)
      chat.server.enqueue(
        .eventStream([.text(cut), .dropConnection]), method: .post, path: "/v1/chat/completions")
      let reply = await chat.openAIClient().streamChatCompletion(
        ChatCompletionRequest(messages: [.user("hi")])
      ).collect()
      #expect(reply.content == "Kept so far")
      guard case .incomplete(let cause) = reply.outcome else {
        Issue.record("expected an incomplete stream, got \(String(describing: reply.outcome))")
        return
      }
      #expect(cause?.isTransient == true)
      #expect(reply.outcome?.appError != nil)
    }
  }
}
