import AI
import Core
import FeatureChat
import Foundation
import Localization
import Storage
import TestSupport
import Testing

@MainActor @Suite struct FreeTierTests {
  @Test(arguments: StorageKind.allCases)
  func theTenthMessageIsSentAndTheEleventhAsksForTheSubscription(
    storage: StorageKind
  )
    async throws
  {
    try await ChatHarness.run(storage: storage, provider: .proxy) { harness in
      let chat = try await harness.openChat()
      #expect(chat.freeMessagesRemaining == 10)
      for index in 1...10 {
        let result = try #require(await chat.send("message \(index)"))
        #expect(result.isCompleted, "message \(index) was refused")
        #expect(chat.freeMessagesRemaining == 10 - index)
      }
      #expect(harness.paywallRequests == 0)
      #expect(chat.freeMessagesRemainingText == "No messages remaining")

      chat.composer.text = "message 11"
      let blocked = try #require(await chat.sendButtonTapped())
      #expect(blocked.error == .freeQuotaExhausted(remaining: 0))
      #expect(blocked.error?.code == "free_quota_exhausted")
      #expect(chat.state.failure?.code == "free_quota_exhausted")
      #expect(chat.state.failure?.requiresSubscription == true)
      #expect(harness.paywallRequests == 1)
      #expect(chat.composer.text == "message 11", "the blocked message is not lost")
      #expect(harness.client.requests.count == 10)
      #expect(try await harness.path(chat.conversationID).count == 20)
      #expect(try await harness.usage.counts(dayKey: "2026-06-01").lifetimeMessages == 10)
    }
  }

  @Test func theRemainingCountIsVisibleAndLocalized() async throws {
    try await ChatHarness.run { harness in
      let chat = try await harness.openChat()
      await chat.send("one")
      #expect(chat.freeMessagesRemaining == 9)
      #expect(chat.freeMessagesRemainingText == "9 messages remaining")
      #expect(harness.freeTier.status == .metered(remaining: 9))
    }
  }

  @Test func theServersRemainingCountWinsOverTheLocalOne() async throws {
    let started = ChatStreamEvent.started(ChatResponseInfo(freeMessagesRemaining: 2))
    let client = ScriptedChatClient(
      [.events([started, .content("ok")])], fallback: .reply(ScriptedChatClient.echoEvents))
    try await ChatHarness.run(client: client, provider: .proxy) { harness in
      let chat = try await harness.openChat()
      await chat.send("one")
      #expect(chat.freeMessagesRemaining == 2)
      await chat.send("two")
      await chat.send("three")
      #expect(chat.freeMessagesRemaining == 0)
      let blocked = try #require(await chat.send("four"))
      #expect(blocked.error == .freeQuotaExhausted(remaining: 0))
      #expect(harness.paywallRequests == 1)
      #expect(client.requests.count == 3)
    }
  }

  @Test func theServersQuotaRefusalAsksForTheSubscription() async throws {
    let refusal = ChatStreamEvent.finished(
      .httpError(
        HTTPFailure(
          status: 429, code: "free_quota_exhausted", message: "No free messages left",
          freeMessagesRemaining: 0)))
    try await ChatHarness.run(client: ScriptedChatClient([.events([refusal])]), provider: .proxy) {
      harness in
      let chat = try await harness.openChat()
      let result = try #require(await chat.send("hello"))
      #expect(result.error == .freeQuotaExhausted(remaining: 0))
      #expect(chat.state.failure?.code == "free_quota_exhausted")
      #expect(harness.paywallRequests == 1)
      #expect(chat.freeMessagesRemaining == 0)
      #expect(try await harness.usage.counts(dayKey: "2026-06-01").lifetimeMessages == 0)
      #expect(await chat.send("again")?.error == .freeQuotaExhausted(remaining: 0))
      #expect(harness.client.requests.count == 1, "blocked locally once the server said so")
    }
  }

  @Test func directProvidersAreNeverCapped() async throws {
    try await ChatHarness.run(provider: .direct) { harness in
      let chat = try await harness.openChat()
      for index in 1...12 {
        #expect(await chat.send("m\(index)")?.isCompleted == true)
      }
      #expect(chat.freeMessagesRemaining == nil)
      #expect(harness.freeTier.status == .unlimited)
      #expect(harness.paywallRequests == 0)
      #expect(try await harness.usage.counts(dayKey: "2026-06-01").lifetimeMessages == 0)
    }
  }

  @Test func subscribersAreNeverCappedAndALapsedSubscriptionIsCappedAgain() async throws {
    try await ChatHarness.run(provider: .proxy, subscribed: true) { harness in
      let chat = try await harness.openChat()
      for index in 1...11 {
        #expect(await chat.send("m\(index)")?.isCompleted == true)
      }
      #expect(chat.freeMessagesRemaining == nil)
      harness.subscription.set(false)
      await harness.freeTier.refresh()
      #expect(chat.freeMessagesRemaining == 10, "subscribed messages are not free messages")
    }
  }

  @Test func aRequestRefusedBeforeTheStreamIsNotCounted() async throws {
    let refusal = ChatStreamEvent.finished(.httpError(HTTPFailure(status: 503)))
    try await ChatHarness.run(client: ScriptedChatClient([.events([refusal])])) { harness in
      let chat = try await harness.openChat()
      #expect(await chat.send("hi")?.error == .serviceUnavailable(status: 503))
      #expect(chat.freeMessagesRemaining == 10)
    }
  }

  @Test func theCountSurvivesARestart() async throws {
    let usage = InMemoryUsageRepository()
    try await ChatHarness.run(usage: usage) { harness in
      let chat = try await harness.openChat()
      for index in 1...4 { await chat.send("m\(index)") }
    }
    try await ChatHarness.run(usage: usage) { harness in
      await harness.freeTier.refresh()
      #expect(harness.freeTier.remaining == 6)
    }
  }

  @Test func twoConversationsCannotBothTakeTheLastFreeMessage() async throws {
    let streamA = ScriptedStream()
    let client = ScriptedChatClient([.controlled(streamA)])
    try await ChatHarness.run(client: client, policy: FreeTierPolicy(limit: 1)) { harness in
      let chatA = try await harness.openChat()
      let chatB = try await harness.openChat()
      let sendingA = Task { await chatA.send("A") }
      #expect(await streamA.waitUntilRequested())
      let resultB = try #require(await chatB.send("B"))
      #expect(resultB.error == .freeQuotaExhausted(remaining: 0))
      streamA.send(.content("ok"))
      streamA.finish()
      #expect(await sendingA.value?.isCompleted == true)
      #expect(client.requests.count == 1)
      #expect(harness.freeTier.remaining == 0)
    }
  }

  @Test func aDailyLimitStartsAgainTheNextDay() async throws {
    try await ChatHarness.run(policy: FreeTierPolicy(limit: 2, period: .daily)) { harness in
      let chat = try await harness.openChat()
      await chat.send("one")
      await chat.send("two")
      #expect(await chat.send("three")?.error == .freeQuotaExhausted(remaining: 0))
      await harness.clock.advance(by: .seconds(12 * 3600 + 1))  // Past midnight UTC.
      #expect(await chat.send("three")?.isCompleted == true)
      #expect(chat.freeMessagesRemaining == 1)
    }
  }
}
