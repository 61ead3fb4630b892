import Backend
import Foundation
import Testing

@Suite struct ProxyConfigurationTests {
  @Test func defaultsAreTheSeedsModelsTenLifetimeMessagesAndSixtyAnHour() throws {
    let configuration = try ProxyConfiguration()
    #expect(configuration.allowedModels == ["openai/gpt-3.5-turbo", "openai/gpt-4o-mini"])
    #expect(configuration.defaultModel == "openai/gpt-3.5-turbo")
    #expect(configuration.freeAllowance == FreeAllowance(limit: 10, period: .lifetime))
    #expect(configuration.rateLimit == RateLimit(count: 60, period: 3600))
    #expect(configuration.keepAliveInterval == .seconds(15))
    #expect(configuration.upstream == nil)
    #expect(configuration.messageBounds == .standard)
  }

  @Test func chatCompletionsArePostedUnderTheBaseURLAsItIsNow() throws {
    var upstream = ProxyConfiguration.Upstream(
      baseURL: try #require(URL(string: "https://openrouter.ai/api/v1")), apiKey: nil)
    #expect(
      upstream.chatCompletionsURL.absoluteString == "https://openrouter.ai/api/v1/chat/completions")
    upstream.baseURL = try #require(URL(string: "http://127.0.0.1:8080/v1/"))
    #expect(
      upstream.chatCompletionsURL.absoluteString == "http://127.0.0.1:8080/v1/chat/completions")
  }

  struct BadValue: Sendable, CustomTestStringConvertible {
    var key: String
    var make: @Sendable () throws -> ProxyConfiguration
    var testDescription: String { key }
  }

  static let badValues: [BadValue] = [
    BadValue(key: "ALLOWED_MODELS") { try ProxyConfiguration(allowedModels: []) },
    BadValue(key: "ALLOWED_MODELS") { try ProxyConfiguration(allowedModels: ["a b"]) },
    BadValue(key: "DEFAULT_MODEL") { try ProxyConfiguration(defaultModel: "openai/gpt-5") },
    BadValue(key: "MODEL_ALIASES") {
      try ProxyConfiguration(modelAliases: ["fast": "openai/unknown"])
    },
    BadValue(key: "PROXY_MAX_TOKENS") { try ProxyConfiguration(maxTokens: 0) },
    BadValue(key: "KILN_FREE_MESSAGE_LIMIT") { try ProxyConfiguration(freeMessageLimit: -1) },
    BadValue(key: "PERSONAS") { try ProxyConfiguration(personas: ["coach": "  "]) },
    BadValue(key: "PROXY_MAX_MESSAGES") {
      var bounds = ProxyConfiguration.MessageBounds.standard
      bounds.maximumMessages = 0
      return try ProxyConfiguration(messageBounds: bounds)
    },
    BadValue(key: "UPSTREAM_BASE_URL") {
      try ProxyConfiguration(
        upstream: .init(baseURL: URL(fileURLWithPath: "/tmp"), apiKey: "sk-real-key"))
    },
    BadValue(key: "UPSTREAM_API_KEY") {
      try ProxyConfiguration(
        upstream: .init(
          baseURL: URL(string: "https://openrouter.ai/api/v1") ?? URL(fileURLWithPath: "/"),
          apiKey: "YOUR_OPENROUTER_KEY"))
    },
    BadValue(key: "PROXY_KEEP_ALIVE") { try ProxyConfiguration(keepAliveInterval: .zero) },
    BadValue(key: "UPSTREAM_RETRIES") { try ProxyConfiguration(retryBudget: 9) },
  ]

  @Test(arguments: badValues)
  func aBadValueIsRefusedNamingItsKey(_ bad: BadValue) {
    let error = #expect(throws: ProxyConfigurationError.self) { _ = try bad.make() }
    #expect(error?.key == bad.key)
  }

  @Test func theKeyErrorNeverHoldsTheSecret() {
    let secret = "sk-or-v1-placeholder-123"
    do {
      _ = try ProxyConfiguration(
        upstream: .init(
          baseURL: URL(string: "https://openrouter.ai/api/v1") ?? URL(fileURLWithPath: "/"),
          apiKey: secret))
      Issue.record("a placeholder key was accepted")
    } catch {
      #expect(!error.description.contains(secret))
      #expect(error.key == "UPSTREAM_API_KEY")
    }
  }

  @Test func modelsMatchExactlyWithTheirSuffixesAndAliases() throws {
    let configuration = try ProxyConfiguration(
      allowedModels: ["openai/gpt-4o-mini", "meta/llama:free"],
      modelAliases: ["fast": "openai/gpt-4o-mini"])
    #expect(configuration.resolveModel(nil) == "openai/gpt-4o-mini")
    #expect(configuration.resolveModel("meta/llama:free") == "meta/llama:free")
    #expect(configuration.resolveModel("fast") == "openai/gpt-4o-mini")
    #expect(configuration.resolveModel("meta/llama") == nil)
    #expect(configuration.resolveModel("openai/gpt-4o-mini:nitro") == nil)
    #expect(configuration.resolveModel("OpenAI/GPT-4o-mini") == nil)
    #expect(configuration.resolveModel(" openai/gpt-4o-mini") == nil)
  }
}
