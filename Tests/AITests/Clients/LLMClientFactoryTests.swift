import Core
import Foundation
import Networking
import TestSupport
import Testing

@testable import AI

@Suite struct LLMClientFactoryTests {
  private func make(
    _ values: [String: String], http: StubHTTPClient, sink: InMemoryLogSink
  ) throws -> any ChatClient {
    LLMClientFactory.makeClient(
      configuration: try AIConfiguration.resolve(values), proxyHTTPClient: http,
      providerHTTPClient: http, clock: .fixed(Fixture.referenceDate),
      logger: AppLogger(minimumLevel: .debug, sinks: [sink]))
  }

  @Test func buildsTheSelectedClientAndLogsTheChoiceOnceWithoutSecrets() async throws {
    let sink = InMemoryLogSink()
    try await StubHTTPClient.withStub { http in
      let proxy = try make(
        [
          "PROXY_BASE_URL": "https://abc.supabase.co/functions/v1",
          "PROXY_DEFAULT_HEADERS": #"{"apikey":"anon-secret-value"}"#,
        ], http: http, sink: sink)
      #expect(proxy is ProxyLLMClient)
      let direct = try make(["OPENAI_API_KEY": "sk-proj-verysecret"], http: http, sink: sink)
      #expect((direct as? OpenAICompatibleClient)?.settings.kind == .openAI)
      let echo = try make(
        ["PROXY_BASE_URL": "https://YOUR-PROJECT-REF.supabase.co"], http: http, sink: sink)
      #expect(echo is EchoLLMClient)
      #expect(http.requests.isEmpty, "building a client sends nothing")
    }

    let lines = sink.records.filter { $0.category == .ai }.map(\.message)
    try #require(lines.count == 3)
    #expect(lines[0].contains("ProxyLLMClient"))
    #expect(lines[1].contains("OpenAICompatibleClient") && lines[1].contains("API key: set"))
    #expect(lines[2].contains("EchoLLMClient"))
    #expect(!sink.text.contains("secret"))
  }
}
