import Core
import Foundation
import Networking
import TestSupport
import Testing

@testable import AI

@Suite struct LLMClientFactoryTests {
  private func make(_ values: [String: String], sink: InMemoryLogSink) throws -> any ChatClient {
    let http = StubHTTPClient(reportIssue: { Issue.record(Comment(rawValue: $0)) })
    return LLMClientFactory.makeClient(
      configuration: try AIConfiguration.resolve(values), proxyHTTPClient: http,
      providerHTTPClient: http, clock: .fixed(Fixture.referenceDate),
      logger: AppLogger(minimumLevel: .debug, sinks: [sink]))
  }

  @Test func buildsTheSelectedClientAndLogsTheChoiceOnceWithoutSecrets() throws {
    let sink = InMemoryLogSink()
    let proxy = try make(
      [
        "PROXY_BASE_URL": "https://abc.supabase.co/functions/v1",
        "PROXY_DEFAULT_HEADERS": #"{"apikey":"anon-secret-value"}"#,
      ], sink: sink)
    #expect(proxy is ProxyLLMClient)
    let direct = try make(["OPENAI_API_KEY": "sk-proj-verysecret"], sink: sink)
    #expect((direct as? OpenAICompatibleClient)?.settings.kind == .openAI)
    let echo = try make(["PROXY_BASE_URL": "https://YOUR-PROJECT-REF.supabase.co"], sink: sink)
    #expect(echo is EchoLLMClient)

    let lines = sink.records.filter { $0.category == .ai }.map(\.message)
    #expect(lines.count == 3)
    #expect(lines[0].contains("ProxyLLMClient"))
    #expect(lines[1].contains("OpenAICompatibleClient") && lines[1].contains("API key: set"))
    #expect(lines[2].contains("EchoLLMClient"))
    #expect(!sink.text.contains("secret"))
  }
}
