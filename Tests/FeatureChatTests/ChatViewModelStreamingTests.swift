import AI
import Core
import FeatureChat
import Foundation
import Storage
import TestSupport
import Testing

@MainActor @Suite struct ChatViewModelStreamingTests {
  @Test func twoSecondsOfFastTokensChangeObservableStateAboutThirtyTimesASecond() async throws {
    let stream = ScriptedStream()
    try await ChatHarness.run(client: ScriptedChatClient([.controlled(stream)])) { harness in
      let chat = try await harness.openChat()
      let sending = Task { await chat.send("Write a lot") }
      #expect(await stream.waitUntilRequested())
      let observed = ObservationCounter { _ = chat.messages }
      let updatesBefore = chat.streamedTextUpdates

      var expected = ""
      for index in 0..<1_000 {  // One token every 2 ms for 2 seconds.
        let token = "tok\(index) "
        expected += token
        stream.send(.content(token))
        await harness.clock.advance(by: .milliseconds(2))
      }
      stream.finish()
      let result = try #require(await sending.value)

      let textUpdates = chat.streamedTextUpdates - updatesBefore
      #expect(textUpdates >= 50, "the text should keep appearing while it streams")
      #expect(textUpdates <= 2 * 31 + 1, "more than 30 updates a second, plus the final one")
      #expect(observed.changes == textUpdates + 1, "one more change stores the final reply")
      #expect(result.reply.content == expected)
      #expect(chat.messages.last?.text == expected)
      #expect(try await harness.path(chat.conversationID).last?.text == expected)
    }
  }

  @Test func aBurstWithoutTimePassingShowsTheFirstTokenThenTheExactFinalText() async throws {
    let tokens = (0..<5_000).map { ChatStreamEvent.content("w\($0) ") }
    let expected = (0..<5_000).map { "w\($0) " }.joined()
    try await ChatHarness.run(client: ScriptedChatClient([.events(tokens)])) { harness in
      let chat = try await harness.openChat()
      let observed = ObservationCounter { _ = chat.messages }
      await chat.send("Go")
      #expect(chat.streamedTextUpdates == 2)
      // User message, placeholder, two text updates, final stored reply.
      #expect(observed.changes == 5)
      #expect(chat.messages.last?.text == expected)
    }
  }

  @Test func theGrowingReplyIsWrittenAtLeastEveryHalfSecond() async throws {
    let stream = ScriptedStream()
    try await ChatHarness.run(client: ScriptedChatClient([.controlled(stream)])) { harness in
      let chat = try await harness.openChat()
      let sending = Task { await chat.send("Hi") }
      #expect(await stream.waitUntilRequested())
      stream.send(.content("Saved "))
      await waitUntil { chat.state == .streaming }
      #expect(try await harness.path(chat.conversationID).last?.text == "")
      await harness.clock.advance(by: .milliseconds(500))
      var stored = try #require(try await harness.path(chat.conversationID).last)
      for _ in 0..<1_000 where stored.text.isEmpty {
        await Task.yield()
        stored = try #require(try await harness.path(chat.conversationID).last)
      }
      #expect(stored.text == "Saved ")
      #expect(stored.status == .streaming)
      stream.finish()
      _ = await sending.value
    }
  }

  @Test func reasoningIsStoredBesideTheAnswer() async throws {
    let events: [ChatStreamEvent] = [
      .reasoning("Think "), .reasoning("hard."), .content("42"),
      .finished(.completed(finishReason: .stop)),
    ]
    try await ChatHarness.run(client: ScriptedChatClient([.events(events)])) { harness in
      let chat = try await harness.openChat()
      let result = try #require(await chat.send("Answer?"))
      #expect(result.reply.reasoning == "Think hard.")
      #expect(chat.messages.last?.reasoning == "Think hard.")
      #expect(try await harness.path(chat.conversationID).last?.reasoning == "Think hard.")
    }
  }
}
