import Core
import Testing

@testable import AI

@Suite struct ChatCompletionStreamTests {
  @Test func replaysEventsAndAddsACompletedEndWhenMissing() async {
    let stream = ChatCompletionStream(events: [.content("a"), .content("b")])
    var events: [ChatStreamEvent] = []
    for await event in stream { events.append(event) }
    #expect(events == [.content("a"), .content("b"), .finished(.completed(finishReason: .stop))])
    // Each iteration starts again.
    #expect(await stream.collect().content == "ab")
  }

  @Test func stopsAfterTheFirstFinishedEvent() async {
    let stream = ChatCompletionStream(events: [
      .content("kept"), .finished(.incomplete(cause: nil)), .content("never"),
    ])
    let reply = await stream.collect()
    #expect(reply.content == "kept")
    #expect(reply.outcome == .incomplete(cause: nil))
  }

  @Test func endsAnAsyncStreamWithoutFinishedAsIncomplete() async {
    let (events, continuation) = AsyncStream<ChatStreamEvent>.makeStream()
    continuation.yield(.content("partial"))
    continuation.finish()
    let reply = await ChatCompletionStream(events).collect()
    #expect(reply.content == "partial")
    #expect(reply.outcome == .incomplete(cause: nil))
  }

  @Test func endsWithCancelledWhenTheConsumerIsCancelled() async {
    let (events, continuation) = AsyncStream<ChatStreamEvent>.makeStream()
    continuation.yield(.content("first"))
    let stream = ChatCompletionStream(events)
    let task = Task {
      var seen: [ChatStreamEvent] = []
      for await event in stream {
        seen.append(event)
        if event == .content("first") { withUnsafeCurrentTask { $0?.cancel() } }
      }
      return seen
    }
    let seen = await task.value
    #expect(seen == [.content("first"), .finished(.cancelled)])
    continuation.finish()
  }

  @Test func keepsEventsSmallEnoughToBuffer() {
    #expect(MemoryLayout<ChatStreamEvent>.stride <= 32)
  }

  @Test func buildsTheReplyFromEveryKindOfEvent() {
    var reply = ChatCompletionReply()
    let info = ChatResponseInfo(freeMessagesRemaining: 3, generationID: "gen-1")
    let call = ToolCall(id: "c", name: "f", arguments: "{}")
    for event: ChatStreamEvent in [
      .started(info), .model("m"), .reasoning("r1"), .content("c1"), .reasoning("r2"),
      .content("c2"), .toolCalls([call]), .usage(TokenUsage(promptTokens: 1, completionTokens: 2)),
      .finished(.completed(finishReason: .toolCalls)),
    ] {
      reply.apply(event)
    }
    #expect(reply.responseInfo == info)
    #expect(reply.model == "m")
    #expect(reply.content == "c1c2")
    #expect(reply.reasoning == "r1r2")
    #expect(reply.toolCalls == [call])
    #expect(reply.usage?.totalTokens == 3)
    #expect(reply.finishReason == .toolCalls)
  }
}

/// A client that replays fixed events, to test what `ChatCompletionStreaming` derives.
private struct ReplayClient: ChatCompletionStreaming, LLMClient {
  let events: [ChatStreamEvent]

  func streamChatCompletion(_ request: ChatCompletionRequest) -> ChatCompletionStream {
    ChatCompletionStream(events: events)
  }
}

@Suite struct LLMClientBridgeTests {
  @Test func yieldsOnlyTheTextAndFinishesOnCompletion() async throws {
    let client: any LLMClient = ReplayClient(events: [
      .started(ChatResponseInfo()), .model("m"), .reasoning("hmm"), .content("Hello"),
      .content(" world"), .usage(TokenUsage(promptTokens: 1, completionTokens: 2)),
      .finished(.completed(finishReason: .stop)),
    ])
    var chunks: [String] = []
    for try await chunk in client.streamResponse(messages: [.user("hi")]) { chunks.append(chunk) }
    #expect(chunks == ["Hello", " world"])
  }

  @Test func throwsTheOutcomesAppErrorAfterThePartialText() async {
    let client = ReplayClient(events: [
      .content("Part"), .finished(.httpError(HTTPFailure(status: 429, retryAfter: 12))),
    ])
    var chunks: [String] = []
    do {
      for try await chunk in client.streamResponse(messages: [.user("hi")]) { chunks.append(chunk) }
      Issue.record("expected an error")
    } catch {
      #expect(AppError.from(error) == .rateLimited(retryAfter: 12))
    }
    #expect(chunks == ["Part"])
  }
}

@MainActor
@Suite struct ChatCompletionStreamMainActorTests {
  @Test func iteratesOnTheMainActorAsAViewModelDoes() async {
    var text = ""
    for await event in ChatCompletionStream(events: [.content("on "), .content("main")]) {
      MainActor.assertIsolated()
      if case .content(let piece) = event { text += piece }
    }
    #expect(text == "on main")
  }
}
