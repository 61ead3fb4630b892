import Core
import Foundation
import TestSupport
import Testing

@testable import Storage

@Suite struct MessageSearchContractTests {
  @Test(arguments: Backend.allCases)
  func findsMessagesAcrossConversationsWithTheirConversationAndASnippet(
    backend: Backend
  )
    async throws
  {
    try await ChatHarness.run(backend) { harness in
      let travel = try await harness.conversation("Travel")
      let cooking = try await harness.conversation("Cooking")
      try await harness.append(1, to: travel, text: "We could visit Lisbon in spring")
      try await harness.append(2, to: cooking, text: "A spring salad needs fresh herbs")
      try await harness.append(3, to: cooking, text: "Nothing to see here")
      let hits = try await harness.messages.searchMessages("spring", limit: 10)
      #expect(Set(hits.map(\.message.id)) == [messageID(1), messageID(2)])
      let lisbon = try #require(hits.first { $0.message.id == messageID(1) })
      #expect(lisbon.conversation.id == travel.id)
      #expect(lisbon.conversation.title == "Travel")
      #expect(lisbon.snippet.matches == ["spring"])
      #expect(lisbon.snippet.plainText == "We could visit Lisbon in spring")
      #expect(lisbon.snippet.marked(open: "[", close: "]") == "We could visit Lisbon in [spring]")
    }
  }

  @Test(arguments: Backend.allCases)
  func matchingIgnoresCaseAndDiacritics(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let conversation = try await harness.conversation()
      try await harness.append(1, to: conversation, text: "Le CAFÉ est fermé")
      let hits = try await harness.messages.searchMessages("cafe", limit: 5)
      #expect(hits.map(\.message.id) == [messageID(1)])
      #expect(hits.first?.snippet.matches == ["CAFÉ"])
    }
  }

  @Test(arguments: Backend.allCases)
  func everyWordMustAppearAndAStarMatchesAPrefix(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let conversation = try await harness.conversation()
      try await harness.append(1, to: conversation, text: "swift concurrency guide")
      try await harness.append(2, to: conversation, text: "swift packages")
      try await harness.append(3, to: conversation, text: "concurrent programming")
      let both = try await harness.messages.searchMessages("swift concurrency", limit: 5)
      #expect(both.map(\.message.id) == [messageID(1)])
      let prefix = try await harness.messages.searchMessages("concurr*", limit: 5)
      #expect(Set(prefix.map(\.message.id)) == [messageID(1), messageID(3)])
      let whole = try await harness.messages.searchMessages("concurr", limit: 5)
      #expect(whole.isEmpty)
    }
  }

  @Test(
    arguments: Backend.allCases,
    [
      "\"swift\" AND (guide", "swift NEAR(guide)", "swift -guide", "col:swift guide",
      "swift\" OR \"guide", "{swift} ^guide",
    ])
  func quotesAndOperatorsInTheQueryArePlainText(backend: Backend, query: String) async throws {
    try await ChatHarness.run(backend) { harness in
      let conversation = try await harness.conversation()
      try await harness.append(1, to: conversation, text: "swift guide and near or col")
      try await harness.append(2, to: conversation, text: "swift only")
      let hits = try await harness.messages.searchMessages(query, limit: 5)
      #expect(hits.map(\.message.id) == [messageID(1)])
    }
  }

  @Test(arguments: Backend.allCases, ["", "   ", "\"\"", "* - ( )"])
  func aQueryWithoutWordsIsAValidationError(backend: Backend, query: String) async throws {
    try await ChatHarness.run(backend) { harness in
      do {
        _ = try await harness.messages.searchMessages(query, limit: 5)
        Issue.record("searching \(query) succeeded")
      } catch {
        #expect(AppError.from(error) == .validation(message: "Type a word to search for."))
      }
    }
  }

  @Test(arguments: Backend.allCases)
  func anEmojiOrASymbolInAMessageIsFound(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let conversation = try await harness.conversation()
      try await harness.append(1, to: conversation, text: "party🎉tonight")
      try await harness.append(2, to: conversation, text: "no party here")
      try await harness.append(3, to: conversation, text: "sunny ☀ day")
      let emoji = try await harness.messages.searchMessages("🎉", limit: 5)
      #expect(emoji.map(\.message.id) == [messageID(1)])
      let both = try await harness.messages.searchMessages("party 🎉", limit: 5)
      #expect(both.map(\.message.id) == [messageID(1)])
      let sun = try await harness.messages.searchMessages("☀", limit: 5)
      #expect(sun.map(\.message.id) == [messageID(3)])
      #expect(try await harness.messages.searchMessages("🚀", limit: 5).isEmpty)
    }
  }

  @Test(arguments: Backend.allCases)
  func moreRelevantMessagesRankFirst(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let conversation = try await harness.conversation()
      try await harness.append(
        1, to: conversation,
        text: "one mention of kiln among many other words that dilute the match a lot today")
      try await harness.append(2, to: conversation, text: "kiln kiln kiln")
      try await harness.append(3, to: conversation, text: "filler text without it")
      let hits = try await harness.messages.searchMessages("kiln", limit: 5)
      #expect(hits.map(\.message.id) == [messageID(2), messageID(1)])
      let limited = try await harness.messages.searchMessages("kiln", limit: 1)
      #expect(limited.map(\.message.id) == [messageID(2)])
    }
  }

  @Test(arguments: Backend.allCases)
  func searchFollowsEditsDeletesAndTheActivePath(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let conversation = try await harness.conversation()
      var reply = try await harness.append(1, to: conversation, text: "draft about apples")
      reply.text = "final about pears"
      try await harness.messages.update(reply)
      #expect(try await harness.messages.searchMessages("apples", limit: 5).isEmpty)
      #expect(try await harness.messages.searchMessages("pears", limit: 5).count == 1)
      let branch = try await harness.append(2, to: conversation, text: "pears again")
      try await harness.messages.detachFromActivePath(messageID: branch.id)
      #expect(try await harness.messages.searchMessages("again", limit: 5).isEmpty)
      try await harness.messages.deleteMessage(id: reply.id)
      #expect(try await harness.messages.searchMessages("pears", limit: 5).isEmpty)
    }
  }

  @Test func longMessagesGetAnExcerptAroundTheFirstMatch() throws {
    let text = (1...40).map { "word\($0)" }.joined(separator: " ") + " target end"
    let snippet = SearchSnippet.build(text: text, terms: try MessageSearch.terms("target"))
    #expect(snippet.segments.first?.text.hasPrefix("…") == true)
    #expect(snippet.matches == ["target"])
    #expect(snippet.plainText == "…word35 word36 word37 word38 word39 word40 target end")
  }
}
