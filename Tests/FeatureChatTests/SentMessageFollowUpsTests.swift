import Core
import Foundation
import Localization
import Storage
import TestSupport
import Testing

@testable import FeatureChat

/// What a sent message does besides asking for a reply, without a view model: the title of
/// a new conversation and "remember that …" memories; and the size limit.
@MainActor
@Suite struct SentMessageFollowUpsTests {
  private let clock = ManualClock()
  private let uuid = UUIDGenerator.incrementing(from: 1)

  private func followUps(
    extractsMemories: Bool = true
  )
    -> (SentMessageFollowUps, InMemoryChatStore, InMemoryMemoryRepository)
  {
    let store = InMemoryChatStore(clock: clock.appClock, uuid: uuid)
    let memories = InMemoryMemoryRepository(clock: clock.appClock, uuid: uuid)
    let followUps = SentMessageFollowUps(
      conversations: store, memories: memories, extractsMemories: extractsMemories,
      logger: .disabled)
    return (followUps, store, memories)
  }

  @Test func aNewChatIsNamedAfterItsFirstMessage() async throws {
    let (followUps, store, _) = followUps()
    let conversation = try await store.create(
      title: L10n.Chat.defaultTitle, personaName: nil, personaID: nil)

    #expect(await followUps.nameConversation(conversation, from: "Plan a trip to Lisbon"))
    let renamed = try #require(await store.get(id: conversation.id))
    #expect(renamed.title == ConversationTitle.derive(from: "Plan a trip to Lisbon"))
  }

  @Test func aConversationTheUserNamedKeepsItsTitle() async throws {
    let (followUps, store, _) = followUps()
    let conversation = try await store.create(title: "Taxes", personaName: nil, personaID: nil)

    #expect(!(await followUps.nameConversation(conversation, from: "Plan a trip")))
    #expect(await store.get(id: conversation.id)?.title == "Taxes")
  }

  @Test func aRememberMessageAddsAMemoryOnlyWhenExtractionIsOn() async throws {
    let (on, _, memories) = followUps()
    let saved = try #require(await on.rememberFact(in: "Remember that I like tea"))
    #expect(await memories.list().map(\.id) == [saved.id])
    #expect(await on.rememberFact(in: "What is tea?") == nil)

    let (off, _, none) = followUps(extractsMemories: false)
    #expect(await off.rememberFact(in: "Remember that I like tea") == nil)
    #expect(await none.list().isEmpty)
  }

  @Test(arguments: [
    (300, "300 bytes"), (12 << 10, "12 KiB"), (1 << 20, "1 MiB"), (3 << 19, "1.5 MiB"),
  ])
  func sizesReadAsPeopleSayThem(bytes: Int, text: String) {
    #expect(MessageSizeLimit.byteCount(bytes) == text)
    #expect(ChatConfiguration.byteCount(bytes) == text)
  }

  @Test func onlyAMessageOverTheLimitIsRefused() throws {
    let limit = MessageSizeLimit(maximumBytes: 4)
    #expect(limit.refusal(for: "four") == nil)
    let refusal = try #require(limit.refusal(for: "fiveé"))
    #expect(refusal.code == "validation")
  }
}
