import Core
import Foundation
import Storage
import TestSupport
import Testing

@testable import FeatureChat

/// Paging one conversation without a view model: newest page first, older pages without
/// repeats, and the prefetch threshold counted from the oldest message shown.
@MainActor
@Suite struct ConversationPagesTests {
  private let clock = ManualClock()
  private let uuid = UUIDGenerator.incrementing(from: 1)

  /// A conversation of `count` user messages "m0" … and pages of `pageSize` over it.
  private func pages(count: Int, pageSize: Int) async throws -> ConversationPages {
    let store = InMemoryChatStore(clock: clock.appClock, uuid: uuid)
    let conversation = try await store.create(title: "Chat", personaName: nil, personaID: nil)
    var parent: UUID?
    for index in 0..<count {
      let message = try await store.append(
        MessageDTO(
          id: uuid(), conversationID: conversation.id, parentID: parent, role: .user,
          text: "m\(index)", createdAt: clock.now.addingTimeInterval(Double(index))))
      parent = message.id
    }
    return ConversationPages(
      conversationID: conversation.id, messages: store, pageSize: pageSize,
      prefetchThreshold: 2)
  }

  @Test func theNewestPageComesFirstOldestMessageFirst() async throws {
    let pages = try await pages(count: 7, pageSize: 3)
    let newest = try await pages.newestPage()
    #expect(newest.map(\.text) == ["m4", "m5", "m6"])
    #expect(pages.hasOlderPages)
  }

  @Test func olderPagesFollowUntilTheFirstMessageWithoutRepeatingKnownOnes() async throws {
    let pages = try await pages(count: 7, pageSize: 3)
    var shown = try await pages.newestPage()
    let older = await pages.olderPage(excluding: Set(shown.map(\.id)))
    #expect(older.map(\.text) == ["m1", "m2", "m3"])
    shown = older + shown
    // A message the screen already shows (say, it arrived by another route) is not repeated.
    let oldest = await pages.olderPage(excluding: Set(shown.map(\.id)))
    #expect(oldest.map(\.text) == ["m0"])
    #expect(!pages.hasOlderPages)
    #expect(await pages.olderPage(excluding: []).isEmpty)
  }

  @Test func readingTheNewestPageAgainStartsOver() async throws {
    let pages = try await pages(count: 4, pageSize: 2)
    _ = try await pages.newestPage()
    _ = await pages.olderPage(excluding: [])
    #expect(!pages.hasOlderPages)
    #expect(try await pages.newestPage().map(\.text) == ["m2", "m3"])
    #expect(pages.hasOlderPages)
  }

  @Test(arguments: [(0, true), (1, true), (2, false), (9, false)])
  func onlyMessagesNearTheOldestShownLoadMore(index: Int, loads: Bool) async throws {
    let pages = try await pages(count: 30, pageSize: 10)
    _ = try await pages.newestPage()
    #expect(pages.shouldLoadOlder(appearedAt: index, count: 10) == loads)
  }
}
