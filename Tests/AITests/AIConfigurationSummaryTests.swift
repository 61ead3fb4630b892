import Testing

@testable import AI

@Suite struct AIConfigurationSummaryTests {
  @Test func describesADirectProviderWithoutItsKey() throws {
    let configuration = try AIConfiguration.resolve([
      "OPENAI_BASE_URL": "https://user:pass@openrouter.ai/api/v1?token=secret",
      "OPENAI_API_KEY": "sk-or-v1-supersecretvalue",
      "OPENAI_DEFAULT_HEADERS": #"{"HTTP-Referer":"https://private.example"}"#,
    ])
    let text = configuration.logDescription
    #expect(text.contains("OpenRouter (OpenAICompatibleClient)"))
    #expect(text.contains("Endpoint: https://openrouter.ai/api/v1/chat/completions"))
    #expect(text.contains("API key: set"))
    #expect(text.contains("Extra headers: HTTP-Referer, X-Title"))
    for secret in ["supersecret", "pass", "token=secret", "private.example"] {
      #expect(!text.contains(secret))
    }
  }

  @Test func describesTheProxyAndTheEcho() throws {
    let proxy = try AIConfiguration.resolve([
      "PROXY_BASE_URL": "https://abc.supabase.co/functions/v1",
      "PROXY_DEFAULT_HEADERS": #"{"apikey":"anon-secret"}"#,
    ])
    #expect(
      proxy.summary.first
        == AIConfiguration.SummaryLine(name: "AI client", value: "Kiln proxy (ProxyLLMClient)"))
    #expect(proxy.logDescription.contains("Endpoint: https://abc.supabase.co/functions/v1/ai"))
    #expect(proxy.logDescription.contains("Model: proxy default"))
    #expect(!proxy.logDescription.contains("anon-secret"))

    let echo = try AIConfiguration.resolve(["PROXY_BASE_URL": "https://YOUR-REF.supabase.co"])
    #expect(echo.logDescription.contains("echo (EchoLLMClient)"))
    #expect(echo.logDescription.contains("PROXY_BASE_URL is a placeholder"))
  }
}
