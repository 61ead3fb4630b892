import AI
import Core
import FeatureChat
import Foundation
import Localization
import Storage
import TestSupport
import Testing

@MainActor @Suite struct ChatViewModelActionTests {
  private static let refusal = ChatStreamEvent.finished(.httpError(HTTPFailure(status: 500)))

  @Test func retryReplacesAnEmptyFailedReply() async throws {
    let client = ScriptedChatClient(
      [.events([Self.refusal])], fallback: .reply(ScriptedChatClient.echoEvents))
    try await ChatHarness.run(client: client) { harness in
      let chat = try await harness.openChat()
      let failed = try #require(await chat.send("Hi")?.replyMessageID)
      #expect(chat.state.failure?.error == .network(code: 500, message: nil))

      let result = try #require(await chat.retryButtonTapped())
      #expect(result.isCompleted)
      #expect(chat.state == .idle)
      let stored = try await harness.path(chat.conversationID)
      #expect(stored.map(\.text) == ["Hi", "echo: Hi"])
      #expect(try await harness.messages.message(id: failed) == nil, "empty failure kept")
      #expect(client.requests.count == 2)
      #expect(client.requests[1].messages == client.requests[0].messages)
    }
  }

  @Test func retryAfterAFailedStoreOfTheReplyAsksForTheMissingReply() async throws {
    try await ChatHarness.run(faulty: true) { harness in
      let chat = try await harness.openChat()
      harness.faults?.onAppend(2, .fail(.diskFull))
      let failed = try #require(await chat.send("Hi"))
      #expect(failed.error == .storage(.diskFull))
      #expect(harness.client.requests.isEmpty)
      #expect(chat.canRetry)

      let retried = try #require(await chat.retryButtonTapped())
      #expect(retried.isCompleted)
      #expect(try await harness.path(chat.conversationID).map(\.text) == ["Hi", "echo: Hi"])
    }
  }

  @Test func retryWithNothingToRetryDoesNothing() async throws {
    try await ChatHarness.run { harness in
      let chat = try await harness.openChat()
      #expect(await chat.retryButtonTapped() == nil)
      await chat.send("Hi")
      #expect(!chat.canRetry)
      #expect(await chat.retryButtonTapped() == nil)
      #expect(harness.client.requests.count == 1)
    }
  }

  @Test func aFailedUserMessageStoreRestoresTheInputAndSendsNothing() async throws {
    try await ChatHarness.run(client: ScriptedChatClient(), faulty: true) { harness in
      let chat = try await harness.openChat()
      harness.faults?.onAppend(1, .fail(.diskFull))
      chat.composer.text = "Important words"
      let result = try #require(await chat.sendButtonTapped())
      #expect(result.error == .storage(.diskFull))
      #expect(chat.composer.text == "Important words")
      #expect(chat.state.failure?.code == "storage")
      #expect(chat.messages.isEmpty)
    }
  }

  @Test func aFailedFinalWriteReportsStorageAndKeepsTheTextOnScreen() async throws {
    try await ChatHarness.run(faulty: true) { harness in
      let chat = try await harness.openChat()
      harness.faults?.onUpdate(.fail(.diskFull))
      let result = try #require(await chat.send("Hi"))
      #expect(result.error == .storage(.diskFull))
      #expect(result.reply.content == "echo: Hi")
      #expect(chat.messages.last?.text == "echo: Hi")
      #expect(chat.messages.last?.status == .failed)
      #expect(chat.state.failure?.error == .storage(.diskFull))
    }
  }

  @Test(arguments: StorageKind.allCases)
  func regenerateKeepsTheOldReplyAsAnEarlierVersion(storage: StorageKind) async throws {
    try await ChatHarness.run(storage: storage) { harness in
      let chat = try await harness.openChat()
      await chat.send("First")
      await chat.send("Second")
      let firstReply = chat.messages[1].id

      let result = try #require(await chat.regenerateButtonTapped(messageID: firstReply))
      #expect(result.isCompleted)
      let stored = try await harness.path(chat.conversationID)
      #expect(stored.map(\.text) == ["First", "echo: First"])
      #expect(stored[1].id != firstReply)
      #expect(chat.messages.map(\.id) == stored.map(\.id))
      let versions = try await chat.versions(of: firstReply)
      #expect(versions.map(\.id) == [firstReply, stored[1].id])

      await chat.showVersion(firstReply)
      #expect(chat.messages.map(\.text) == ["First", "echo: First", "Second", "echo: Second"])
      #expect(chat.messages[1].id == firstReply)
    }
  }

