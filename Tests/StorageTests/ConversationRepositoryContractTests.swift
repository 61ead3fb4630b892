import Core
import Foundation
import TestSupport
import Testing

@testable import Storage

@Suite struct ConversationRepositoryContractTests {
  @Test(arguments: Backend.allCases)
  func createAssignsAnIDAndTheCurrentTime(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let created = try await harness.conversations.create(
        title: "  Trip plans ", personaName: "Guide", personaID: "guide")
      #expect(created.id == Fixture.uuid(1))
      #expect(created.title == "Trip plans")
      #expect(created.personaName == "Guide")
      #expect(created.personaID == "guide")
      #expect(created.createdAt == Fixture.referenceDate)
      #expect(created.updatedAt == created.createdAt)
      #expect(!created.isPinned && !created.isArchived)
      #expect(try await harness.conversations.get(id: created.id) == created)
      let seedStyle = try await harness.conversations.create(title: "Other", personaName: nil)
      #expect(seedStyle.personaID == nil && seedStyle.personaName == nil)
    }
  }

  @Test(arguments: Backend.allCases)
  func blankTitlesAreRejectedAsValidationErrors(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      await expectStorageError(.invalidInput("A title cannot be empty.")) {
        _ = try await harness.conversations.create(title: " \n ", personaName: nil)
      }
      let conversation = try await harness.conversation()
      do {
        try await harness.conversations.rename(id: conversation.id, title: "")
        Issue.record("rename to an empty title succeeded")
      } catch {
        #expect(AppError.from(error) == .validation(message: "A title cannot be empty."))
      }
    }
  }

  @Test(arguments: Backend.allCases)
  func renameChangesTheTitleAndMovesUpdatedAt(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let conversation = try await harness.conversation("Old")
      try await harness.conversations.rename(id: conversation.id, title: "New")
      let renamed = try #require(try await harness.conversations.get(id: conversation.id))
      #expect(renamed.title == "New")
      #expect(renamed.updatedAt > conversation.updatedAt)
      #expect(renamed.createdAt == conversation.createdAt)
      await expectStorageError(.notFound("conversation")) {
        try await harness.conversations.rename(id: Fixture.uuid(99), title: "X")
      }
    }
  }

  @Test(arguments: Backend.allCases)
  func deleteRemovesTheConversationAndItsMessages(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let doomed = try await harness.conversation("Doomed")
      let kept = try await harness.conversation("Kept")
      for n in 1...3 { try await harness.append(n, to: doomed, text: "zebra \(n)") }
      try await harness.append(4, to: kept, text: "zebra kept")
      try await harness.conversations.delete(id: doomed.id)
      #expect(try await harness.conversations.get(id: doomed.id) == nil)
      #expect(try await harness.messages.count(conversationID: doomed.id) == 0)
      #expect(try await harness.messages.message(id: messageID(1)) == nil)
      let hits = try await harness.messages.searchMessages("zebra", limit: 10)
      #expect(hits.map(\.message.id) == [messageID(4)])
      try await harness.conversations.delete(id: doomed.id)  // deleting again is harmless
    }
  }

  @Test(arguments: Backend.allCases)
  func listPutsPinnedFirstThenNewestWithIDsBreakingTies(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let base = Fixture.referenceDate
      let rows = [
        ConversationDTO(id: Fixture.uuid(11), title: "a", createdAt: base, updatedAt: base),
        ConversationDTO(id: Fixture.uuid(12), title: "b", createdAt: base, updatedAt: base),
        ConversationDTO(
          id: Fixture.uuid(13), title: "c", createdAt: base, updatedAt: base.addingTimeInterval(60)),
        ConversationDTO(
          id: Fixture.uuid(14), title: "d", createdAt: base, updatedAt: base, isPinned: true),
      ]
      for row in rows { try await harness.conversations.insert(row, messages: []) }
      let listed = try await harness.conversations.list(limit: 10, after: nil)
      #expect(listed.map(\.id) == [14, 13, 12, 11].map(Fixture.uuid))
    }
  }

  @Test(arguments: Backend.allCases)
  func cursorPagesVisitEveryConversationOnceInOrder(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let base = Fixture.referenceDate
      for n in 1...25 {
        // Groups of equal updatedAt exercise the id tie-break across page boundaries.
        let row = ConversationDTO(
          id: Fixture.uuid(100 + n), title: "c\(n)", createdAt: base,
          updatedAt: base.addingTimeInterval(Double(n / 4)), isPinned: n % 7 == 0)
        try await harness.conversations.insert(row, messages: [])
      }
      var seen: [ConversationDTO] = []
      var cursor: ConversationCursor?
      repeat {
        let page = try await harness.conversations.list(limit: 7, after: cursor)
        seen += page
        cursor = page.count == 7 ? page.last?.cursor : nil
      } while cursor != nil
      let everything = try await harness.conversations.list(limit: 100, after: nil)
      #expect(seen == everything)
      #expect(Set(seen.map(\.id)).count == 25)
      #expect(seen == seen.sorted(by: conversationListOrder))
    }
  }

  @Test(arguments: Backend.allCases)
  func archivedConversationsAreListedOnlyWhenAsked(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let visible = try await harness.conversation("Visible")
      let hidden = try await harness.conversation("Hidden")
      try await harness.conversations.setArchived(id: hidden.id, true)
      #expect(try await harness.conversations.list(limit: 10, after: nil).map(\.id) == [visible.id])
      let all = try await harness.conversations.list(limit: 10, after: nil, includeArchived: true)
      #expect(Set(all.map(\.id)) == [visible.id, hidden.id])
      try await harness.conversations.setArchived(id: hidden.id, false)
      #expect(try await harness.conversations.list(limit: 10, after: nil).count == 2)
    }
  }

  @Test(arguments: Backend.allCases)
  func pinningAndArchivingKeepUpdatedAt(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let conversation = try await harness.conversation()
      try await harness.conversations.setPinned(id: conversation.id, true)
      try await harness.conversations.setArchived(id: conversation.id, true)
      let stored = try #require(try await harness.conversations.get(id: conversation.id))
      #expect(stored.isPinned && stored.isArchived)
      #expect(stored.updatedAt == conversation.updatedAt)
      await expectStorageError(.notFound("conversation")) {
        try await harness.conversations.setPinned(id: Fixture.uuid(77), true)
      }
      await expectStorageError(.notFound("conversation")) {
        try await harness.conversations.setArchived(id: Fixture.uuid(77), true)
      }
    }
  }

  @Test(arguments: Backend.allCases)
  func aNewMessageMovesItsConversationToTheTop(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let older = try await harness.conversation("Older")
      let newer = try await harness.conversation("Newer")
      #expect(try await harness.conversations.list(limit: 5, after: nil).first?.id == newer.id)
      let message = try await harness.append(1, to: older)
      let bumped = try #require(try await harness.conversations.get(id: older.id))
      #expect(bumped.updatedAt == message.createdAt)
      #expect(try await harness.conversations.list(limit: 5, after: nil).first?.id == older.id)
    }
  }

  @Test(arguments: Backend.allCases)
  func searchMatchesTitleOrPersonaIgnoringCaseAndDiacritics(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let cafe = try await harness.conversation("Café plans")
      let zoe = try await harness.conversation("Groceries", persona: "Zoë the Chef")
      let other = try await harness.conversation("Taxes")
      try await harness.conversations.setArchived(id: other.id, true)
      #expect(try await harness.conversations.search("CAFE", limit: 10).map(\.id) == [cafe.id])
      #expect(try await harness.conversations.search("zoe", limit: 10).map(\.id) == [zoe.id])
      #expect(try await harness.conversations.search("tax", limit: 10).map(\.id) == [other.id])
      #expect(try await harness.conversations.search("nothing", limit: 10).isEmpty)
      let blank = try await harness.conversations.search("  ", limit: 10)
      #expect(Set(blank.map(\.id)) == [cafe.id, zoe.id])
    }
  }

  @Test(arguments: Backend.allCases)
  func insertKeepsEverythingAndRefusesDuplicates(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let date = Fixture.date(2025, 1, 2, hour: 3, minute: 4, second: 5).addingTimeInterval(0.678)
      let conversation = ConversationDTO(
        id: Fixture.uuid(50), title: "Imported", personaName: "P", personaID: "p",
        createdAt: date, updatedAt: date.addingTimeInterval(9), isPinned: true, isArchived: true)
      let message = makeMessage(1, in: conversation.id, at: date, onPath: false)
      try await harness.conversations.insert(conversation, messages: [message])
      #expect(try await harness.conversations.get(id: conversation.id) == conversation)
      #expect(try await harness.messages.message(id: message.id) == message)
      await expectStorageError(.alreadyExists("conversation")) {
        try await harness.conversations.insert(conversation, messages: [])
      }
      let foreign = makeMessage(2, in: Fixture.uuid(51), at: date)
      await expectStorageError(.invalidInput("A message belongs to another conversation.")) {
        try await harness.conversations.insert(
          ConversationDTO(id: Fixture.uuid(52), title: "x", createdAt: date, updatedAt: date),
          messages: [foreign])
      }
      #expect(try await harness.conversations.get(id: Fixture.uuid(52)) == nil)
    }
  }

  @Test(arguments: Backend.allCases)
  func batchInsertStoresEveryBundleOrNone(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let date = Fixture.referenceDate
      func bundle(_ n: Int, messages: [Int]) -> ConversationBundle {
        let id = Fixture.uuid(200 + n)
        return ConversationBundle(
          conversation: ConversationDTO(id: id, title: "b\(n)", createdAt: date, updatedAt: date),
          messages: messages.map { makeMessage($0, in: id, at: date) })
      }
      try await harness.conversations.insert([
        bundle(1, messages: [1, 2]), bundle(2, messages: [3]),
      ])
      #expect(try await harness.messages.count(conversationID: Fixture.uuid(202)) == 1)
      await expectStorageError(.alreadyExists("message")) {
        try await harness.conversations.insert([bundle(3, messages: [4]), bundle(4, messages: [1])])
      }
      await expectStorageError(.alreadyExists("conversation")) {
        try await harness.conversations.insert([bundle(5, messages: []), bundle(5, messages: [])])
      }
      #expect(try await harness.conversations.get(id: Fixture.uuid(203)) == nil)
      #expect(try await harness.conversations.get(id: Fixture.uuid(205)) == nil)
      #expect(try await harness.messages.message(id: messageID(4)) == nil)
      let many = (1...120).map { makeMessage(1000 + $0, in: Fixture.uuid(206), at: date) }
      try await harness.conversations.insert(
        ConversationDTO(id: Fixture.uuid(206), title: "many", createdAt: date, updatedAt: date),
        messages: many)
      #expect(try await harness.messages.allMessages(conversationID: Fixture.uuid(206)) == many)
    }
  }

  @Test(arguments: Backend.allCases)
  func replaceSwapsTheWholeConversation(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      let original = try await harness.conversation("Original")
      try await harness.append(1, to: original)
      var changed = original
      changed.title = "Replaced"
      let replacement = makeMessage(2, in: original.id, at: Fixture.referenceDate)
      try await harness.conversations.replace(changed, messages: [replacement])
      #expect(try await harness.conversations.get(id: original.id)?.title == "Replaced")
      #expect(try await harness.messages.allMessages(conversationID: original.id) == [replacement])
    }
  }

  @Test(arguments: Backend.allCases)
  func pageSizesBelowOneAreRejected(backend: Backend) async throws {
    try await ChatHarness.run(backend) { harness in
      await expectStorageError(.invalidInput("A page size must be at least 1.")) {
        _ = try await harness.conversations.list(limit: 0, after: nil)
      }
    }
  }
}
