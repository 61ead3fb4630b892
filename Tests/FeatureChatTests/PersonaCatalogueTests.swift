import AI
import FeatureChat
import Testing

@Suite struct PersonaCatalogueTests {
  @Test func everyIdentifierHasExactlyOneEntryAndNoEntryIsAnOrphan() {
    let ids = PersonaCatalogue.all.map(\.id)
    #expect(ids.count == Set(ids).count, "duplicate ids in the catalogue")
    #expect(Set(ids) == Set(PersonaID.allCases), "catalogue and PersonaID disagree")
    #expect(ids.count == PersonaID.allCases.count)
  }

  @Test func theSharedTableHasExactlyThePersonaIdentifiers() {
    // kiln-server's proxy knows the personas from the same table, so every id the app can
    // send is one the server applies.
    #expect(Set(BuiltInPersonas.all.map(\.id)) == Set(PersonaID.allCases.map(\.rawValue)))
    #expect(BuiltInPersonas.all.first?.id == PersonaCatalogue.defaultPersona.id.rawValue)
  }

  @Test(arguments: PersonaID.allCases)
  func eachIdentifierResolvesToItsOwnEntry(id: PersonaID) {
    let persona = PersonaCatalogue.persona(id)
    #expect(persona.id == id)
    #expect(PersonaCatalogue.all.contains(persona))
    #expect(PersonaCatalogue.persona(rawID: id.rawValue) == persona)
  }

  @Test func namesAndPromptsAreUniqueAndNotBlank() {
    let names = PersonaCatalogue.all.map(\.displayName)
    let prompts = PersonaCatalogue.all.map(\.systemPrompt)
    #expect(Set(names).count == names.count)
    #expect(Set(prompts).count == prompts.count)
    for persona in PersonaCatalogue.all {
      #expect(!persona.displayName.trimmingCharacters(in: .whitespaces).isEmpty)
      #expect(persona.systemPrompt.count > 40, "\(persona.id) has a stub prompt")
      #expect(!persona.systemPrompt.contains("\\"), "line continuation left in the prompt")
    }
  }

  @Test func storedIdentifiersAreLockedBecauseConversationsAndTheProxyUseThem() {
    #expect(
      PersonaID.allCases.map(\.rawValue) == [
        "general", "swift-expert", "writing-coach", "translator",
      ])
    #expect(
      PersonaCatalogue.all.map(\.displayName) == [
        "General Assistant", "Swift Expert", "Writing Coach", "Translator",
      ])
  }

  @Test func theSeedsRequiredPersonasExistAndTheDefaultIsTheGeneralAssistant() {
    #expect(PersonaCatalogue.defaultPersona.id == .generalAssistant)
    #expect(PersonaCatalogue.persona(.swiftExpert).systemPrompt.contains("Swift"))
    #expect(PersonaCatalogue.persona(.translator).systemPrompt.contains("translat"))
  }

  @Test(arguments: [nil, "", "pirate", "General", "general "])
  func unknownOrMissingStoredIdentifiersResolveToNothing(rawID: String?) {
    #expect(PersonaCatalogue.persona(rawID: rawID) == nil)
  }
}