  @Test(arguments: StorageKind.allCases)
  func editResendsTheNewTextAndKeepsTheOldBranch(storage: StorageKind) async throws {
    try await ChatHarness.run(storage: storage) { harness in
      let chat = try await harness.openChat()
      await chat.send("Helo")
      await chat.send("More")
      let original = try #require(chat.messages.first)

      chat.editButtonTapped(messageID: original.id)
      #expect(chat.composer.text == "Helo")
      #expect(chat.composer.editingMessageID == original.id)
      chat.composer.text = "Hello"
      let result = try #require(await chat.sendButtonTapped())

      #expect(result.isCompleted)
      #expect(chat.composer.editingMessageID == nil)
      let stored = try await harness.path(chat.conversationID)
      #expect(stored.map(\.text) == ["Hello", "echo: Hello"])
      #expect(harness.client.requests.last?.messages.last == .user("Hello"))
      #expect(
        !(harness.client.requests.last?.messages.contains { $0.content.contains("Helo") } ?? true))
      let versions = try await chat.versions(of: original.id)
      #expect(versions.map(\.text) == ["Helo", "Hello"])

      await chat.showVersion(original.id)
      #expect(chat.messages.map(\.text) == ["Helo", "echo: Helo", "More", "echo: More"])
    }
  }

  @Test func cancellingAnEditRestoresNothing() async throws {
    try await ChatHarness.run { harness in
      let chat = try await harness.openChat()
      await chat.send("Hi")
      chat.editButtonTapped(messageID: chat.messages[0].id)
      chat.composer.cancelEditButtonTapped()
      #expect(chat.composer.editingMessageID == nil)
      #expect(chat.composer.text == "")
      chat.editButtonTapped(messageID: chat.messages[1].id)  // A reply cannot be edited.
      #expect(chat.composer.editingMessageID == nil)
    }
  }

  @Test func deletingAMessageRemovesItAndReattachesItsReply() async throws {
    try await ChatHarness.run { harness in
      let chat = try await harness.openChat()
      await chat.send("One")
      await chat.send("Two")
      #expect(chat.usage.promptTokens == 20)
      let second = chat.messages[2]

      await chat.deleteMessageButtonTapped(messageID: second.id)
      #expect(chat.messages.map(\.text) == ["One", "echo: One", "echo: Two"])
      #expect(chat.messages[2].parentID == chat.messages[1].id)
      let stored = try await harness.path(chat.conversationID)
      #expect(stored.map(\.id) == chat.messages.map(\.id))

      await chat.deleteMessageButtonTapped(messageID: chat.messages[2].id)
      #expect(chat.usage.promptTokens == 10)
      #expect(chat.usage.meteredReplies == 1)
    }
  }

  @Test func copyReadyTextIsTheMessageOrTheWholeConversation() async throws {
    try await ChatHarness.run { harness in
      let chat = try await harness.openChat()
      await chat.send("Hi")
      await chat.send("Bye")
      #expect(chat.copyText(messageID: chat.messages[1].id) == "echo: Hi")
      #expect(chat.copyText(messageID: Fixture.uuid(999)) == nil)
      let transcript = try await chat.conversationText()
      #expect(
        transcript == "You:\nHi\n\nAI:\necho: Hi\n\nYou:\nBye\n\nAI:\necho: Bye")
    }
  }

  @Test func theFirstMessageNamesANewConversation() async throws {
    try await ChatHarness.run { harness in
      var updates: [ConversationDTO] = []
      harness.sessions.onConversationUpdated = { updates.append($0) }
      let chat = try await harness.openChat()
      #expect(chat.conversation?.title == L10n.Chat.defaultTitle)
      await chat.send("How do actors   work\nin Swift 6 with strict concurrency?")
      #expect(chat.conversation?.title == "How do actors work in Swift 6 with…")
      await chat.send("Second message")
      #expect(chat.conversation?.title == "How do actors work in Swift 6 with…")
      #expect(updates.first?.title == "How do actors work in Swift 6 with…")
      let stored = try await harness.conversations.get(id: chat.conversationID)
      #expect(stored?.title == "How do actors work in Swift 6 with…")
    }
  }

  @Test func aConversationTheUserAlreadyNamedKeepsItsTitle() async throws {
    try await ChatHarness.run { harness in
      let conversation = try await harness.newConversation(title: "Trip plans")
      let chat = harness.sessions.viewModel(for: conversation.id)
      await chat.send("Where should we go?")
      #expect(chat.conversation?.title == "Trip plans")
    }
  }

  @Test func anUnknownConversationFailsToLoadAndSendsNothing() async throws {
    try await ChatHarness.run(client: ScriptedChatClient()) { harness in
      let chat = harness.sessions.viewModel(for: Fixture.uuid(4242))
      chat.composer.text = "Hello?"
      let result = try #require(await chat.sendButtonTapped())
      #expect(result.error == .notFound)
      #expect(chat.loadState == .failed(.notFound))
      #expect(chat.composer.text == "Hello?")
    }
  }
}
