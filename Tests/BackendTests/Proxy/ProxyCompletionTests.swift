import Backend
import Foundation
import JOSE
import TestSupport
import Testing

/// A non-streaming client's answer: the upstream is asked for one whole completion (no
/// stream of pieces to wait for), and anything but a whole reply is 502.
@Suite struct ProxyCompletionTests {
  private func askWhole(_ harness: ProxyHarness) async throws -> BackendResponse {
    await harness.service.handleChatCompletions(
      ProxyHarness.request(
        ProxyHarness.body(), token: try harness.token(), path: "/v1/chat/completions"))
  }

  static let completion =
    #"{"id":"gen-7","object":"chat.completion","created":1700000000,"model":"openai/gpt-3.5-turbo","#
    + #""choices":[{"index":0,"message":{"role":"assistant","content":"Hello there."},"#
    + #""finish_reason":"stop"}],"usage":{"prompt_tokens":5,"completion_tokens":3,"total_tokens":8}}"#

  @Test func aNonStreamingClientAsksTheUpstreamForOneWholeCompletion() async throws {
    let harness = try ProxyHarness()
    defer { harness.stop() }
    harness.scriptResponse(.json(Self.completion))
    let response = try await askWhole(harness)
    #expect(response.status == 200)
    let request = try #require(harness.upstream?.requests.first)
    let sent = try StrictJSONParser().parseObject(Array(request.body))
    #expect(sent["stream"] == .bool(false))
    #expect(sent["stream_options"] == nil)
    let object = try StrictJSONParser().parseObject(Array(response.bodyText.utf8))
    #expect(object["object"] == .string("chat.completion"))
    #expect(object["id"] == .string("gen-7"))
    let choice = try #require(object["choices"]?.arrayValue?.first?.objectValue)
    #expect(
      choice["message"]
        == .object(["role": .string("assistant"), "content": .string("Hello there.")]))
    #expect(choice["finish_reason"] == .string("stop"))
    #expect(object["usage"]?.objectValue?["total_tokens"] == .number(8))
    let ledger = try #require(try await harness.ledger().first)
    #expect(ledger.status == "completed")
    #expect(ledger.completionTokens == 3)
  }

  /// An answer past the size read in place (read on the shared pool instead, so an event
  /// loop is not held up) comes through whole, and so does one just under it.
  @Test(arguments: [60_000, 300_000])
  func aLongWholeCompletionComesThroughWhole(contentLength: Int) async throws {
    let harness = try ProxyHarness()
    defer { harness.stop() }
    let content = String(repeating: "abcdefghij", count: contentLength / 10)
    harness.scriptResponse(
      .json(Self.completion.replacingOccurrences(of: "Hello there.", with: content)))
    let response = try await askWhole(harness)
    #expect(response.status == 200)
    let object = try StrictJSONParser().parseObject(Array(response.bodyText.utf8))
    let choice = try #require(object["choices"]?.arrayValue?.first?.objectValue)
    #expect(choice["message"]?.objectValue?["content"] == .string(content))
    #expect(try await harness.ledger().first?.status == "completed")
  }

  @Test func aWholeCompletionCarryingAnErrorIs502() async throws {
    let harness = try ProxyHarness()
    defer { harness.stop() }
    harness.scriptResponse(.json(#"{"error":{"code":500,"message":"provider secret detail"}}"#))
    let response = try await askWhole(harness)
    #expect(response.status == 502)
    #expect(!response.bodyText.contains("provider secret detail"))
    #expect(try await harness.ledger().first?.status == "upstream_error")
  }

  @Test func aWholeCompletionThatIsNotJSONIs502() async throws {
    let harness = try ProxyHarness()
    defer { harness.stop() }
    harness.scriptResponse(.json(#"{"id":"gen-7","choices":[{"message":"#))
    let response = try await askWhole(harness)
    #expect(response.status == 502)
    #expect(try await harness.ledger().first?.status == "upstream_error")
  }
}
