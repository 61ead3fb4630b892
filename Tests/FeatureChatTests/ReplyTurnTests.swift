import AI
import Core
import Foundation
import Storage
import TestSupport
import Testing

@testable import FeatureChat

/// One turn without a view model: the free message is given back whenever the turn ends
/// before the server accepted it, and the screen hears of the reply as it is stored.
@MainActor
@Suite struct ReplyTurnTests {
  private let clock = ManualClock()
  private let uuid = UUIDGenerator.incrementing(from: 1)

  @MainActor private final class Screen {
    var stored: [UUID] = []
    var shown: [String] = []
  }

  private struct Fixture {
    var turn: ReplyTurn
    var writer: ConversationMessages
    var store: InMemoryChatStore
    var freeTier: FreeTierGate
    var screen = Screen()

    var turnScreen: ReplyTurn.Screen {
      ReplyTurn.Screen(
        replyStored: { [screen] in screen.stored.append($0.id) },
        show: { [screen] _, content, _ in screen.shown.append(content) },
        request: { user, _ in ChatCompletionRequest(messages: [.user(user.text)]) },
        newestShown: { nil }, requireSubscription: {})
    }
  }

  private func fixture(_ client: ScriptedChatClient, limit: Int = 10) async throws -> Fixture {
    let store = InMemoryChatStore(clock: clock.appClock, uuid: uuid)
    let conversation = try await store.create(title: "Chat", personaName: nil, personaID: nil)
    let writer = ConversationMessages(
      conversationID: conversation.id, repository: store, clock: clock.appClock, uuid: uuid)
    let freeTier = FreeTierGate(
      policy: FreeTierPolicy(limit: limit), provider: .proxy,
      subscription: FixedSubscriptionStatus(isSubscribed: false),
      usage: InMemoryUsageRepository(), clock: clock.appClock, calendar: .utcTest)
    await freeTier.refresh()
    let streamer = ReplyStreamer(
      client: client, messages: store, freeTier: freeTier, clock: clock.appClock,
      logger: .disabled, persistInterval: .milliseconds(500), maxUpdatesPerSecond: 30)
    let turn = ReplyTurn(
      conversationID: conversation.id, freeTier: freeTier, store: writer, streamer: streamer,
      budget: ContextBudget(), logger: .disabled)
    return Fixture(turn: turn, writer: writer, store: store, freeTier: freeTier)
  }

  @Test func aRepliedTurnStoresTheReplyAndTellsTheScreen() async throws {
    let client = ScriptedChatClient([.reply(ScriptedChatClient.echoEvents)])
    let fixture = try await fixture(client)
    let ending = await fixture.turn.run(
      "store a message", checksCancellation: true,
      screen: fixture.turnScreen
    ) {
      try await fixture.writer.appendUserMessage("hi", after: nil, newestShown: nil)
    }

    let replyID = try #require(ending.replyID)
    #expect(ending.result.replyMessageID == replyID)
    #expect(ending.result.isCompleted)
    #expect(ending.state == .idle)
    #expect(!ending.returnsInput)
    #expect(ending.storedReply?.text == "echo: hi")
    #expect(fixture.screen.stored == [replyID])
    #expect(fixture.screen.shown.last == "echo: hi")
    #expect(fixture.freeTier.remaining == 9)
    client.verifyAllUsed()
  }

  @Test func aMessageOverTheFreeTierStoresNothingAndGoesBackToTheInput() async throws {
    let client = ScriptedChatClient([.reply(ScriptedChatClient.echoEvents)])
    let fixture = try await fixture(client, limit: 1)
    _ = await fixture.turn.run(
      "store a message", checksCancellation: true,
      screen: fixture.turnScreen
    ) {
      try await fixture.writer.appendUserMessage("one", after: nil, newestShown: nil)
    }
    var prepared = false
    let ending = await fixture.turn.run(
      "store a message", checksCancellation: true,
      screen: fixture.turnScreen
    ) {
      prepared = true
      return try await fixture.writer.appendUserMessage("two", after: nil, newestShown: nil)
    }

    #expect(ending.isBlockedByFreeTier)
    #expect(ending.returnsInput)
    #expect(ending.result.error == .freeQuotaExhausted(remaining: 0))
    #expect(!prepared)
    #expect(
      await fixture.store.allMessages(conversationID: ending.result.conversationID).count == 2)
    client.verifyAllUsed()
  }

  @Test func aUserMessageThatCannotBeStoredGivesTheFreeMessageBack() async throws {
    let fixture = try await fixture(ScriptedChatClient())
    let ending = await fixture.turn.run(
      "store a message", checksCancellation: true,
      screen: fixture.turnScreen
    ) { throw AppError.decoding }

    #expect(ending.returnsInput)
    #expect(ending.result.error == .decoding)
    #expect(ending.state == .failed(ChatFailure(.decoding)))
    #expect(ending.replyID == nil)
    #expect(fixture.freeTier.remaining == 10)
  }

  @Test func aReplyThatCannotFollowItsMessageIsRefusedAndTheFreeMessageGivenBack() async throws {
    let fixture = try await fixture(ScriptedChatClient())
    let user = try await fixture.writer.appendUserMessage("hi", after: nil, newestShown: nil)
    _ = try await fixture.writer.appendUserMessage("elsewhere", after: user.id, newestShown: nil)
    let ending = await fixture.turn.run(
      "retry a reply", checksCancellation: false,
      screen: fixture.turnScreen
    ) { user }

    #expect(ending.result.userMessageID == user.id)
    #expect(ending.result.error != nil)
    #expect(!ending.returnsInput)
    #expect(ending.replyID == nil)
    #expect(fixture.screen.stored.isEmpty)
    #expect(fixture.freeTier.remaining == 10)
  }
}
