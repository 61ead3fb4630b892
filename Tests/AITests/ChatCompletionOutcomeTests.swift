import Core
import Testing

@testable import AI

@Suite struct ChatCompletionOutcomeTests {
  @Test(arguments: [
    (HTTPFailure(status: 401, code: .unauthorized, message: "bad token"), AppError.sessionExpired),
    (HTTPFailure(status: 401, code: ProviderErrorCode(number: 401)), .sessionExpired),
    (HTTPFailure(status: 403, code: .subscriptionRequired), .subscriptionRequired),
    (
      HTTPFailure(status: 403, code: ProviderErrorCode(number: 403), message: "flagged"),
      .network(code: 403, message: "flagged")
    ),
    (HTTPFailure(status: 413, code: .tooLarge), .payloadTooLarge),
    (HTTPFailure(status: 429, code: .rateLimited, retryAfter: 30), .rateLimited(retryAfter: 30)),
    (HTTPFailure(status: 429, code: nil, retryAfter: nil), .rateLimited(retryAfter: nil)),
    (
      HTTPFailure(status: 429, code: .freeQuotaExhausted, retryAfter: 3600),
      .freeQuotaExhausted(remaining: 0)
    ),
    (
      HTTPFailure(status: 400, code: .messageBounds, message: "Too many messages"),
      .validation(message: "Too many messages")
    ),
    (
      HTTPFailure(status: 400, code: .invalidModel, message: "Invalid model"),
      .network(code: 400, message: "Invalid model")
    ),
    (
      HTTPFailure(status: 400, code: .invalidRequest, message: "messages is required"),
      .network(code: 400, message: "messages is required")
    ),
    (
      HTTPFailure(status: 402, message: "Insufficient credits"),
      .network(code: 402, message: "Insufficient credits")
    ),
    (HTTPFailure(status: 500), .network(code: 500, message: nil)),
    (HTTPFailure(status: 502), .serviceUnavailable(status: 502)),
    (HTTPFailure(status: 503, retryAfter: 5), .serviceUnavailable(status: 503)),
    (HTTPFailure(status: 504), .serviceUnavailable(status: 504)),
  ])
  func mapsEachRefusalToTheAppErrorTheUserSees(failure: HTTPFailure, expected: AppError) {
    #expect(ChatCompletionOutcome.httpError(failure).appError == expected)
  }

  @Test func keepsTheFreeMessagesTheServerReportedOnAQuotaRefusal() {
    let failure = HTTPFailure(status: 429, code: .freeQuotaExhausted, freeMessagesRemaining: 0)
    #expect(failure.appError == .freeQuotaExhausted(remaining: 0))
  }

  @Test(arguments: [
    (
      ProviderError(code: "server_error", message: "Provider disconnected"),
      AppError.serviceUnavailable(status: 502)
    ),
    (ProviderError(code: nil, message: "x"), .serviceUnavailable(status: 502)),
    (
      ProviderError(code: ProviderErrorCode(number: 429), message: "slow down"),
      .rateLimited(retryAfter: nil)
    ),
    (
      ProviderError(code: ProviderErrorCode(number: 503), message: "none"),
      .serviceUnavailable(status: 503)
    ),
    (ProviderError(code: .rateLimited, message: "slow"), .rateLimited(retryAfter: nil)),
    (ProviderError(code: .freeQuotaExhausted, message: "done"), .freeQuotaExhausted(remaining: 0)),
    (ProviderError(code: .subscriptionRequired, message: "pay"), .subscriptionRequired),
    (ProviderError(code: .invalidChunk, message: "bad"), .decoding),
  ])
  func mapsMidStreamErrorsByTheirCode(error: ProviderError, expected: AppError) {
    #expect(ChatCompletionOutcome.streamError(error).appError == expected)
  }

  @Test func mapsTheOtherOutcomes() {
    #expect(ChatCompletionOutcome.completed(finishReason: .stop).appError == nil)
    #expect(ChatCompletionOutcome.completed(finishReason: nil).appError == nil)
    #expect(ChatCompletionOutcome.cancelled.appError == .cancelled)
    #expect(
      ChatCompletionOutcome.failed(.network(code: -1009, message: "Offline")).appError
        == .network(code: -1009, message: "Offline"))
    let cause = AppError.network(code: -1001, message: "Timed out")
    #expect(ChatCompletionOutcome.incomplete(cause: cause).appError == cause)
  }

  @Test func reportsTheFinishReasonToStore() {
    #expect(ChatCompletionOutcome.completed(finishReason: .length).finishReason == .length)
    #expect(
      ChatCompletionOutcome.streamError(ProviderError(code: nil, message: "")).finishReason
        == .error)
    #expect(ChatCompletionOutcome.incomplete(cause: nil).finishReason == nil)
    #expect(ChatCompletionOutcome.completed(finishReason: nil).isCompleted)
    #expect(!ChatCompletionOutcome.cancelled.isCompleted)
  }

  @Test func codesKeepWhetherTheyArrivedAsNumbers() {
    #expect(ProviderErrorCode(number: 429).rawValue == "429")
    #expect(ProviderErrorCode(number: 429).number == 429)
    #expect(ProviderErrorCode(rawValue: "429").number == nil)
    // Equality compares the text, as for every open string value.
    #expect(ProviderErrorCode(number: 429) == ProviderErrorCode(rawValue: "429"))
  }
}
