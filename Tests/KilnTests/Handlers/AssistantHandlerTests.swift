import AI
import Core
import FeatureChat
import Foundation
import Storage
import Synchronization
import Testing

@testable import kiln

/// `/persona`, `/model` and `/memory` on their own: a console, the focus, the AI settings
/// and memories in a real SQLite file, without a session or the app's dependencies.
@MainActor
@Suite struct AssistantHandlerTests {
  private static let echoWithOpenAIModels = AIConfiguration(
    provider: .echo(reason: "test"), catalogue: .openAI)

  private func makeHandler(
    _ harness: HandlerHarness, ai: AIConfiguration = echoWithOpenAIModels,
    providerModels: ProviderModels? = nil
  ) throws -> AssistantHandler {
    let repository = SQLiteMemoryRepository(
      database: try harness.database(), clock: .fixed(HandlerHarness.now), uuid: .incrementing())
    return AssistantHandler(
      console: harness.console, focus: harness.focus, ai: ai,
      memories: MemoriesViewModel(repository: repository), providerModels: providerModels)
  }

  @Test func aPersonaPickedBeforeTheFirstMessageGoesIntoTheFocus() async throws {
    let harness = HandlerHarness()
    let handler = try makeHandler(harness)
    #expect(await handler.run(.persona("Translator")))
    #expect(harness.focus.persona.id == .translator)
    #expect(harness.io.output.contains("Translator will answer in this new conversation."))
  }

  @Test func anUnknownPersonaIsReportedWithTheClosestAndTheFocusKeepsItsOwn() async throws {
    let harness = HandlerHarness()
    let handler = try makeHandler(harness)
    #expect(await handler.run(.persona("translater")))
    #expect(harness.focus.persona.id == PersonaCatalogue.defaultPersona.id)
    #expect(
      harness.io.errors.contains("There is no persona 'translater'. Did you mean translator?"))
  }

  @Test func aModelNumberFromTheListPicksThatModelForTheNextRequest() async throws {
    let harness = HandlerHarness()
    let handler = try makeHandler(harness)
    let second = try #require(ModelCatalogue.openAI.models.dropFirst().first)
    #expect(await handler.run(.model("2")))
    #expect(harness.focus.model == second.id)
    #expect(harness.focus.modelName == second.id.rawValue)
    #expect(harness.io.output.contains("Now using \(second.id.rawValue)."))
  }

  @Test func theProvidersOwnModelsAreListedAfterTheConfiguredOnesAndNumberedOn() async throws {
    let reads = Mutex(0)
    let configured = ModelCatalogue.openAI.models.map(\.id.rawValue)
    let first = try #require(configured.first)
    let models = ProviderModels {
      reads.withLock { $0 += 1 }
      return .listed([first, "llama3.2", "mistral-small"], status: 200)
    }
    let harness = HandlerHarness()
    let local = try #require(URL(string: "http://127.0.0.1:11434/v1"))
    let ai = AIConfiguration(
      provider: .direct(DirectProviderSettings(baseURL: local)), catalogue: .openAI)
    let handler = try makeHandler(harness, ai: ai, providerModels: models)
    #expect(await handler.run(.model(nil)))
    let output = harness.io.output
    #expect(output.contains("Also from the provider:"), "\(output)")
    #expect(output.contains("\(configured.count + 1)  llama3.2"), "\(output)")
    #expect(output.contains("\(configured.count + 2)  mistral-small"), "\(output)")
    #expect(output.components(separatedBy: first).count - 1 == 1, "listed once: \(output)")

    #expect(await handler.run(.model(String(configured.count + 2))))
    #expect(harness.focus.model?.rawValue == "mistral-small")
    #expect(await handler.run(.model("not-there")))
    #expect(harness.io.output.contains("The provider does not list not-there"))
    #expect(reads.withLock { $0 } == 1, "the list is read once a session")
  }

  @Test func theModelListMarksTheModelInUse() async throws {
    let first = try #require(ModelCatalogue.openAI.models.first)
    let harness = HandlerHarness(defaultModel: first.id)
    let handler = try makeHandler(harness)
    #expect(await handler.run(.model(nil)))
    let inUse = harness.io.output.split(separator: "\n").filter { $0.contains("(in use)") }
    #expect(inUse.count == 1)
    #expect(inUse.first?.contains(first.id.rawValue) == true)
  }

  @Test func memoriesAreAddedListedEditedAndForgottenInTheDatabase() async throws {
    let harness = HandlerHarness()
    let handler = try makeHandler(harness)
    #expect(await handler.run(.memory(.add("I write Swift"))))
    #expect(await handler.run(.memory(.edit(1, "I write Swift on Linux"))))
    #expect(await handler.run(.memory(.list)))
    #expect(harness.io.output.contains("1  I write Swift on Linux"))
    #expect(await handler.run(.memory(.delete(1))))
    #expect(harness.io.output.contains(": I write Swift on Linux"))
    #expect(handler.memories.memories.isEmpty)
    #expect(await handler.run(.memory(.delete(1))))
    #expect(harness.io.errors.contains("There are no memories yet."))
  }

  @Test func commandsOfOtherCapabilitiesAreLeftToTheirHandlers() async throws {
    let harness = HandlerHarness()
    let handler = try makeHandler(harness)
    for command: SlashCommand in [
      .help(nil), .usage, .quit, .theme(nil), .chats(includeArchived: false),
    ] {
      #expect(await handler.run(command) == false)
    }
    #expect(harness.io.output.isEmpty && harness.io.errors.isEmpty)
  }
}
