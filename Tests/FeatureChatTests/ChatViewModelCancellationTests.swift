import AI
import Core
import FeatureChat
import Foundation
import Storage
import TestSupport
import Testing

@MainActor @Suite struct ChatViewModelCancellationTests {
  @Test(arguments: StorageKind.allCases)
  func stoppingBeforeTheFirstTokenStoresAnEmptyStoppedReply(storage: StorageKind) async throws {
    let stream = ScriptedStream()
    try await ChatHarness.run(storage: storage, client: ScriptedChatClient([.controlled(stream)])) {
      harness in
      let chat = try await harness.openChat()
      let sending = Task { await chat.send("Hi") }
      #expect(await stream.waitUntilRequested())
      chat.stopButtonTapped()
      let result = try #require(await sending.value)

      #expect(result.error == .cancelled)
      #expect(chat.state == .idle)
      let stored = try await harness.path(chat.conversationID)
      #expect(stored.map(\.role) == [.user, .assistant])
      #expect(stored[1].status == .cancelled)
      #expect(stored[1].text == "")
      #expect(stored[1].errorCode == nil)
      #expect(chat.messages.map(\.status) == [.complete, .cancelled])
    }
  }

  @Test(arguments: StorageKind.allCases)
  func stoppingMidStreamKeepsTheTextSoFar(storage: StorageKind) async throws {
    let stream = ScriptedStream()
    try await ChatHarness.run(storage: storage, client: ScriptedChatClient([.controlled(stream)])) {
      harness in
      let chat = try await harness.openChat()
      let sending = Task { await chat.send("Tell me a story") }
      #expect(await stream.waitUntilRequested())
      stream.send(.started(ChatResponseInfo()))
      stream.send(.model("scripted"))
      stream.send(.content("Once upon"))
      await waitUntil { chat.messages.last?.text == "Once upon" }
      chat.stopButtonTapped()
      stream.send(.content(" a time"))  // Arrives after the stop: never shown or stored.
      let result = try #require(await sending.value)

      #expect(result.error == .cancelled)
      let reply = try #require(try await harness.path(chat.conversationID).last)
      #expect(reply.status == .cancelled)
      #expect(reply.text == "Once upon")
      #expect(reply.model == "scripted")
      #expect(chat.messages.last?.text == "Once upon")
      #expect(chat.messages.last?.status == .cancelled)
      #expect(chat.state == .idle)
      #expect(chat.canRetry)
    }
  }

  @Test func stoppingWhileTheUserMessageIsBeingStoredSendsNoRequest() async throws {
    let gate = AsyncGate()
    try await ChatHarness.run(client: ScriptedChatClient(), faulty: true) { harness in
      let chat = try await harness.openChat()
      harness.faults?.onAppend(1, .hold(gate))
      let sending = Task { await chat.send("Hi") }
      #expect(await gate.waitForArrivals())
      chat.stopButtonTapped()
      gate.open()
      let result = try #require(await sending.value)

      #expect(result.error == .cancelled)
      #expect(harness.client.requests.isEmpty)
      let stored = try await harness.path(chat.conversationID)
      #expect(stored.map(\.text) == ["Hi"])
      #expect(chat.state == .idle)
      #expect(chat.canRetry, "the stored message has no reply, so retry can ask for one")
    }
  }

  @Test func stoppingWhileTheFinalReplyIsBeingStoredKeepsTheCompletedReply() async throws {
    let gate = AsyncGate()
    try await ChatHarness.run(faulty: true) { harness in
      let chat = try await harness.openChat()
      harness.faults?.onUpdate(.hold(gate))
      let sending = Task { await chat.send("Hi") }
      #expect(await gate.waitForArrivals())
      chat.stopButtonTapped()
      harness.faults?.onUpdate(nil)
      gate.open()
      let result = try #require(await sending.value)

      #expect(result.isCompleted, "the stream had ended; stopping now changes nothing")
      let reply = try #require(try await harness.path(chat.conversationID).last)
      #expect(reply.status == .complete)
      #expect(reply.text == "echo: Hi")
      #expect(chat.state == .idle)
    }
  }

  @Test func cancellingTheCallersTaskDoesNotStopTheReply() async throws {
    let stream = ScriptedStream()
    try await ChatHarness.run(client: ScriptedChatClient([.controlled(stream)])) { harness in
      let chat = try await harness.openChat()
      let caller = Task { await chat.send("Hi") }
      #expect(await stream.waitUntilRequested())
      caller.cancel()  // A screen that went away.
      stream.send(.content("Still here"))
      stream.finish()
      _ = await caller.value
      await chat.waitUntilIdle()
      let reply = try #require(try await harness.path(chat.conversationID).last)
      #expect(reply.status == .complete)
      #expect(reply.text == "Still here")
    }
  }

  @Test func retryAfterAStopAsksAgainAndKeepsTheStoppedTextAsAnEarlierVersion() async throws {
    let stream = ScriptedStream()
    let client = ScriptedChatClient(
      [.controlled(stream)], fallback: .reply(ScriptedChatClient.echoEvents))
    try await ChatHarness.run(client: client) { harness in
      let chat = try await harness.openChat()
      let sending = Task { await chat.send("Hi") }
      #expect(await stream.waitUntilRequested())
      stream.send(.content("Par"))
      await waitUntil { chat.messages.last?.text == "Par" }
      chat.stopButtonTapped()
      let stopped = try #require(await sending.value?.replyMessageID)

      let retried = try #require(await chat.retryButtonTapped())
      #expect(retried.isCompleted)
      let stored = try await harness.path(chat.conversationID)
      #expect(stored.map(\.text) == ["Hi", "echo: Hi"])
      let versions = try await chat.versions(of: stopped)
      #expect(versions.map(\.text) == ["Par", "echo: Hi"])
    }
  }
}
