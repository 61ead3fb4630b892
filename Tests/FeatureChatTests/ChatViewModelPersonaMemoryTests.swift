import AI
import Core
import FeatureChat
import Foundation
import Storage
import TestSupport
import Testing

@MainActor @Suite struct ChatViewModelPersonaMemoryTests {
  @Test(arguments: PersonaID.allCases)
  func thePersonasPromptIsTheSystemMessageAndItsIdGoesWithTheRequest(
    id: PersonaID
  )
    async throws
  {
    try await ChatHarness.run { harness in
      let persona = PersonaCatalogue.persona(id)
      let chat = try await harness.openChat(persona: persona)
      #expect(chat.persona == persona)
      #expect(chat.conversation?.personaID == id.rawValue)
      #expect(chat.conversation?.personaName == persona.displayName)
      await chat.send("Hi")

      let request = try #require(harness.client.requests.first)
      #expect(request.messages.first == .system(persona.systemPrompt))
      #expect(request.personaID == id.rawValue)
      #expect(request.messages.filter { $0.role == .system }.count == 1)
    }
  }

  @Test func aConversationWithoutAKnownPersonaUsesTheDefault() async throws {
    try await ChatHarness.run { harness in
      let conversation = try await harness.conversations.create(
        title: "Old", personaName: "Pirate", personaID: "pirate")
      let chat = harness.sessions.viewModel(for: conversation.id)
      await chat.send("Ahoy")
      #expect(chat.persona == PersonaCatalogue.defaultPersona)
      #expect(harness.client.requests.first?.personaID == PersonaID.generalAssistant.rawValue)
    }
  }

  @Test func theConfiguredModelAndTemperatureGoWithTheRequestAndTheModelCanChange() async throws {
    let configuration = ChatConfiguration(model: "openai/gpt-4o-mini", temperature: 0.3)
    try await ChatHarness.run(configuration: configuration) { harness in
      let chat = try await harness.openChat()
      await chat.send("one")
      chat.model = "openai/gpt-3.5-turbo"
      await chat.send("two")
      #expect(
        harness.client.requests.map(\.model) == ["openai/gpt-4o-mini", "openai/gpt-3.5-turbo"])
      #expect(harness.client.requests.allSatisfy { $0.temperature == 0.3 })
    }
  }

  @Test(arguments: StorageKind.allCases)
  func rememberThatAddsAMemoryAndStillGetsAReply(storage: StorageKind) async throws {
    try await ChatHarness.run(storage: storage) { harness in
      let chat = try await harness.openChat()
      let result = try #require(await chat.send("Remember that my cat is called Miso."))

      #expect(result.isCompleted)
      #expect(result.reply.content == "echo: Remember that my cat is called Miso.")
      let memories = try await harness.memories.list()
      #expect(memories.map(\.text) == ["My cat is called Miso"])
      #expect(memories.first?.source == .assistant)
      #expect(chat.lastSavedMemory?.text == "My cat is called Miso")
      let system = try #require(harness.client.requests.first?.messages.first?.content)
      #expect(system.hasSuffix("Facts the user asked you to remember:\n- My cat is called Miso"))
    }
  }

  @Test func memoriesReachEveryConversationWithinTheirBudget() async throws {
    let budget = ContextBudget(memoryTokens: 30)
    try await ChatHarness.run(configuration: ChatConfiguration(contextBudget: budget)) {
      harness in
      _ = try await harness.memories.add(text: "Lives in Lisbon", source: .user)
      await harness.clock.advance(by: .seconds(1))
      _ = try await harness.memories.add(text: String(repeating: "long ", count: 40), source: .user)
      await harness.clock.advance(by: .seconds(1))
      _ = try await harness.memories.add(text: "Prefers metric units", source: .user)
      let chat = try await harness.openChat()
      await chat.send("What's the weather like?")

      let system = try #require(harness.client.requests.first?.messages.first?.content)
      #expect(system.contains("- Prefers metric units\n- Lives in Lisbon"))
      #expect(!system.contains("long long"))
      // The proxy builds its own system prompt, so it gets the same facts as a list.
      #expect(
        harness.client.requests.first?.memories == ["Prefers metric units", "Lives in Lisbon"])
    }
  }

  @Test func memoryExtractionCanBeTurnedOff() async throws {
    try await ChatHarness.run(configuration: ChatConfiguration(extractsMemories: false)) {
      harness in
      let chat = try await harness.openChat()
      await chat.send("remember that I like tea")
      #expect(try await harness.memories.list().isEmpty)
      #expect(chat.lastSavedMemory == nil)
    }
  }
}

@MainActor @Suite struct ChatViewModelUsageTests {
  @Test func eachReplyStoresItsTokensAndModelAndTheConversationAddsThemUp() async throws {
    let first: [ChatStreamEvent] = [
      .model("openai/gpt-4o-mini"), .content("A"),
      .usage(TokenUsage(promptTokens: 100, completionTokens: 20)),
    ]
    let second: [ChatStreamEvent] = [
      .model("openai/gpt-3.5-turbo"), .content("B"),
      .usage(TokenUsage(promptTokens: 130, completionTokens: 5)),
    ]
    let client = ScriptedChatClient([.events(first), .events(second), .events([.content("C")])])
    try await ChatHarness.run(client: client) { harness in
      let chat = try await harness.openChat()
      await chat.send("one")
      await chat.send("two")
      await chat.send("three")

      let replies = chat.messages.filter { $0.role == .assistant }
      #expect(replies.map(\.model) == ["openai/gpt-4o-mini", "openai/gpt-3.5-turbo", nil])
      #expect(replies.map(\.totalTokens) == [120, 135, nil])
      #expect(chat.usage.promptTokens == 230)
      #expect(chat.usage.completionTokens == 25)
      #expect(chat.usage.totalTokens == 255)
      #expect(chat.usage.meteredReplies == 2)
      #expect(chat.usage.models == ["openai/gpt-4o-mini", "openai/gpt-3.5-turbo"])
      #expect(chat.usage.lastModel == "openai/gpt-3.5-turbo")
    }
  }

  @Test func usageIsReadBackWhenAConversationOpensAndCountsEarlierVersions() async throws {
    try await ChatHarness.run { harness in
      let chat = try await harness.openChat()
      await chat.send("one")
      await chat.regenerateButtonTapped(messageID: chat.messages[1].id)
      #expect(chat.usage.meteredReplies == 2)

      await harness.sessions.close(chat.conversationID)
      let reopened = harness.sessions.viewModel(for: chat.conversationID)
      await reopened.load()
      #expect(reopened.usage.promptTokens == 20)
      #expect(reopened.usage.completionTokens == 4)
      #expect(reopened.messages.count == 2)
    }
  }
}
