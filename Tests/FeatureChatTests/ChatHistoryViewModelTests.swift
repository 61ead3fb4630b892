import AI
import Core
import FeatureChat
import Foundation
import Localization
import Storage
import TestSupport
import Testing

@MainActor @Suite struct ChatHistoryViewModelTests {
  private func history(_ harness: ChatHarness, pageSize: Int = 50) -> ChatHistoryViewModel {
    ChatHistoryViewModel(
      conversations: harness.conversations, messages: harness.messages,
      sessions: harness.sessions, clock: harness.clock.appClock, pageSize: pageSize)
  }

  @Test(arguments: StorageKind.allCases)
  func createRenameAndDeleteConversations(storage: StorageKind) async throws {
    try await ChatHarness.run(storage: storage) { harness in
      let list = history(harness)
      await list.loadConversations()
      #expect(list.conversations.isEmpty)
      #expect(list.loadState == .loaded)

      let created = try #require(
        await list.createNewConversation(persona: PersonaCatalogue.persona(.translator)))
      #expect(created.title == "New Chat")
      #expect(created.personaID == "translator")
      #expect(created.personaName == "Translator")
      #expect(list.conversations.map(\.id) == [created.id])

      await list.renameConversation(id: created.id, newTitle: "  Spanish homework ")
      #expect(list.conversations.first?.title == "Spanish homework")
      await list.renameConversation(id: created.id, newTitle: "   ")
      #expect(list.conversations.first?.title == "Spanish homework")

      await list.deleteConversation(id: created.id)
      #expect(list.conversations.isEmpty)
      #expect(try await harness.conversations.get(id: created.id) == nil)
      #expect(list.failure == nil)
    }
  }

  @Test func newConversationsAreTitledInTheAppsLanguage() async throws {
    try await ChatHarness.run { harness in
      let list = history(harness)
      let title = await L10n.withLanguage(.spanish) {
        await list.createNewConversation()?.title
      }
      #expect(title == L10n.withLanguage(.spanish) { L10n.Chat.defaultTitle })
      #expect(title != "New Chat")
    }
  }

  @Test func aTitleDerivedInAChatUpdatesTheListRow() async throws {
    try await ChatHarness.run { harness in
      let list = history(harness)
      harness.sessions.onConversationUpdated = { list.conversationDidChange($0) }
      let first = try #require(await list.createNewConversation())
      await harness.clock.advance(by: .seconds(1))
      let second = try #require(await list.createNewConversation())
      #expect(list.conversations.map(\.id) == [second.id, first.id])

      await harness.clock.advance(by: .seconds(1))
      await harness.sessions.viewModel(for: first.id).send("Plan a trip to Porto")
      #expect(list.conversations.map(\.title) == ["Plan a trip to Porto", "New Chat"])
      #expect(list.conversations.first?.id == first.id, "the newest activity lists first")
    }
  }

  @Test func deletingAStreamingConversationStopsItsReplyFirst() async throws {
    let stream = ScriptedStream()
    try await ChatHarness.run(client: ScriptedChatClient([.controlled(stream)])) { harness in
      let list = history(harness)
      let conversation = try #require(await list.createNewConversation())
      let chat = harness.sessions.viewModel(for: conversation.id)
      let sending = Task { await chat.send("Hi") }
      #expect(await stream.waitUntilRequested())
      await list.deleteConversation(id: conversation.id)
      #expect(await sending.value?.error == .cancelled)
      #expect(harness.sessions.openConversationIDs.isEmpty)
      #expect(try await harness.conversations.get(id: conversation.id) == nil)
    }
  }

  @Test func pinnedConversationsListFirstAndArchivedOnesHide() async throws {
    try await ChatHarness.run { harness in
      let list = history(harness)
      var created: [ConversationDTO] = []
      for _ in 0..<3 {
        created.append(try #require(await list.createNewConversation()))
        await harness.clock.advance(by: .seconds(1))
      }
      #expect(list.conversations.map(\.id) == created.reversed().map(\.id))

      await list.setPinned(id: created[0].id, true)
      #expect(list.conversations.map(\.id) == [created[0].id, created[2].id, created[1].id])
      #expect(list.conversations.first?.isPinned == true)

      await list.setArchived(id: created[2].id, true)
      #expect(list.conversations.map(\.id) == [created[0].id, created[1].id])
      await list.showArchivedToggled()
      #expect(list.conversations.map(\.id) == [created[0].id, created[2].id, created[1].id])
      await list.showArchivedToggled()
      await list.loadConversations()
      #expect(list.conversations.map(\.id) == [created[0].id, created[1].id])

      await list.setPinned(id: created[0].id, false)
      #expect(list.conversations.map(\.id) == [created[1].id, created[0].id])
    }
  }

  @Test func titlesAndPersonaNamesFilterAtOnceIgnoringCaseAndAccents() async throws {
    try await ChatHarness.run { harness in
      let list = history(harness)
      let trip = try #require(await list.createNewConversation())
      await list.renameConversation(id: trip.id, newTitle: "Café in Lisboa")
      let swift = try #require(
        await list.createNewConversation(persona: PersonaCatalogue.persona(.swiftExpert)))
      await list.renameConversation(id: swift.id, newTitle: "Actors")

      list.searchText = "CAFE"
      #expect(list.filteredConversations.map(\.id) == [trip.id])
      list.searchText = "swift exp"
      #expect(list.filteredConversations.map(\.id) == [swift.id])
      list.searchText = "  "
      #expect(list.filteredConversations.count == 2)
      #expect(list.messageResults == .idle)
    }
  }

  @Test func messageTextIsSearchedAfterTypingPausesWithSnippets() async throws {
    try await ChatHarness.run { harness in
      let list = history(harness)
      let conversation = try #require(await list.createNewConversation())
      await harness.sessions.viewModel(for: conversation.id).send("Where is the lighthouse?")
      await list.loadConversations()

      list.searchText = "lightho"
      list.searchText = "lighthouse"
      #expect(list.messageResults == .searching)
      #expect(await harness.clock.waitForSleepers(1, maxTurns: 1_000_000))
      await harness.clock.advance(by: .milliseconds(250))
      await waitUntil {
        if case .results = list.messageResults { return true }
        return false
      }
      guard case .results(let hits) = list.messageResults else {
        Issue.record("no search results: \(list.messageResults)")
        return
      }
      #expect(hits.count == 2)  // The question and its echo.
      #expect(hits.allSatisfy { $0.conversation.id == conversation.id })
      #expect(hits.allSatisfy { $0.snippet.matches.map { $0.lowercased() } == ["lighthouse"] })
    }
  }

  @Test func aSubmittedSearchRunsAtOnceAndFindsArchivedAndUnloadedConversations() async throws {
    try await ChatHarness.run { harness in
      let list = history(harness, pageSize: 2)
      var ids: [UUID] = []
      for index in 0..<5 {
        let conversation = try await harness.conversations.create(
          title: "Chat \(index)", personaName: nil, personaID: nil)
        ids.append(conversation.id)
        await harness.clock.advance(by: .seconds(1))
      }
      try await harness.conversations.setArchived(id: ids[0], true)
      await list.loadConversations()
      #expect(list.conversations.count == 2)

      list.searchText = "chat 0"
      #expect(list.filteredConversations.isEmpty, "not loaded yet")
      await list.searchSubmitted()
      #expect(list.filteredConversations.map(\.id) == [ids[0]])
      #expect(list.messageResults == .results([]))
    }
  }

  @Test func conversationsLoadPageByPage() async throws {
    try await ChatHarness.run { harness in
      for index in 0..<5 {
        _ = try await harness.conversations.create(
          title: "Chat \(index)", personaName: nil, personaID: nil)
        await harness.clock.advance(by: .seconds(1))
      }
      let list = history(harness, pageSize: 2)
      await list.loadConversations()
      #expect(list.conversations.map(\.title) == ["Chat 4", "Chat 3"])
      await list.conversationAppeared(at: 1)
      #expect(list.conversations.map(\.title) == ["Chat 4", "Chat 3", "Chat 2", "Chat 1"])
      await list.conversationAppeared(at: 3)
      #expect(list.conversations.count == 5)
      await list.conversationAppeared(at: 4)
      #expect(list.paginator.state == .endReached)
      #expect(list.conversations.count == 5)
    }
  }
}
