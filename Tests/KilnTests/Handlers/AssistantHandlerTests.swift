import AI
import Core
import FeatureChat
import Storage
import Testing

@testable import kiln

/// `/persona`, `/model` and `/memory` on their own: a console, the focus, the AI settings
/// and memories in a real SQLite file, without a session or the app's dependencies.
@MainActor
@Suite struct AssistantHandlerTests {
  private static let echoWithOpenAIModels = AIConfiguration(
    provider: .echo(reason: "test"), catalogue: .openAI)

  private func makeHandler(
    _ harness: HandlerHarness, ai: AIConfiguration = echoWithOpenAIModels
  ) throws -> AssistantHandler {
    let repository = SQLiteMemoryRepository(
      database: try harness.database(), clock: .fixed(HandlerHarness.now), uuid: .incrementing())
    return AssistantHandler(
      console: harness.console, focus: harness.focus, ai: ai,
      memories: MemoriesViewModel(repository: repository))
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
