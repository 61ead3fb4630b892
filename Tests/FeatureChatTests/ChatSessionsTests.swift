import Core
import Foundation
import Storage
import TestSupport
import Testing

@testable import FeatureChat

/// The open conversations, built by the factory they are given: one model per conversation,
/// made once, forgotten by `close` and `releaseIdle`.
@MainActor
@Suite struct ChatSessionsTests {
  @Test func eachConversationsModelIsMadeOnceUntilItIsForgotten() async throws {
    let clock = ManualClock().appClock
    let uuid = UUIDGenerator.incrementing(from: 1)
    let store = InMemoryChatStore(clock: clock, uuid: uuid)
    let repositories = ChatRepositories(
      conversations: store, messages: store,
      memories: InMemoryMemoryRepository(clock: clock, uuid: uuid))
    let freeTier = FreeTierGate(
      provider: .direct, subscription: FixedSubscriptionStatus(isSubscribed: false),
      usage: InMemoryUsageRepository(), clock: clock, calendar: .utcTest)
    var made: [UUID] = []
    let sessions = ChatSessions { conversationID in
      made.append(conversationID)
      return ChatViewModel(
        conversationID: conversationID, repositories: repositories,
        replies: ScriptedChatClient(), freeTier: freeTier, clock: clock, uuid: uuid)
    }
    let first = UUID()
    let second = UUID()

    let model = sessions.viewModel(for: first)
    #expect(sessions.viewModel(for: first) === model)
    _ = sessions.viewModel(for: second)
    #expect(made == [first, second])
    #expect(sessions.openConversationIDs == [first, second])

    await sessions.close(first)
    sessions.releaseIdle(keeping: [second])
    #expect(sessions.openConversationIDs == [second])
    #expect(sessions.viewModel(for: first) !== model)
    #expect(made == [first, second, first])
  }
}
