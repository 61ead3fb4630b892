import Core
import Foundation
import TestSupport
import Testing

@testable import Storage

@Suite struct StreamingMessageWriterTests {
  /// A store with one conversation and a streaming placeholder reply.
  private func start(_ clock: ManualClock) async throws -> (InMemoryChatStore, MessageDTO) {
    let store = InMemoryChatStore(clock: clock.appClock, uuid: .incrementing(from: 1))
    let conversation = try await store.create(title: "Chat", personaName: nil)
    let placeholder = try await store.append(
      MessageDTO(
        id: messageID(1), conversationID: conversation.id, role: .assistant, text: "",
        createdAt: clock.now, status: .streaming, model: "model-x"))
    return (store, placeholder)
  }

  private func storedText(_ store: InMemoryChatStore) async -> String? {
    await store.message(id: messageID(1))?.text
  }

  /// Yields until the stored text is `expected` (a timer write runs in its own task).
  private func waitForStoredText(_ store: InMemoryChatStore, _ expected: String) async -> Bool {
    for _ in 0..<10_000 {
      if await storedText(store) == expected { return true }
      await Task.yield()
    }
    return false
  }

  @Test func textArrivingWithinTheIntervalWaitsInMemory() async throws {
    let clock = ManualClock()
    let (store, placeholder) = try await start(clock)
    let writer = StreamingMessageWriter(
      repository: store, message: placeholder, clock: clock.appClock)
    try await writer.append("Hel")
    await clock.advance(by: .milliseconds(200))
    try await writer.append("lo")
    #expect(await storedText(store) == "")
    #expect(await writer.message.text == "Hello")
  }

  @Test func textIsWrittenAtOnceWhenTheLastWriteIsOldEnough() async throws {
    let clock = ManualClock()
    let (store, placeholder) = try await start(clock)
    let writer = StreamingMessageWriter(
      repository: store, message: placeholder, clock: clock.appClock)
    await clock.advance(by: .milliseconds(500))
    try await writer.append("Hello")
    #expect(await storedText(store) == "Hello")
    try await writer.append(", world")
    #expect(await storedText(store) == "Hello")
  }

  @Test func aTimerWritesPendingTextWhenTheStreamGoesQuiet() async throws {
    let clock = ManualClock()
    let (store, placeholder) = try await start(clock)
    let writer = StreamingMessageWriter(
      repository: store, message: placeholder, clock: clock.appClock)
    try await writer.append("partial")
    #expect(await clock.waitForSleepers(1))
    #expect(clock.pendingDeadlines == [Fixture.referenceDate.addingTimeInterval(0.5)])
    await clock.advance(by: .milliseconds(499))
    #expect(await storedText(store) == "")
    await clock.advance(by: .milliseconds(1))
    #expect(await waitForStoredText(store, "partial"))
    #expect(await store.message(id: messageID(1))?.status == .streaming)
  }

  @Test func finishWritesTheFinalStateAndStopsTheTimer() async throws {
    let clock = ManualClock()
    let (store, placeholder) = try await start(clock)
    let writer = StreamingMessageWriter(
      repository: store, message: placeholder, clock: clock.appClock)
    try await writer.append("The answer")
    try await writer.appendReasoning("Because")
    let final = try await writer.finish(
      finishReason: "stop", promptTokens: 7, completionTokens: 3)
    let stored = try #require(await store.message(id: messageID(1)))
    #expect(stored == final)
    #expect(stored.text == "The answer" && stored.reasoning == "Because")
    #expect(stored.status == .complete && stored.finishReason == "stop")
    #expect(stored.model == "model-x")
    #expect(stored.promptTokens == 7 && stored.completionTokens == 3)
    #expect(clock.sleeperCount == 0)
    try await writer.append(" ignored")
    #expect(await writer.message.text == "The answer")
  }

  @Test func aFailedWriteReachesTheCaller() async throws {
    let clock = ManualClock()
    let (store, placeholder) = try await start(clock)
    let writer = StreamingMessageWriter(
      repository: store, message: placeholder, clock: clock.appClock)
    await store.delete(id: placeholder.conversationID)
    await clock.advance(by: .seconds(1))
    await expectStorageError(.notFound("message")) { try await writer.append("lost") }
    await expectStorageError(.notFound("message")) {
      try await writer.finish(status: .failed, errorCode: "network")
    }
  }

  @Test func writingOnEveryAppendStoresEveryDeltaInOrder() async throws {
    let clock = ManualClock()
    let (store, placeholder) = try await start(clock)
    let writer = StreamingMessageWriter(
      repository: store, message: placeholder, clock: clock.appClock, interval: .zero)
    for index in 0..<50 {
      try await writer.append("\(index),")
      if index % 10 == 0 { await clock.advance(by: .milliseconds(100)) }
    }
    try await writer.finish()
    let expected = (0..<50).map { "\($0)," }.joined()
    #expect(await storedText(store) == expected)
  }
}
