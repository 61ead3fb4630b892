import Core
import Foundation
import Storage
import TestSupport
import Testing

@testable import FeatureChat

/// Writing one conversation's messages without a view model: dates keep creation order and
/// a reply is stored only right after its user message.
@MainActor
@Suite struct ConversationMessagesTests {
  private let clock = ManualClock()
  private let uuid = UUIDGenerator.incrementing(from: 1)

  private func writer() async throws -> (ConversationMessages, InMemoryChatStore) {
    let store = InMemoryChatStore(clock: clock.appClock, uuid: uuid)
    let conversation = try await store.create(title: "Chat", personaName: nil, personaID: nil)
    let writer = ConversationMessages(
      conversationID: conversation.id, repository: store, clock: clock.appClock, uuid: uuid)
    return (writer, store)
  }

  @Test func messagesWrittenWhileTheClockStandsStillAreDatedInTheOrderTheyWereMade()
    async throws
  {
    let (writer, store) = try await writer()
    let user = try await writer.appendUserMessage("hi", after: nil, newestShown: nil)
    let next = try await writer.appendUserMessage("again", after: user.id, newestShown: nil)
    let reply = try await writer.appendReplyPlaceholder(to: next, newestShown: nil)

    #expect(user.createdAt < next.createdAt)
    #expect(next.createdAt < reply.createdAt)
    #expect(next.parentID == user.id)
    #expect(reply.parentID == next.id)
    #expect(reply.status == .streaming)
    let page = try await store.page(conversationID: writer.conversationID, before: nil, limit: 10)
    #expect(page.items.reversed().map(\.id) == [user.id, next.id, reply.id])
  }

  @Test func aDateIsLaterThanTheNewestMessageShownEvenWhenThatIsAheadOfTheClock() async throws {
    let (writer, _) = try await writer()
    let ahead = clock.now.addingTimeInterval(60)
    #expect(writer.nextTimestamp(newestShown: ahead) > ahead)
    await clock.advance(by: .seconds(120))
    #expect(writer.nextTimestamp(newestShown: ahead) == StorageTime.normalized(clock.now))
  }

  @Test func aReplyIsRefusedWhenAnotherMessageAlreadyFollowsItsUserMessage() async throws {
    let (writer, store) = try await writer()
    let user = try await writer.appendUserMessage("hi", after: nil, newestShown: nil)
    _ = try await store.append(
      MessageDTO(
        id: uuid(), conversationID: writer.conversationID, parentID: user.id, role: .user,
        text: "from elsewhere", createdAt: clock.now.addingTimeInterval(1)))

    await #expect(throws: (any Error).self) {
      try await writer.appendReplyPlaceholder(to: user, newestShown: nil)
    }
    let all = await store.allMessages(conversationID: writer.conversationID)
    #expect(all.count == 2)
  }

  @Test func anEditedVersionAnswersTheSameMessageAsTheOriginal() async throws {
    let (writer, store) = try await writer()
    let first = try await writer.appendUserMessage("first", after: nil, newestShown: nil)
    let original = try await writer.appendUserMessage(
      "orignal", after: first.id, newestShown: nil)
    try await store.detachFromActivePath(messageID: original.id)
    let edited = try await writer.appendVersion(
      "original", parentID: original.parentID, newestShown: original.createdAt)

    #expect(edited.parentID == first.id)
    #expect(edited.createdAt > original.createdAt)
    let versions = try await store.alternatives(to: edited.id)
    #expect(Set(versions.map(\.id)) == [original.id, edited.id])
  }

  @Test func requiringAMissingMessageThrowsNotFound() async throws {
    let (writer, _) = try await writer()
    await #expect(throws: AppError.notFound) { try await writer.require(UUID()) }
    await #expect(throws: AppError.notFound) { try await writer.require(nil) }
  }
}
