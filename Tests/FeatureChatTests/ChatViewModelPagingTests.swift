import AI
import Core
import FeatureChat
import Foundation
import Storage
import TestSupport
import Testing

@MainActor @Suite struct ChatViewModelPagingTests {
  /// A conversation with `exchanges` stored exchanges (two messages each), one second apart.
  private func conversation(
    _ harness: ChatHarness, exchanges: Int
  ) async throws -> ConversationDTO {
    let conversation = try await harness.newConversation(title: "Long")
    for index in 0..<exchanges {
      try await harness.storeExchange(
        in: conversation.id, user: "q\(index)", reply: "a\(index)",
        at: Fixture.referenceDate.addingTimeInterval(Double(index)))
    }
    return conversation
  }

  @Test(arguments: StorageKind.allCases)
  func olderMessagesLoadAsTheUserScrollsUp(storage: StorageKind) async throws {
    try await ChatHarness.run(storage: storage) { harness in
      let conversation = try await conversation(harness, exchanges: 60)
      let chat = harness.sessions.viewModel(for: conversation.id)
      await chat.load()
      #expect(chat.messages.count == 50)
      #expect(chat.messages.first?.text == "q35")
      #expect(chat.messages.last?.text == "a59")

      await chat.messageAppeared(chat.messages[5].id)  // 44 in load order: not yet.
      #expect(chat.messages.count == 50)
      await chat.messageAppeared(chat.messages[4].id)  // 45 in load order: prefetch.
      #expect(chat.messages.count == 100)
      #expect(chat.paginator.state == .idle)
      await chat.messageAppeared(chat.messages[0].id)
      #expect(chat.messages.count == 120)
      #expect(chat.paginator.state == .endReached)
      await chat.messageAppeared(chat.messages[0].id)
      #expect(chat.messages.count == 120)

      let texts = (0..<60).flatMap { ["q\($0)", "a\($0)"] }
      #expect(chat.messages.map(\.text) == texts)
    }
  }

  @Test func exactlyOnePageReachesTheEndAtOnce() async throws {
    try await ChatHarness.run { harness in
      let conversation = try await conversation(harness, exchanges: 25)
      let chat = harness.sessions.viewModel(for: conversation.id)
      await chat.load()
      #expect(chat.messages.count == 50)
      #expect(chat.paginator.state == .endReached)
    }
  }

  @Test func fiftyOneMessagesNeedASecondPage() async throws {
    try await ChatHarness.run { harness in
      let conversation = try await conversation(harness, exchanges: 25)
      _ = try await harness.messages.append(
        MessageDTO(
          id: harness.uuid(), conversationID: conversation.id, role: .user, text: "last",
          createdAt: Fixture.referenceDate.addingTimeInterval(100)))
      let chat = harness.sessions.viewModel(for: conversation.id)
      await chat.load()
      #expect(chat.messages.count == 50)
      #expect(chat.paginator.state == .idle)
      await chat.loadEarlierMessages()
      #expect(chat.messages.count == 51)
      #expect(chat.messages.first?.text == "q0")
      #expect(chat.paginator.state == .endReached)
    }
  }

  @Test func aReplyAfterPagingSeesTheWholeConversationWithinTheBudget() async throws {
    try await ChatHarness.run { harness in
      let conversation = try await conversation(harness, exchanges: 60)
      let chat = harness.sessions.viewModel(for: conversation.id)
      await chat.load()
      #expect(chat.messages.count == 50)
      await chat.send("newest")

      let request = try #require(harness.client.requests.last)
      #expect(request.messages.count == 1 + 120 + 1)
      #expect(request.messages[1] == .user("q0"))
      #expect(request.messages.last == .user("newest"))
      #expect(chat.messages.count == 52, "context reads do not change what is shown")
    }
  }
}

@MainActor @Suite struct ChatViewModelContextTests {
  private func history(_ harness: ChatHarness, _ id: UUID, exchanges: Int) async throws {
    for index in 0..<exchanges {
      try await harness.storeExchange(
        in: id, user: "question number \(index)", reply: "answer number \(index)",
        at: Fixture.referenceDate.addingTimeInterval(Double(index)))
    }
  }

