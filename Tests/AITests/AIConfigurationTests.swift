import Core
import Foundation
import Testing

@testable import AI

@Suite struct AIConfigurationTests {
  private func resolve(_ values: [String: String]) throws -> AIConfiguration {
    try AIConfiguration.resolve(values)
  }

  @Test func selectsTheProxyForARealBaseURL() throws {
    let configuration = try resolve([
      "PROXY_BASE_URL": "https://abc.supabase.co/functions/v1/",
      "PROXY_DEFAULT_HEADERS": #"{"apikey":"anon-key","X-Client":"kiln"}"#,
      "OPENAI_API_KEY": "sk-ignored-when-the-proxy-is-set",
    ])
    guard case .proxy(let proxy) = configuration.provider else {
      Issue.record("expected the proxy, got \(configuration.provider)")
      return
    }
    #expect(proxy.path == "/ai")
    #expect(proxy.endpoint?.absoluteString == "https://abc.supabase.co/functions/v1/ai")
    #expect(proxy.defaultHeaders == ["apikey": "anon-key", "X-Client": "kiln"])
    #expect(proxy.model == nil)
    #expect(configuration.catalogue.defaultModel == .gpt35Turbo)
  }

  @Test func usesTheConfiguredProxyPathAndModel() throws {
    let configuration = try resolve([
      "PROXY_BASE_URL": "http://127.0.0.1:8787", "PROXY_PATH": "v1/chat",
      "KILN_MODEL": "openai/gpt-4o-mini",
    ])
    guard case .proxy(let proxy) = configuration.provider else {
      Issue.record("expected the proxy")
      return
    }
    #expect(proxy.endpoint?.absoluteString == "http://127.0.0.1:8787/v1/chat")
    #expect(proxy.model == .gpt4oMini)
    #expect(configuration.catalogue.defaultModel == .gpt4oMini)
  }

  @Test(arguments: [
    "https://YOUR-PROJECT-REF.supabase.co/functions/v1", "https://placeholder.supabase.co",
    "https://x.supabase.co/PLACEHOLDER", "not a url", "ftp://files.example.com", "/relative/path",
    "", "   ",
  ])
  func treatsPlaceholderOrUnusableProxyURLsAsUnset(value: String) throws {
    let configuration = try resolve(["PROXY_BASE_URL": value])
    guard case .echo(let reason) = configuration.provider else {
      Issue.record("expected the echo for \(value)")
      return
    }
    #expect(
      [.placeholder(key: "PROXY_BASE_URL"), .notHTTPURL(key: "PROXY_BASE_URL")].contains(reason)
        || reason == .nothingSet(keys: ["PROXY_BASE_URL", "OPENAI_BASE_URL", "OPENAI_API_KEY"]))
    #expect(configuration.catalogue == .echo)
  }

  @Test func keepsARealURLThatMerelyContainsYourInLowercase() throws {
    let configuration = try resolve(["PROXY_BASE_URL": "https://yourapp.example.com/functions/v1"])
    guard case .proxy = configuration.provider else {
      Issue.record("expected the proxy")
      return
    }
  }

  @Test(arguments: [
    (#"{"apikey": }"#, "is not valid JSON"), ("[1,2]", "must be a JSON object"),
    (#"{"apikey": 42}"#, "is not a string"), (#"{"bad name": "x"}"#, "not a valid header name"),
  ])
  func rejectsInvalidProxyHeadersNamingTheKey(value: String, reason: String) {
    do {
      _ = try AIConfiguration.resolve([
        "PROXY_BASE_URL": "https://abc.supabase.co/functions/v1", "PROXY_DEFAULT_HEADERS": value,
      ])
      Issue.record("expected a configuration error")
    } catch {
      #expect(error.key == "PROXY_DEFAULT_HEADERS")
      #expect(error.reason.contains(reason))
      #expect(!error.description.contains("42"))
      #expect(error.appError == .notConfigured(error.description))
    }
  }

  @Test func placeholderHeadersCountAsUnset() throws {
    let configuration = try resolve([
      "PROXY_BASE_URL": "https://abc.supabase.co/functions/v1",
      "PROXY_DEFAULT_HEADERS": #"{"apikey":"YOUR_PUBLIC_ANON_KEY"}"#,
    ])
    guard case .proxy(let proxy) = configuration.provider else {
      Issue.record("expected the proxy")
      return
    }
    #expect(proxy.defaultHeaders.isEmpty)
  }

  @Test func selectsEchoWhenNothingIsConfigured() throws {
    let configuration = try resolve(["KILN_MODEL": "gpt-4o"])
    #expect(
      configuration.provider
        == .echo(
          reason: .nothingSet(keys: ["PROXY_BASE_URL", "OPENAI_BASE_URL", "OPENAI_API_KEY"])))
  }
}
