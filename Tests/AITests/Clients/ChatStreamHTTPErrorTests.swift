import Core
import Foundation
import Networking
import TestSupport
import Testing

@testable import AI

/// Refusals before the stream, in OpenAI's and OpenRouter's error shapes.
@Suite struct ChatStreamHTTPErrorTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let status: Int
    let body: String
    let retryAfter: String?
    let failure: HTTPFailure
    let appError: AppError
    var testDescription: String { name }
  }

  /// A direct provider authenticates with its API key, so a 401 is "the key was refused",
  /// never "invalid email or password", whatever the body says.
  static let cases: [Case] = [
    Case(
      name: "401 with a text body", status: 401, body: "Unauthorized", retryAfter: nil,
      failure: HTTPFailure(status: 401, credential: .apiKey), appError: .apiKeyRejected),
    Case(
      name: "401 OpenAI", status: 401,
      body:
        #"{"error":{"message":"Incorrect API key provided.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}"#,
      retryAfter: nil,
      failure: HTTPFailure(
        status: 401, code: "invalid_api_key", message: "Incorrect API key provided.",
        credential: .apiKey),
      appError: .apiKeyRejected),
    Case(
      name: "401 OpenRouter", status: 401,
      body: #"{"error":{"code":401,"message":"No auth credentials found"}}"#, retryAfter: nil,
      failure: HTTPFailure(
        status: 401, code: ProviderErrorCode(number: 401), message: "No auth credentials found",
        credential: .apiKey),
      appError: .apiKeyRejected),
    Case(
      name: "429 OpenAI with Retry-After", status: 429,
      body:
        #"{"error":{"message":"Rate limit reached for gpt-4o-mini","type":"requests","param":null,"code":"rate_limit_exceeded"}}"#,
      retryAfter: "20",
      failure: HTTPFailure(
        status: 429, code: "rate_limit_exceeded", message: "Rate limit reached for gpt-4o-mini",
        retryAfter: 20, credential: .apiKey),
      appError: .rateLimited(retryAfter: 20)),
    Case(
      name: "429 OpenRouter with Retry-After", status: 429,
      body:
        #"{"error":{"code":429,"message":"Rate limit exceeded","metadata":{"headers":{"X-RateLimit-Limit":"20"}}}}"#,
      retryAfter: "7",
      failure: HTTPFailure(
        status: 429, code: ProviderErrorCode(number: 429), message: "Rate limit exceeded",
        retryAfter: 7, credential: .apiKey),
      appError: .rateLimited(retryAfter: 7)),
    Case(
      name: "400 OpenAI", status: 400,
      body:
        #"{"error":{"message":"This model's maximum context length is 128000 tokens.","type":"invalid_request_error","param":"messages","code":"context_length_exceeded"}}"#,
      retryAfter: nil,
      failure: HTTPFailure(
        status: 400, code: "context_length_exceeded",
        message: "This model's maximum context length is 128000 tokens.", credential: .apiKey),
      appError: .network(
        code: 400, message: "This model's maximum context length is 128000 tokens.")),
    Case(
      name: "400 OpenRouter", status: 400,
      body:
        #"{"error":{"code":400,"message":"openai/gpt-9 is not a valid model ID"},"user_id":"user_1"}"#,
      retryAfter: nil,
      failure: HTTPFailure(
        status: 400, code: ProviderErrorCode(number: 400),
        message: "openai/gpt-9 is not a valid model ID", credential: .apiKey),
      appError: .network(code: 400, message: "openai/gpt-9 is not a valid model ID")),
    Case(
      name: "503 HTML page", status: 503, body: "<html><body>Service Unavailable</body></html>",
      retryAfter: "3", failure: HTTPFailure(status: 503, retryAfter: 3, credential: .apiKey),
      appError: .serviceUnavailable(status: 503)),
  ]

  @Test(arguments: cases)
  func reportsTheRefusalWithItsStatusCodeMessageAndRetryAfter(testCase: Case) async throws {
    try await LoopbackChat.run { chat in
      var response = LoopbackResponse.json(testCase.body, status: testCase.status)
      if let retryAfter = testCase.retryAfter {
        response = response.header("Retry-After", retryAfter)
      }
      chat.server.enqueue(response, method: .post, path: "/v1/chat/completions")
      let events = await Array(
        chat.openAIClient().streamChatCompletion(ChatCompletionRequest(messages: [.user("hi")])))
      #expect(events == [.finished(.httpError(testCase.failure))])
      #expect(ChatCompletionOutcome.httpError(testCase.failure).appError == testCase.appError)
    }
  }
}

extension Array where Element == ChatStreamEvent {
  /// Every event of `stream`.
  init(_ stream: ChatCompletionStream) async {
    self = []
    for await event in stream { append(event) }
  }
}
