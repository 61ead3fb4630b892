import Core
import Foundation
import Networking
import TestSupport
import Testing

@testable import AI

/// Stopping a stream closes the connection: the server sees the client leave.
@Suite struct ChatStreamCancellationTests {
  typealias F = StreamFixtures

  @Test func cancellingTheConsumerClosesTheConnectionMidStream() async throws {
    try await LoopbackChat.run { chat in
      chat.server.enqueue(
        .eventStream([.text(F.openAIChunk("first")), .text(F.openAIChunk(" second")), .stall]),
        method: .post, path: "/v1/chat/completions")
      let stream = chat.openAIClient().streamChatCompletion(
        ChatCompletionRequest(messages: [.user("hi")]))
      let task = Task {
        var events: [ChatStreamEvent] = []
        for await event in stream {
          events.append(event)
          if event == .content(" second") { withUnsafeCurrentTask { $0?.cancel() } }
        }
        return events
      }
      let events = await task.value
      #expect(events.contains(.content("first")))
      #expect(events.last == .finished(.cancelled))
      let exchange = try await chat.server.waitForExchange(0)
      #expect(exchange.outcome == .clientClosed)
    }
  }

  @Test func cancellingFromOutsideWhileWaitingForTheServerClosesTheConnection() async throws {
    try await LoopbackChat.run { chat in
      chat.server.enqueue(
        .eventStream([.text(F.openAIChunk("only")), .stall]), method: .post,
        path: "/v1/chat/completions")
      let client: any LLMClient = chat.openAIClient()
      let received = AsyncStream<String>.makeStream()
      let task = Task {
        for try await chunk in client.streamResponse(messages: [.user("hi")]) {
          received.continuation.yield(chunk)
        }
      }
      var iterator = received.stream.makeAsyncIterator()
      #expect(await iterator.next() == "only")
      task.cancel()
      let exchange = try await chat.server.waitForExchange(0)
      #expect(exchange.outcome == .clientClosed)
      _ = await task.result
    }
  }

  @Test func leavingTheLoopEarlyClosesTheConnection() async throws {
    try await LoopbackChat.run { chat in
      chat.server.enqueue(
        .eventStream([.text(F.openAIChunk("enough")), .stall]), method: .post,
        path: "/v1/chat/completions")
      let stream = chat.openAIClient().streamChatCompletion(
        ChatCompletionRequest(messages: [.user("hi")]))
      for await event in stream where event == .content("enough") { break }
      let exchange = try await chat.server.waitForExchange(0)
      #expect(exchange.outcome == .clientClosed)
    }
  }

  @Test func cancellingAProxyStreamClosesTheConnection() async throws {
    try await LoopbackChat.run { chat in
      chat.server.enqueue(
        .eventStream([.text(": keep-alive\n\n" + F.openAIChunk("proxied")), .stall]),
        method: .post, path: "/ai")
      let stream = ProxyLLMClient(baseURL: chat.server.baseURL, httpClient: chat.http)
        .streamChatCompletion(ChatCompletionRequest(messages: [.user("hi")]))
      let task = Task {
        var reply = ChatCompletionReply()
        for await event in stream {
          reply.apply(event)
          if event == .content("proxied") { withUnsafeCurrentTask { $0?.cancel() } }
        }
        return reply
      }
      let reply = await task.value
      #expect(reply.content == "proxied")
      #expect(reply.outcome == .cancelled)
      let exchange = try await chat.server.waitForExchange(0)
      #expect(exchange.outcome == .clientClosed)
    }
  }
}
