import Core
import Foundation
import TestSupport
import Testing

@testable import Storage

@Suite struct MessageRepositoryContractTests {
  @Test(arguments: Backend.allCases)
  func appendAttachesToTheNewestMessageOnTheActivePath(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let conversation = try await harness.conversation()
      let first = try await harness.append(1, to: conversation)
      let second = try await harness.append(2, to: conversation, role: .assistant)
      #expect(first.parentID == nil)
      #expect(second.parentID == first.id)
      #expect(second.isOnActivePath)
      #expect(try await harness.messages.message(id: second.id) == second)
    }
  }

  @Test(arguments: Backend.allCases)
  func appendRefusesUnknownConversationsParentsAndDuplicates(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let conversation = try await harness.conversation()
      let other = try await harness.conversation("Other")
      let foreignParent = try await harness.append(1, to: other)
      await expectStorageError(.notFound("conversation")) {
        _ = try await harness.messages.append(
          makeMessage(2, in: Fixture.uuid(404), at: Fixture.referenceDate))
      }
      await expectStorageError(.notFound("parent message")) {
        try await harness.append(3, to: conversation, parent: foreignParent.id)
      }
      try await harness.append(4, to: conversation)
      await expectStorageError(.alreadyExists("message")) {
        try await harness.append(4, to: conversation)
      }
      #expect(try await harness.messages.count(conversationID: conversation.id) == 1)
    }
  }

  @Test(arguments: Backend.allCases)
  func updateReplacesContentButKeepsIdentityAndPlace(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let conversation = try await harness.conversation()
      let question = try await harness.append(1, to: conversation)
      let placeholder = try await harness.messages.append(
        MessageDTO(
          id: messageID(2), conversationID: conversation.id, role: .assistant, text: "",
          createdAt: harness.clock.now(), status: .streaming))
      var finished = placeholder
      finished.text = "The answer"
      finished.status = .complete
      finished.model = "model-x"
      finished.finishReason = "stop"
      finished.promptTokens = 12
      finished.completionTokens = 40
      finished.reasoning = "Thinking it over"
      finished.errorCode = nil
      // Fields update must not change:
      finished.createdAt = Fixture.date(2000, 1, 1)
      finished.parentID = nil
      finished.isOnActivePath = false
      try await harness.messages.update(finished)
      let stored = try #require(try await harness.messages.message(id: placeholder.id))
      #expect(stored.text == "The answer" && stored.status == .complete)
      #expect(stored.model == "model-x" && stored.finishReason == "stop")
      #expect(stored.promptTokens == 12 && stored.completionTokens == 40)
      #expect(stored.reasoning == "Thinking it over")
      #expect(stored.createdAt == placeholder.createdAt)
      #expect(stored.parentID == question.id)
      #expect(stored.isOnActivePath)
      await expectStorageError(.notFound("message")) {
        try await harness.messages.update(makeMessage(9, in: conversation.id, at: .distantPast))
      }
    }
  }

  @Test(arguments: Backend.allCases)
  func deletingAMessageReconnectsItsChildren(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let conversation = try await harness.conversation()
      let first = try await harness.append(1, to: conversation)
      let middle = try await harness.append(2, to: conversation)
      let last = try await harness.append(3, to: conversation)
      try await harness.messages.deleteMessage(id: middle.id)
      #expect(try await harness.messages.message(id: middle.id) == nil)
      #expect(try await harness.messages.message(id: last.id)?.parentID == first.id)
      try await harness.messages.deleteMessage(id: middle.id)  // harmless
      #expect(try await harness.messages.count(conversationID: conversation.id) == 2)
    }
  }

  @Test(arguments: Backend.allCases)
  func batchInsertIsAllOrNothingAndMovesUpdatedAt(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let conversation = try await harness.conversation()
      let base = Fixture.date(2026, 7, 1)
      let batch = (1...5).map { n in
        makeMessage(
          n, in: conversation.id, at: base.addingTimeInterval(Double(n)),
          parent: n == 1 ? nil : messageID(n - 1))
      }
      try await harness.messages.insertMessages(batch)
      #expect(try await harness.messages.allMessages(conversationID: conversation.id) == batch)
      let bumped = try #require(try await harness.conversations.get(id: conversation.id))
      #expect(bumped.updatedAt == base.addingTimeInterval(5))

      let bad = [
        makeMessage(6, in: conversation.id, at: base),
        makeMessage(7, in: Fixture.uuid(404), at: base),
      ]
      await expectStorageError(.notFound("conversation")) {
        try await harness.messages.insertMessages(bad)
      }
      await expectStorageError(.alreadyExists("message")) {
        try await harness.messages.insertMessages([
          makeMessage(8, in: conversation.id, at: base), batch[0],
        ])
      }
      #expect(try await harness.messages.count(conversationID: conversation.id) == 5)
    }
  }

  @Test(arguments: Backend.allCases)
  func batchDeleteRemovesEveryNamedMessage(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let conversation = try await harness.conversation()
      for n in 1...6 { try await harness.append(n, to: conversation) }
      try await harness.messages.deleteMessages(ids: [messageID(2), messageID(3), messageID(99)])
      let remaining = try await harness.messages.allMessages(conversationID: conversation.id)
      #expect(remaining.map(\.id) == [1, 4, 5, 6].map(messageID))
      #expect(remaining[1].parentID == messageID(1))
    }
  }

  @Test(arguments: Backend.allCases)
  func pagesRunNewestFirstAndEndWithoutACursor(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let conversation = try await harness.conversation()
      for n in 1...10 { try await harness.append(n, to: conversation) }
      var pages: [[UUID]] = []
      var cursor: MessageCursor?
      repeat {
        let page = try await harness.messages.page(
          conversationID: conversation.id, before: cursor, limit: 5)
        pages.append(page.items.map(\.id))
        cursor = page.next
      } while cursor != nil
      #expect(pages == [[10, 9, 8, 7, 6].map(messageID), [5, 4, 3, 2, 1].map(messageID)])
      let empty = try await harness.messages.page(
        conversationID: Fixture.uuid(404), before: nil, limit: 5)
      #expect(empty.items.isEmpty && empty.next == nil)
    }
  }

  @Test(arguments: Backend.allCases)
  func equalTimestampsAreOrderedByIDAcrossPages(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let conversation = try await harness.conversation()
      let date = Fixture.date(2026, 7, 1)
      let batch = (1...7).map { makeMessage($0, in: conversation.id, at: date) }
      try await harness.messages.insertMessages([4, 1, 6, 0, 3, 5, 2].map { batch[$0] })
      var seen: [UUID] = []
      var cursor: MessageCursor?
      repeat {
        let page = try await harness.messages.page(
          conversationID: conversation.id, before: cursor, limit: 3)
        seen += page.items.map(\.id)
        cursor = page.next
      } while cursor != nil
      #expect(seen == (1...7).reversed().map(messageID))
    }
  }

  @Test(arguments: Backend.allCases)
  func pagingIsStableWhileNewMessagesArrive(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let conversation = try await harness.conversation()
      for n in 1...9 { try await harness.append(n, to: conversation) }
      let first = try await harness.messages.page(
        conversationID: conversation.id, before: nil, limit: 4)
      for n in 10...15 { try await harness.append(n, to: conversation) }
      var seen = first.items.map(\.id)
      var cursor = first.next
      while let current = cursor {
        let page = try await harness.messages.page(
          conversationID: conversation.id, before: current, limit: 4)
        seen += page.items.map(\.id)
        cursor = page.next
      }
      #expect(seen == (1...9).reversed().map(messageID))
    }
  }

  @Test(arguments: Backend.allCases)
  func pagesAndCountsSkipMessagesOffTheActivePath(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let conversation = try await harness.conversation()
      let date = Fixture.date(2026, 7, 1)
      try await harness.messages.insertMessages([
        makeMessage(1, in: conversation.id, at: date),
        makeMessage(2, in: conversation.id, at: date.addingTimeInterval(1), onPath: false),
        makeMessage(3, in: conversation.id, at: date.addingTimeInterval(2)),
      ])
      let page = try await harness.messages.page(
        conversationID: conversation.id, before: nil, limit: 10)
      #expect(page.items.map(\.id) == [messageID(3), messageID(1)])
      #expect(try await harness.messages.count(conversationID: conversation.id) == 2)
      #expect(try await harness.messages.allMessages(conversationID: conversation.id).count == 3)
    }
  }

  @Test(arguments: Backend.allCases)
  func interruptedRepliesAreMarkedFailed(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let conversation = try await harness.conversation()
      var streaming = makeMessage(1, in: conversation.id, at: Fixture.referenceDate)
      streaming.status = .streaming
      var sending = makeMessage(2, in: conversation.id, at: Fixture.referenceDate)
      sending.status = .sending
      let complete = makeMessage(3, in: conversation.id, at: Fixture.referenceDate)
      try await harness.messages.insertMessages([streaming, sending, complete])
      #expect(try await harness.messages.markInterruptedMessages() == 2)
      let stored = try await harness.messages.allMessages(conversationID: conversation.id)
      #expect(stored.map(\.status) == [.failed, .failed, .complete])
      #expect(stored.map(\.errorCode) == ["interrupted", "interrupted", nil])
      #expect(try await harness.messages.markInterruptedMessages() == 0)
    }
  }

  @Test func cursorsSurviveJSONAndKeepMillisecondPrecision() throws {
    let message = makeMessage(
      1, in: Fixture.uuid(1), at: Fixture.referenceDate.addingTimeInterval(0.1234))
    let cursor = message.cursor
    let json = try JSONEncoder().encode(cursor)
    let text = String(decoding: json, as: UTF8.self)
    #expect(text.contains("\"created_ms\":1780315200123"))
    #expect(try JSONDecoder().decode(MessageCursor.self, from: json) == cursor)
    let conversationCursor = ConversationDTO(
      id: Fixture.uuid(2), title: "t", createdAt: .distantPast, updatedAt: Fixture.referenceDate,
      isPinned: true
    ).cursor
    let decoded = try JSONDecoder().decode(
      ConversationCursor.self, from: try JSONEncoder().encode(conversationCursor))
    #expect(decoded == conversationCursor)
  }
}