  @Test func historyIsTrimmedOldestFirstToTheBudget() async throws {
    let budget = ContextBudget(promptTokens: 200, memoryTokens: 0)
    try await ChatHarness.run(configuration: ChatConfiguration(contextBudget: budget)) {
      harness in
      let conversation = try await harness.newConversation()
      try await history(harness, conversation.id, exchanges: 30)
      let chat = harness.sessions.viewModel(for: conversation.id)
      await chat.send("the newest question")

      let sent = try #require(harness.client.requests.last?.messages)
      #expect(sent.first?.role == .system)
      #expect(sent.last == .user("the newest question"))
      #expect(sent[1].role == .user, "the kept history starts with a user turn")
      let tokens = sent.reduce(0) { $0 + TokenEstimate.messageTokens($1.content) }
      #expect(tokens <= 200)
      // One more exchange (9 + 8 tokens) would not have fitted.
      #expect(TokenEstimate.messageTokens("question number 10") == 9)
      #expect(TokenEstimate.messageTokens("answer number 10") == 8)
      #expect(tokens + 9 + 8 > 200, "trimmed more than needed")
      // What is kept is the newest part, in order.
      let kept = sent.dropFirst().dropLast().map(\.content)
      let all = (0..<30).flatMap { ["question number \($0)", "answer number \($0)"] }
      #expect(Array(all.suffix(kept.count)) == kept)
    }
  }

  @Test func theSystemPromptAndNewestMessageStayWhenTheyAloneExceedTheBudget() async throws {
    let budget = ContextBudget(promptTokens: 1, memoryTokens: 0)
    try await ChatHarness.run(configuration: ChatConfiguration(contextBudget: budget)) {
      harness in
      let conversation = try await harness.newConversation()
      try await history(harness, conversation.id, exchanges: 3)
      let chat = harness.sessions.viewModel(for: conversation.id)
      await chat.send("still sent")
      let sent = try #require(harness.client.requests.last?.messages)
      #expect(sent.map(\.role) == [.system, .user])
      #expect(sent.last?.content == "still sent")
    }
  }

  @Test func aContextTooLongErrorIsRetriedOnceWithHalfTheBudget() async throws {
    let tooLong = ChatStreamEvent.finished(
      .httpError(
        HTTPFailure(
          status: 400, code: "context_length_exceeded",
          message: "This model's maximum context length is 4097 tokens")))
    let client = ScriptedChatClient(
      [.events([tooLong])], fallback: .reply(ScriptedChatClient.echoEvents))
    try await ChatHarness.run(client: client, subscribed: false) { harness in
      let conversation = try await harness.newConversation()
      // About 6,800 tokens: within the 8,000 budget, not within half of it.
      try await history(harness, conversation.id, exchanges: 400)
      let chat = harness.sessions.viewModel(for: conversation.id)
      let result = try #require(await chat.send("and now?"))

      #expect(result.isCompleted)
      #expect(client.requests.count == 2)
      #expect(client.requests[1].messages.count < client.requests[0].messages.count)
      #expect(client.requests[1].messages.last == .user("and now?"))
      let stored = try await harness.path(conversation.id)
      #expect(stored.count == 802)
      #expect(stored.last?.text == "echo: and now?")
      #expect(stored.last?.status == .complete)
      #expect(harness.freeTier.remaining == 9, "one message counted, not two")
    }
  }

  @Test func aSecondContextTooLongErrorFails() async throws {
    let tooLong = ChatStreamEvent.finished(
      .httpError(HTTPFailure(status: 413, code: "too_large", message: nil)))
    let client = ScriptedChatClient([.events([tooLong]), .events([tooLong])])
    try await ChatHarness.run(client: client) { harness in
      let chat = try await harness.openChat()
      let result = try #require(await chat.send("huge"))
      #expect(result.error == .payloadTooLarge)
      #expect(client.requests.count == 2)
      #expect(chat.state.failure?.code == "too_large")
    }
  }
}
