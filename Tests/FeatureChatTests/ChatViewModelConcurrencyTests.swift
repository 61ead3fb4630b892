import AI
import Core
import FeatureChat
import Foundation
import Storage
import TestSupport
import Testing

@MainActor @Suite struct ChatViewModelConcurrencyTests {
  @Test(arguments: StorageKind.allCases)
  func twentyFiveConcurrentSendsInOneConversationLoseNothing(storage: StorageKind) async throws {
    try await ChatHarness.run(storage: storage, subscribed: true) { harness in
      let chat = try await harness.openChat()
      let texts = (0..<25).map { "message \($0)" }
      let results = await withTaskGroup(of: ReplyResult?.self) { group in
        for text in texts {
          group.addTask { await chat.send(text) }
        }
        var collected: [ReplyResult?] = []
        for await result in group { collected.append(result) }
        return collected
      }

      #expect(results.count == 25)
      #expect(results.allSatisfy { $0?.isCompleted == true })
      #expect(chat.queuedMessages.isEmpty)
      let stored = try await harness.path(chat.conversationID)
      #expect(stored.count == 50)
      let questions = stride(from: 0, to: stored.count, by: 2).map { stored[$0] }
      let answers = stride(from: 1, to: stored.count, by: 2).map { stored[$0] }
      #expect(questions.allSatisfy { $0.role == .user })
      #expect(Set(questions.map(\.text)) == Set(texts), "a message was lost or doubled")
      for (question, answer) in zip(questions, answers) {
        #expect(answer.role == .assistant)
        #expect(answer.parentID == question.id)
        #expect(answer.text == "echo: " + question.text, "a reply answered another message")
        #expect(answer.status == .complete)
      }
      #expect(chat.messages.map(\.id) == stored.map(\.id))
      #expect(harness.client.requests.count == 25)
      // Each request carried the whole conversation before it, in order.
      for (index, request) in harness.client.requests.enumerated() {
        #expect(request.messages.count == 1 + 2 * index + 1)
      }
    }
  }

  @Test func aMessageSentWhileAReplyStreamsWaitsItsTurn() async throws {
    let first = ScriptedStream()
    let client = ScriptedChatClient(
      [.controlled(first)], fallback: .reply(ScriptedChatClient.echoEvents))
    try await ChatHarness.run(client: client) { harness in
      let chat = try await harness.openChat()
      let sendingFirst = Task { await chat.send("First") }
      #expect(await first.waitUntilRequested())
      let sendingSecond = Task { await chat.send("Second") }
      await waitUntil { chat.queuedMessages == ["Second"] }
      #expect(client.requests.count == 1)

      first.send(.content("One"))
      first.finish()
      _ = await sendingFirst.value
      _ = await sendingSecond.value
      #expect(chat.queuedMessages.isEmpty)
      let stored = try await harness.path(chat.conversationID)
      #expect(stored.map(\.text) == ["First", "One", "Second", "echo: Second"])
      #expect(
        client.requests[1].messages.suffix(3) == [
          .user("First"), .assistant("One"), .user("Second"),
        ])
    }
  }

  @Test func twoConversationsStreamAtOnceEachIntoItsOwnMessages() async throws {
    let streamA = ScriptedStream()
    let streamB = ScriptedStream()
    try await ChatHarness.run(
      client: ScriptedChatClient([.controlled(streamA), .controlled(streamB)])
    ) { harness in
      let chatA = try await harness.openChat()
      let chatB = try await harness.openChat()
      let sendingA = Task { await chatA.send("Question A") }
      #expect(await streamA.waitUntilRequested())
      let sendingB = Task { await chatB.send("Question B") }
      #expect(await streamB.waitUntilRequested())
      #expect(harness.sessions.busyConversationIDs == [chatA.conversationID, chatB.conversationID])

      for index in 0..<5 {
        streamA.send(.content("a\(index) "))
        streamB.send(.content("b\(index) "))
      }
      streamB.finish()
      streamA.finish()
      _ = await sendingA.value
      _ = await sendingB.value

      let storedA = try await harness.path(chatA.conversationID)
      let storedB = try await harness.path(chatB.conversationID)
      #expect(storedA.map(\.text) == ["Question A", "a0 a1 a2 a3 a4 "])
      #expect(storedB.map(\.text) == ["Question B", "b0 b1 b2 b3 b4 "])
      #expect(chatA.messages.last?.text == "a0 a1 a2 a3 a4 ")
      #expect(chatB.messages.last?.text == "b0 b1 b2 b3 b4 ")
      #expect(harness.sessions.busyConversationIDs.isEmpty)
    }
  }

  @Test func switchingConversationsMidStreamLeavesTheReplyWhereItWasAsked() async throws {
    let stream = ScriptedStream()
    let client = ScriptedChatClient(
      [.controlled(stream)], fallback: .reply(ScriptedChatClient.echoEvents))
    try await ChatHarness.run(client: client) { harness in
      let first = try await harness.newConversation()
      let second = try await harness.newConversation()
      var visible = harness.sessions.viewModel(for: first.id)
      await visible.load()
      let asking = Task { [visible] in await visible.send("Slow question") }
      #expect(await stream.waitUntilRequested())
      stream.send(.content("Part one, "))

      // The user opens the other conversation and chats there while the reply streams.
      visible = harness.sessions.viewModel(for: second.id)
      await visible.load()
      await visible.send("Quick question")
      stream.send(.content("part two."))
      stream.finish()
      _ = await asking.value

      #expect(
        try await harness.path(first.id).map(\.text) == [
          "Slow question", "Part one, part two.",
        ])
      #expect(
        try await harness.path(second.id).map(\.text) == [
          "Quick question", "echo: Quick question",
        ])
      let firstModel = harness.sessions.viewModel(for: first.id)
      #expect(firstModel.messages.last?.text == "Part one, part two.")
      #expect(visible.messages.last?.text == "echo: Quick question")
    }
  }

  @Test func sessionsReturnOneModelPerConversationAndCloseStopsItsReply() async throws {
    let stream = ScriptedStream()
    try await ChatHarness.run(client: ScriptedChatClient([.controlled(stream)])) { harness in
      let conversation = try await harness.newConversation()
      let chat = harness.sessions.viewModel(for: conversation.id)
      #expect(harness.sessions.viewModel(for: conversation.id) === chat)
      let sending = Task { await chat.send("Hi") }
      #expect(await stream.waitUntilRequested())
      harness.sessions.releaseIdle()
      #expect(harness.sessions.openConversationIDs == [conversation.id], "busy model released")

      await harness.sessions.close(conversation.id)
      #expect(await sending.value?.error == .cancelled)
      #expect(harness.sessions.openConversationIDs.isEmpty)
      #expect(try await harness.path(conversation.id).last?.status == .cancelled)
      #expect(harness.sessions.viewModel(for: conversation.id) !== chat)
    }
  }
}
