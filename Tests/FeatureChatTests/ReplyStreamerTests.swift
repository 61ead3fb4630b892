import AI
import Core
import Foundation
import Storage
import TestSupport
import Testing

@testable import FeatureChat

/// Streaming one reply into its stored placeholder without a view model: what is stored and
/// shown at the end, the retry with half the budget, and the free message given back when
/// the server refuses.
@MainActor
@Suite struct ReplyStreamerTests {
  private let clock = ManualClock()
  private let uuid = UUIDGenerator.incrementing(from: 1)

  private final class Shown {
    var texts: [String] = []
    var budgets: [Int] = []
    var subscriptionRequests = 0
  }

  /// Streams a reply to "hi" with `client`; returns the outcome, the stored reply, what was
  /// shown, and the free messages left.
  private func stream(
    _ client: ScriptedChatClient
  ) async throws -> (ReplyStreamer.Outcome, MessageDTO?, Shown, Int?) {
    let store = InMemoryChatStore(clock: clock.appClock, uuid: uuid)
    let conversation = try await store.create(title: "Chat", personaName: nil, personaID: nil)
    let writer = ConversationMessages(
      conversationID: conversation.id, repository: store, clock: clock.appClock, uuid: uuid)
    let user = try await writer.appendUserMessage("hi", after: nil, newestShown: nil)
    let placeholder = try await writer.appendReplyPlaceholder(to: user, newestShown: nil)
    let freeTier = FreeTierGate(
      provider: .proxy, subscription: FixedSubscriptionStatus(isSubscribed: false),
      usage: InMemoryUsageRepository(), clock: clock.appClock, calendar: .utcTest)
    await freeTier.refresh()
    let ticket = try #require(await freeTier.reserve())
    let streamer = ReplyStreamer(
      client: client, messages: store, freeTier: freeTier, clock: clock.appClock,
      logger: .disabled, persistInterval: .milliseconds(500), maxUpdatesPerSecond: 30)
    let shown = Shown()
    let outcome = await streamer.stream(
      into: placeholder, ticket: ticket, budget: ContextBudget(promptTokens: 1_000),
      request: { budget in
        shown.budgets.append(budget.promptTokens)
        return ChatCompletionRequest(messages: [.user("hi")])
      },
      show: { content, _ in shown.texts.append(content) },
      requireSubscription: { shown.subscriptionRequests += 1 })
    client.verifyAllUsed()
    return (outcome, await store.message(id: placeholder.id), shown, freeTier.remaining)
  }

  @Test func aFinishedReplyIsStoredCompleteAndItsExactTextShownLast() async throws {
    let (outcome, stored, shown, remaining) = try await stream(
      ScriptedChatClient([.reply(ScriptedChatClient.echoEvents)]))

    #expect(outcome.error == nil)
    #expect(outcome.stored?.text == "echo: hi")
    #expect(stored?.text == "echo: hi")
    #expect(stored?.status == .complete)
    #expect(stored?.model == "scripted")
    #expect(stored?.promptTokens == 10)
    #expect(stored?.completionTokens == 2)
    #expect(shown.texts.last == "echo: hi")
    #expect(shown.budgets == [1_000])
    #expect(remaining == kFreeMessageLimit - 1)
  }

  @Test func aContextTooLongRefusalIsAskedOnceMoreWithHalfTheBudget() async throws {
    let tooLong = ChatStreamEvent.finished(
      .httpError(HTTPFailure(status: 400, code: "context_length_exceeded", message: nil)))
    let (outcome, stored, shown, remaining) = try await stream(
      ScriptedChatClient([.events([tooLong]), .reply(ScriptedChatClient.echoEvents)]))

    #expect(shown.budgets == [1_000, 500])
    #expect(outcome.error == nil)
    #expect(stored?.status == .complete)
    #expect(remaining == kFreeMessageLimit - 1, "one message counted, not two")
  }

  @Test func aRefusedRequestIsStoredFailedAndItsFreeMessageGivenBack() async throws {
    let refused = ChatStreamEvent.finished(
      .httpError(HTTPFailure(status: 500, code: "server_error", message: "down")))
    let (outcome, stored, shown, remaining) = try await stream(
      ScriptedChatClient([.events([refused])]))

    #expect(outcome.error != nil)
    #expect(stored?.status == .failed)
    #expect(stored?.errorCode == outcome.error?.code)
    #expect(shown.texts.last == "")
    #expect(shown.subscriptionRequests == 0)
    #expect(remaining == kFreeMessageLimit)
  }
}
