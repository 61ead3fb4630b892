import Core
import Foundation
import Testing

@testable import AI

@Suite struct AIConfigurationDirectTests {
  private func direct(
    _ values: [String: String]
  ) throws -> (DirectProviderSettings, ModelCatalogue)? {
    let configuration = try AIConfiguration.resolve(values)
    guard case .direct(let settings) = configuration.provider else { return nil }
    return (settings, configuration.catalogue)
  }

  @Test func anOpenAIKeyAloneSelectsOpenAI() throws {
    let (settings, catalogue) = try #require(try direct(["OPENAI_API_KEY": "sk-proj-abc123"]))
    #expect(settings.kind == .openAI)
    #expect(settings.endpoint.absoluteString == "https://api.openai.com/v1/chat/completions")
    #expect(settings.apiKey == "sk-proj-abc123")
    #expect(settings.model == "gpt-4o-mini")
    #expect(catalogue.defaultModel == "gpt-4o-mini")
    #expect(catalogue.models.map(\.id).contains("gpt-3.5-turbo"))
  }

  @Test func anOpenRouterKeyAloneSelectsOpenRouterWithItsTitleHeader() throws {
    let (settings, catalogue) = try #require(try direct(["OPENAI_API_KEY": "sk-or-v1-abc"]))
    #expect(settings.kind == .openRouter)
    #expect(settings.endpoint.absoluteString == "https://openrouter.ai/api/v1/chat/completions")
    #expect(settings.defaultHeaders == ["X-Title": "Kiln"])
    #expect(settings.model == .gpt35Turbo)
    #expect(catalogue.models.map(\.id) == [.gpt35Turbo, .gpt4oMini])
  }

  @Test func configuredHeadersAddToAndOverrideOpenRoutersDefaults() throws {
    let (settings, _) = try #require(
      try direct([
        "OPENAI_BASE_URL": "https://openrouter.ai/api/v1", "OPENAI_API_KEY": "sk-or-v1-abc",
        "OPENAI_DEFAULT_HEADERS": #"{"HTTP-Referer":"https://example.app","X-Title":"My App"}"#,
      ]))
    #expect(
      settings.defaultHeaders == ["HTTP-Referer": "https://example.app", "X-Title": "My App"])
  }

  @Test func aLocalServerNeedsNoKeyAndTakesItsModelsFromConfiguration() throws {
    let (settings, catalogue) = try #require(
      try direct([
        "OPENAI_BASE_URL": "http://localhost:11434/v1",
        "KILN_MODELS": "llama3.2|Llama 3.2|131072, qwen2.5",
        "OPENAI_API_KEY": "YOUR_KEY",
      ]))
    #expect(settings.kind == .local)
    #expect(settings.apiKey == nil)
    #expect(settings.model == "llama3.2")
    #expect(catalogue.models.map(\.id) == ["llama3.2", "qwen2.5"])
    #expect(catalogue.defaultModel == "llama3.2")
  }

  @Test func aServerWithoutAnyModelSendsNoModel() throws {
    let (settings, catalogue) = try #require(
      try direct(["OPENAI_BASE_URL": "http://127.0.0.1:8080"]))
    #expect(settings.model == nil)
    #expect(settings.endpoint.absoluteString == "http://127.0.0.1:8080/chat/completions")
    #expect(catalogue.models.isEmpty)
  }

  @Test(arguments: [
    ("https://api.openai.com/v1", "https://api.openai.com/v1/chat/completions"),
    ("https://api.openai.com/v1/", "https://api.openai.com/v1/chat/completions"),
    ("http://localhost:4000", "http://localhost:4000/chat/completions"),
    ("https://api.groq.com/openai/v1", "https://api.groq.com/openai/v1/chat/completions"),
    ("http://localhost:1234/v1/chat/completions", "http://localhost:1234/v1/chat/completions"),
    (
      "https://x.openai.azure.com/openai/deployments/d?api-version=2024-06-01",
      "https://x.openai.azure.com/openai/deployments/d/chat/completions?api-version=2024-06-01"
    ),
  ])
  func appendsChatCompletionsToTheWholeBaseURL(base: String, endpoint: String) throws {
    let url = try #require(URL(string: base))
    #expect(DirectProviderSettings(baseURL: url).endpoint.absoluteString == endpoint)
  }

  @Test func rejectsAnUnusableBaseURLNamingTheKey() {
    #expect(throws: AIConfigurationError(key: "OPENAI_BASE_URL", problem: .notHTTPURL)) {
      try AIConfiguration.resolve(["OPENAI_BASE_URL": "localhost:11434"])
    }
  }

  @Test func rejectsABadModelListNamingTheKey() {
    do {
      _ = try AIConfiguration.resolve(["OPENAI_API_KEY": "sk-x", "KILN_MODELS": "m|n|many"])
      Issue.record("expected an error")
    } catch {
      #expect(error.key == "KILN_MODELS")
    }
  }

  @Test(arguments: [
    ("api.openai.com", DirectProviderSettings.Kind.openAI), ("openrouter.ai", .openRouter),
    ("localhost", .local), ("127.0.0.1", .local), ("api.together.xyz", .custom),
  ])
  func judgesTheKindOfServerByHost(host: String, kind: DirectProviderSettings.Kind) throws {
    let url = try #require(URL(string: "https://\(host)/v1"))
    #expect(DirectProviderSettings.kind(of: url) == kind)
  }
}
