import Core
import Foundation
import Storage
import Testing

@testable import FeatureChat

/// Messages over the size limit, and a conversation that another writer moved on: nothing is
/// stored or counted, nothing is sent, and the text stays in the input.
@MainActor
@Suite struct ChatViewModelLimitTests {
  @Test func aMessageOverTheLimitIsRefusedBeforeAnythingIsStoredOrCounted() async throws {
    let configuration = ChatConfiguration(maximumMessageBytes: 16)
    try await ChatHarness.run(configuration: configuration) { harness in
      let chat = try await harness.openChat()
      chat.composer.text = "seventeen bytes!!"
      let result = try #require(await chat.sendButtonTapped())
      #expect(result.error?.code == "validation")
      #expect(chat.composer.text == "seventeen bytes!!")
      #expect(harness.client.requests.isEmpty)
      #expect(try await harness.path(chat.conversationID).isEmpty)
      #expect(try await harness.usage.counts(dayKey: "2026-06-01").lifetimeMessages == 0)

      chat.composer.text = "sixteen bytes!!!"
      let sent = try #require(await chat.sendButtonTapped())
      #expect(sent.isCompleted)
    }
  }

  @Test func aMessageAddedElsewhereSinceLoadingRefusesTheSendAndKeepsTheText() async throws {
    try await ChatHarness.run(storage: .sqlite) { harness in
      let chat = try await harness.openChat()
      #expect(try #require(await chat.send("first")).isCompleted)
      // Another process answers in the same conversation after this view loaded it.
      let tail = try #require(chat.messages.last)
      _ = try await harness.messages.append(
        MessageDTO(
          id: UUID(), conversationID: chat.conversationID, parentID: tail.id, role: .user,
          text: "from elsewhere", createdAt: tail.createdAt.addingTimeInterval(5)))
      chat.composer.text = "second"
      let result = try #require(await chat.sendButtonTapped())
      #expect(result.error?.code == "validation")
      #expect(chat.composer.text == "second")
      let path = try await harness.path(chat.conversationID)
      #expect(path.map(\.text) == ["first", "echo: first", "from elsewhere"])
      #expect(try await harness.usage.counts(dayKey: "2026-06-01").lifetimeMessages == 1)
    }
  }
}
