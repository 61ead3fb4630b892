import AI
import Core
import Foundation
import Storage
import TestSupport
import Testing

@testable import FeatureChat

/// Building the request for a reply without a view model: the persona's prompt and the
/// memories lead, the history fits the budget, and older pages are read only when needed.
@MainActor
@Suite struct ReplyRequestBuilderTests {
  private let clock = ManualClock()
  private let uuid = UUIDGenerator.incrementing(from: 1)

  private struct Fixture {
    var builder: ReplyRequestBuilder
    var stored: [MessageDTO]
  }

  /// A conversation of `exchanges` user/assistant pairs, each message `words` words long.
  private func fixture(
    exchanges: Int, words: Int = 1, memories: [String] = []
  )
    async throws -> Fixture
  {
    let store = InMemoryChatStore(clock: clock.appClock, uuid: uuid)
    let memoryStore = InMemoryMemoryRepository(clock: clock.appClock, uuid: uuid)
    for memory in memories { _ = try await memoryStore.add(text: memory, source: .user) }
    let conversation = try await store.create(title: "Chat", personaName: nil, personaID: nil)
    var stored: [MessageDTO] = []
    for index in 0..<(exchanges * 2) {
      let text = Array(repeating: "w\(index)", count: words).joined(separator: " ")
      stored.append(
        try await store.append(
          MessageDTO(
            id: uuid(), conversationID: conversation.id, parentID: stored.last?.id,
            role: index.isMultiple(of: 2) ? .user : .assistant, text: text,
            createdAt: clock.now.addingTimeInterval(Double(index)))))
    }
    let builder = ReplyRequestBuilder(
      conversationID: conversation.id, messages: store, memories: memoryStore, pageSize: 4,
      logger: .disabled)
    return Fixture(builder: builder, stored: stored)
  }

  private func shape(
    _ override: String? = nil, options: ChatRequestOptions = .init()
  )
    -> ReplyRequestBuilder.Shape
  {
    ReplyRequestBuilder.Shape(
      persona: PersonaCatalogue.defaultPersona, systemPromptOverride: override,
      model: "m-1", temperature: 0.5, options: options)
  }

  @Test func theSystemMessageCarriesThePersonaPromptAndTheMemories() async throws {
    let fixture = try await fixture(exchanges: 1, memories: ["likes tea"])
    let user = try #require(fixture.stored.first)
    let request = await fixture.builder.request(
      endingWith: user, loaded: [ChatMessage(user)], hasOlderPages: false, shape: shape(),
      budget: ContextBudget())

    let system = try #require(request.messages.first)
    #expect(system.role == .system)
    #expect(system.content.contains(PersonaCatalogue.defaultPersona.systemPrompt))
    #expect(system.content.contains("likes tea"))
    #expect(request.memories == ["likes tea"])
    #expect(request.messages.last == .user(user.text))
    #expect(request.personaID == PersonaCatalogue.defaultPersona.id.rawValue)
    #expect(request.model == "m-1")
    #expect(request.temperature == 0.5)
  }

  @Test func anOverridePromptAndRequestOptionsWin() async throws {
    let fixture = try await fixture(exchanges: 1)
    let user = try #require(fixture.stored.first)
    let options = ChatRequestOptions(temperature: 1.5, topP: 0.9, maxTokens: 7)
    let request = await fixture.builder.request(
      endingWith: user, loaded: [ChatMessage(user)], hasOlderPages: false,
      shape: shape("Answer in French.", options: options), budget: ContextBudget())

    #expect(request.messages.first == .system("Answer in French."))
    #expect(request.temperature == 1.5)
    #expect(request.topP == 0.9)
    #expect(request.maxTokens == 7)
  }

  @Test func olderPagesAreReadFromStorageWhenTheLoadedOnesDoNotFillTheBudget() async throws {
    let fixture = try await fixture(exchanges: 6)
    let user = try #require(fixture.stored.last { $0.role == .user })
    // Only the newest three messages are loaded; storage holds nine more before them.
    let loaded = fixture.stored.suffix(3).map(ChatMessage.init)
    let request = await fixture.builder.request(
      endingWith: user, loaded: Array(loaded), hasOlderPages: true, shape: shape(),
      budget: ContextBudget())

    let history = request.messages.filter { $0.role != .system }.map(\.content)
    #expect(history == fixture.stored.dropLast().map(\.text))
  }

  @Test func theOldestHistoryIsDroppedFirstToFitTheBudget() async throws {
    let fixture = try await fixture(exchanges: 6, words: 40)
    let user = try #require(fixture.stored.last { $0.role == .user })
    let loaded = fixture.stored.map(ChatMessage.init)
    let small = ContextBudget(promptTokens: 300, memoryTokens: 0)
    let request = await fixture.builder.request(
      endingWith: user, loaded: loaded, hasOlderPages: false, shape: shape(""),
      budget: small)

    let history = request.messages.filter { $0.role != .system }
    #expect(history.count < 11)
    #expect(history.first?.role == .user)
    #expect(history.last == .user(user.text))
    let expectedTail = fixture.stored.dropLast().suffix(history.count).map(\.text)
    #expect(history.map(\.content) == Array(expectedTail))
  }
}
