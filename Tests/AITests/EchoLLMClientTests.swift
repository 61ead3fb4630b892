import Core
import Synchronization
import TestSupport
import Testing

@testable import AI

@Suite struct EchoLLMClientTests {
  private let request = ChatCompletionRequest(messages: [
    .system("You are a pirate."), .user("First question"), .assistant("An answer"),
    .user("Hello  brave\tnew world "), .assistant("ignored too"),
  ])

  @Test func echoesTheLastUserMessageWordByWordAfterEachDelay() async throws {
    let clock = ManualClock()
    let client = EchoLLMClient(clock: clock.appClock, delay: .milliseconds(50))
    let received = Mutex<[ChatStreamEvent]>([])
    let task = Task {
      for await event in client.streamChatCompletion(request) {
        received.withLock { $0.append(event) }
      }
    }
    let words = ["Hello", "  brave", "\tnew", " world "]
    for index in words.indices {
      #expect(await clock.waitForSleepers(1))
      #expect(received.withLock { $0.count } == 2 + index)
      await clock.advance(by: .milliseconds(50))
    }
    await task.value
    let events = received.withLock { $0 }
    #expect(events.prefix(2) == [.started(ChatResponseInfo()), .model(.echo)])
    #expect(
      events.dropFirst(2).prefix(words.count) == ArraySlice(words.map(ChatStreamEvent.content)))
    #expect(clock.totalSleeps == words.count)
    #expect(events.last == .finished(.completed(finishReason: .stop)))
  }

  @Test func reportsAnEstimatedUsageAndJoinsBackIntoTheExactMessage() async {
    let reply = await EchoLLMClient(clock: .fixed(Fixture.referenceDate))
      .streamChatCompletion(request).collect()
    #expect(reply.content == "Hello  brave\tnew world ")
    #expect(reply.model == .echo)
    let prompt = request.messages.reduce(0) { $0 + EchoLLMClient.estimatedTokens(in: $1.content) }
    #expect(reply.usage == TokenUsage(promptTokens: prompt, completionTokens: 6))
    #expect(reply.outcome == .completed(finishReason: .stop))
  }

  @Test(arguments: [("", 0), ("abcd", 1), ("abcde", 2), ("東京", 2), ("🙂", 1)])
  func estimatesAboutOneTokenPerFourBytes(text: String, tokens: Int) {
    #expect(EchoLLMClient.estimatedTokens(in: text) == tokens)
  }

  @Test func sendsNothingWhenNoUserMessageExists() async {
    let reply = await EchoLLMClient(clock: .fixed(Fixture.referenceDate))
      .streamChatCompletion(ChatCompletionRequest(messages: [.system("Only a prompt")])).collect()
    #expect(reply.content.isEmpty)
    #expect(reply.outcome == .completed(finishReason: .stop))
  }

  @Test func endsWithCancelledWhenCancelledWhileWaiting() async {
    let clock = ManualClock()
    let client = EchoLLMClient(clock: clock.appClock)
    let task = Task { await client.streamChatCompletion(request).collect() }
    #expect(await clock.waitForSleepers(1))
    task.cancel()
    let reply = await task.value
    #expect(reply.content.isEmpty)
    #expect(reply.outcome == .cancelled)
  }

  @Test func servesTheSeedsTextStream() async throws {
    let client: any LLMClient = EchoLLMClient(clock: .fixed(Fixture.referenceDate))
    var text = ""
    for try await chunk in client.streamResponse(messages: [.user("echo me please")]) {
      text += chunk
    }
    #expect(text == "echo me please")
  }

  @Test(arguments: [
    ("one", ["one"]), ("  lead", ["  lead"]), ("a b", ["a", " b"]), ("tail  ", ["tail  "]),
    ("   ", ["   "]), ("x\n\ny", ["x", "\n\ny"]),
  ])
  func splitsWordsKeepingTheirWhitespace(text: String, words: [String]) {
    #expect(EchoLLMClient.words(of: text) == words)
  }
}
