import Core
import Foundation
import Networking
import TestSupport
import Testing

@testable import AI

/// The streaming path both HTTP clients share: the request each builds carries the same
/// event-stream head and chat timeouts, and only the URL, body and credential differ.
@Suite struct HTTPChatTransportTests {
  private static let timeouts = HTTPTimeouts(connect: 3, idle: 7, total: 40)
  private static let baseURL = URL(string: "http://127.0.0.1:9/v1")

  private static let request = ChatCompletionRequest(
    messages: [
      LLMMessage(role: .system, content: "be brief"), LLMMessage(role: .user, content: "hi"),
    ])

  @Test func bothClientsAskForAnEventStreamWithTheChatTimeoutsAndTheirHeaders() throws {
    let baseURL = try #require(Self.baseURL)
    let http = UnconfiguredHTTPClient(missing: "none: requests are only built")
    let direct = OpenAICompatibleClient(
      settings: DirectProviderSettings(
        baseURL: baseURL, apiKey: "sk-test", defaultHeaders: ["X-Title": "Kiln"]),
      httpClient: http, timeouts: Self.timeouts)
    let proxy = ProxyLLMClient(
      settings: ProxySettings(baseURL: baseURL, path: "/ai", defaultHeaders: ["apikey": "anon"]),
      httpClient: http, timeouts: Self.timeouts)

    let directRequest = try direct.makeHTTPRequest(for: Self.request)
    let proxyRequest = try proxy.makeHTTPRequest(for: Self.request)

    for built in [directRequest, proxyRequest] {
      #expect(built.method == .post)
      #expect(built.headers["Accept"] == "text/event-stream")
      #expect(built.headers["Content-Type"] == "application/json")
      #expect(built.timeouts == Self.timeouts)
    }
    #expect(directRequest.headers["X-Title"] == "Kiln")
    #expect(directRequest.headers["Authorization"] == "Bearer sk-test")
    #expect(proxyRequest.headers["apikey"] == "anon")
    #expect(proxyRequest.headers["Authorization"] == nil, "the proxy's token is the interceptor's")
  }

  @Test func aClientWithoutTimeoutsLeavesTheHTTPClientsOwn() throws {
    let baseURL = try #require(Self.baseURL)
    let direct = OpenAICompatibleClient(
      settings: DirectProviderSettings(baseURL: baseURL),
      httpClient: UnconfiguredHTTPClient(missing: "none"))
    #expect(try direct.makeHTTPRequest(for: Self.request).timeouts == nil)
  }
}
