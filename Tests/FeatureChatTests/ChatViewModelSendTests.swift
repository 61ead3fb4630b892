import AI
import Core
import FeatureChat
import Foundation
import Localization
import Storage
import TestSupport
import Testing

@MainActor @Suite struct ChatViewModelSendTests {
  @Test(arguments: StorageKind.allCases)
  func sendStoresTheUserMessageThenStreamsAndStoresTheReply(storage: StorageKind) async throws {
    try await ChatHarness.run(storage: storage) { harness in
      let chat = try await harness.openChat()
      chat.composer.text = "  Hello there \n"
      let result = try #require(await chat.sendButtonTapped())

      #expect(result.isCompleted)
      #expect(result.reply.content == "echo: Hello there")
      #expect(chat.composer.text == "")
      #expect(chat.state == .idle)
      let stored = try await harness.path(chat.conversationID)
      #expect(stored.map(\.role) == [.user, .assistant])
      #expect(stored[0].text == "Hello there")
      #expect(stored[1].text == "echo: Hello there")
      #expect(stored[1].status == .complete)
      #expect(stored[1].parentID == stored[0].id)
      #expect(stored[1].model == "scripted")
      #expect(stored[1].finishReason == "stop")
      #expect(stored[1].promptTokens == 10)
      #expect(stored[1].completionTokens == 2)
      #expect(chat.messages == stored.map(ChatMessage.init))
      #expect(result.userMessageID == stored[0].id)
      #expect(result.replyMessageID == stored[1].id)
    }
  }

  @Test func theUserMessageAndAnEmptyStreamingReplyAreStoredBeforeTheRequestLeaves() async throws {
    let stream = ScriptedStream()
    try await ChatHarness.run(client: ScriptedChatClient([.controlled(stream)])) { harness in
      let chat = try await harness.openChat()
      let sending = Task { await chat.send("Question") }
      #expect(await stream.waitUntilRequested())

      let stored = try await harness.path(chat.conversationID)
      #expect(stored.map(\.role) == [.user, .assistant])
      #expect(stored[0].text == "Question")
      #expect(stored[1].status == .streaming)
      #expect(stored[1].text == "")
      #expect(chat.state == .sending)
      #expect(stream.request?.messages.last == .user("Question"))

      stream.send(.content("Answer"))
      stream.finish()
      _ = await sending.value
      #expect(try await harness.path(chat.conversationID).last?.text == "Answer")
    }
  }

  @Test func stateMovesFromIdleToSendingToStreamingAndBack() async throws {
    let stream = ScriptedStream()
    try await ChatHarness.run(client: ScriptedChatClient([.controlled(stream)])) { harness in
      let chat = try await harness.openChat()
      #expect(chat.state == .idle)
      #expect(!chat.isSending)
      let sending = Task { await chat.send("Hi") }
      #expect(await stream.waitUntilRequested())
      #expect(chat.state == .sending)
      #expect(chat.isSending)
      stream.send(.started(ChatResponseInfo()))
      stream.send(.content("Hel"))
      await waitUntil { chat.state == .streaming }
      #expect(chat.messages.last?.isStreaming == true)
      stream.send(.content("lo"))
      stream.finish()
      _ = await sending.value
      #expect(chat.state == .idle)
      #expect(chat.messages.last?.text == "Hello")
      #expect(chat.messages.last?.isStreaming == false)
    }
  }

  @Test func blankInputSendsNothing() async throws {
    try await ChatHarness.run(client: ScriptedChatClient()) { harness in
      let chat = try await harness.openChat()
      chat.composer.text = " \n\t "
      #expect(await chat.sendButtonTapped() == nil)
      #expect(await chat.send("") == nil)
      #expect(harness.client.requests.isEmpty)
      #expect(try await harness.path(chat.conversationID).isEmpty)
    }
  }

  @Test func aRefusalBeforeTheStreamStoresAFailedReplyWithItsCode() async throws {
    let refusal = ChatStreamEvent.finished(.httpError(HTTPFailure(status: 401)))
    try await ChatHarness.run(client: ScriptedChatClient([.events([refusal])])) { harness in
      let chat = try await harness.openChat()
      let result = try #require(await chat.send("Hi"))

      // The proxy refused the session's token: the session ended, not a password problem.
      #expect(result.error == .sessionExpired)
      let reply = try #require(try await harness.path(chat.conversationID).last)
      #expect(reply.status == .failed)
      #expect(reply.errorCode == "session_expired")
      #expect(reply.text == "")
      let failure = try #require(chat.state.failure)
      #expect(failure.error == .sessionExpired)
      #expect(failure.message == "Your session has expired. Please sign in again.")
      #expect(failure.messageID == reply.id)
      #expect(chat.canRetry)
    }
  }

  @Test func aProviderErrorMidStreamKeepsThePartialText() async throws {
    let events: [ChatStreamEvent] = [
      .started(ChatResponseInfo()), .content("Partial "), .content("answer"),
      .finished(.streamError(ProviderError(code: nil, message: "upstream died"))),
    ]
    try await ChatHarness.run(client: ScriptedChatClient([.events(events)])) { harness in
      let chat = try await harness.openChat()
      let result = try #require(await chat.send("Hi"))

      #expect(result.error == .serviceUnavailable(status: 502))
      #expect(result.reply.content == "Partial answer")
      let reply = try #require(try await harness.path(chat.conversationID).last)
      #expect(reply.text == "Partial answer")
      #expect(reply.status == .failed)
      #expect(reply.errorCode == "service_unavailable")
      #expect(reply.finishReason == "error")
      #expect(chat.messages.last?.text == "Partial answer")
      #expect(chat.state.failure?.code == "service_unavailable")
    }
  }

  @Test func aStreamThatIsCutOffFailsAsALostConnection() async throws {
    let events: [ChatStreamEvent] = [.content("Half"), .finished(.incomplete(cause: nil))]
    try await ChatHarness.run(client: ScriptedChatClient([.events(events)])) { harness in
      let chat = try await harness.openChat()
      let result = try #require(await chat.send("Hi"))
      #expect(result.error?.code == "network")
      #expect(try await harness.path(chat.conversationID).last?.status == .failed)
      #expect(try await harness.path(chat.conversationID).last?.text == "Half")
    }
  }

  @Test func offlineBeforeAnyResponseFailsWithTheOfflineSentence() async throws {
    let offline = AppError.network(code: -1009, message: "Offline")
    try await ChatHarness.run(
      client: ScriptedChatClient([.events([.finished(.failed(offline))])])
    ) { harness in
      let chat = try await harness.openChat()
      let result = try #require(await chat.send("Hi"))
      #expect(result.error == offline)
      #expect(chat.state.failure?.message == offline.localizedUserMessage)
      #expect(try await harness.path(chat.conversationID).last?.errorCode == "offline")
    }
  }
}

/// Yields until `condition` holds (never sleeping); records an issue if it never does.
@MainActor
func waitUntil(
  maxTurns: Int = 1_000_000, sourceLocation: SourceLocation = #_sourceLocation,
  _ condition: () -> Bool
) async {
  for _ in 0..<maxTurns {
    if condition() { return }
    await Task.yield()
  }
  Issue.record("condition never became true", sourceLocation: sourceLocation)
}
