import Testing

@testable import AI

@Suite struct ModelCatalogueTests {
  @Test func shipsTheSeedsTwoModelsWithGPT35AsDefault() {
    let catalogue = ModelCatalogue.defaults
    #expect(catalogue.models.map(\.id) == ["openai/gpt-3.5-turbo", "openai/gpt-4o-mini"])
    #expect(catalogue.defaultModel == .gpt35Turbo)
    #expect(catalogue.model(.gpt4oMini)?.contextWindow == 128_000)
    #expect(catalogue.model(.gpt35Turbo)?.displayName == "GPT-3.5 Turbo")
  }

  @Test func parsesAModelListWithNamesAndContextWindows() throws {
    let models = try ModelCatalogue.parseList(
      " llama3.2 | Llama 3.2 | 131_072 ,qwen2.5:7b\n\nmistral||32768, ")
    #expect(
      models == [
        ModelInfo(id: "llama3.2", displayName: "Llama 3.2", contextWindow: 131_072),
        ModelInfo(id: "qwen2.5:7b"),
        ModelInfo(id: "mistral", displayName: "mistral", contextWindow: 32_768),
      ])
  }

  @Test(arguments: ["a|b|c|d", "|Name", "m|Name|lots", "m|Name|0", "m|Name|-5"])
  func rejectsMalformedEntries(text: String) {
    #expect(throws: ModelCatalogue.ListError.self) { try ModelCatalogue.parseList(text) }
  }

  @Test func extendsWithConfiguredModelsFirstAndReplacesSameIDs() {
    let extended = ModelCatalogue.defaults.extended(with: [
      ModelInfo(id: "anthropic/claude-3.5-sonnet", displayName: "Claude"),
      ModelInfo(id: .gpt4oMini, displayName: "Mini", contextWindow: 1000),
    ])
    #expect(
      extended.models.map(\.id) == [
        "anthropic/claude-3.5-sonnet", "openai/gpt-4o-mini", "openai/gpt-3.5-turbo",
      ])
    #expect(extended.model(.gpt4oMini)?.displayName == "Mini")
    #expect(extended.defaultModel == .gpt35Turbo)
  }

  @Test func dropsDuplicateIDsKeepingTheFirst() {
    let catalogue = ModelCatalogue(
      models: [
        ModelInfo(id: "a", displayName: "First"), ModelInfo(id: "a", displayName: "Second"),
      ],
      defaultModel: nil)
    #expect(catalogue.models == [ModelInfo(id: "a", displayName: "First")])
  }
}
