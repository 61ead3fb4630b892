import Core
import Foundation
import Testing

@Suite struct AppErrorTests {
  /// One value of every case, so adding a case without a message fails `everyCase…` below.
  static let everyCase: [AppError] = [
    .network(code: -1009, message: "Offline"),
    .network(code: -1001, message: "Timed out"),
    .network(code: 500, message: "Server error"),
    .network(code: 400, message: "Invalid model"),
    .network(code: -1004, message: nil),
    .decoding,
    .unauthorized,
    .apiKeyRejected,
    .rateLimited(retryAfter: 30),
    .rateLimited(retryAfter: nil),
    .cancelled,
    .validation(message: "Email is required."),
    .subscriptionRequired,
    .freeQuotaExhausted(remaining: 0),
    .notConfigured("PROXY_BASE_URL"),
    .storage(.diskFull),
    .storage(.corrupted),
    .storage(.newerSchema(found: 9, supported: 3)),
    .storage(.busy),
    .storage(.readOnly),
    .storage(.notFound),
    .storage(.failed("disk I/O error")),
    .sessionExpired,
    .notFound,
    .payloadTooLarge,
    .serviceUnavailable(status: 503),
    .unknown("something odd"),
  ]

  @Test(arguments: everyCase)
  func everyCaseHasAnActionableSentence(_ error: AppError) {
    let message = error.userMessage
    #expect(!message.isEmpty)
    #expect(message.hasSuffix("."))
    #expect(message != error.description)
    #expect(error.errorDescription == message)
  }

  @Test func seedSentencesAreExact() {
    #expect(
      AppError.network(code: -1009, message: "Offline").userMessage
        == "You're offline. Please check your internet connection.")
    #expect(
      AppError.network(code: 0, message: "The device is OFFLINE").userMessage
        == "You're offline. Please check your internet connection.")
    #expect(
      AppError.network(code: 0, message: "request timeout").userMessage
        == "Request timed out. Please try again.")
    #expect(
      AppError.network(code: -1001, message: "Timed out").userMessage
        == "Request timed out. Please try again.")
    #expect(
      AppError.unauthorized.userMessage
        == "Invalid email or password. Please check your credentials and try again.")
    #expect(
      AppError.rateLimited(retryAfter: 5).userMessage
        == "Too many requests. Please wait a moment and try again.")
  }

  @Test func blankValidationMessageFallsBackToAGenericSentence() {
    #expect(
      AppError.validation(message: "  ").userMessage == "Check what you entered and try again.")
  }

  @Test func validationShowsTheGivenMessage() {
    #expect(
      AppError.validation(message: "Title can't be empty.").userMessage == "Title can't be empty.")
  }

  @Test func networkFailureKindsFollowCodeThenMessage() {
    #expect(AppError.network(code: -1009, message: nil).networkFailureKind == .offline)
    #expect(AppError.network(code: -1001, message: nil).networkFailureKind == .timeout)
    #expect(AppError.network(code: 502, message: nil).networkFailureKind == .server)
    #expect(AppError.network(code: 404, message: nil).networkFailureKind == .client)
    #expect(AppError.network(code: -1004, message: nil).networkFailureKind == .other)
    #expect(AppError.network(code: -1007, message: nil).networkFailureKind == .redirectLoop)
    #expect(AppError.decoding.networkFailureKind == nil)
  }

  @Test func codesAreStableAndMachineReadable() {
    #expect(AppError.freeQuotaExhausted(remaining: 0).code == "free_quota_exhausted")
    #expect(AppError.rateLimited(retryAfter: 1).code == "rate_limited")
    #expect(AppError.network(code: 401, message: nil).code == "http_401")
    #expect(AppError.network(code: -1009, message: nil).code == "offline")
    #expect(AppError.network(code: -1001, message: nil).code == "timeout")
    #expect(AppError.payloadTooLarge.code == "too_large")
    for error in Self.everyCase {
      #expect(error.code.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "_" })
    }
  }

  @Test func transientFailuresAreTheOnesWorthRetrying() {
    #expect(AppError.network(code: -1001, message: nil).isTransient)
    #expect(AppError.network(code: 503, message: nil).isTransient)
    #expect(AppError.network(code: 408, message: nil).isTransient)
    #expect(AppError.rateLimited(retryAfter: nil).isTransient)
    #expect(AppError.storage(.busy).isTransient)
    #expect(!AppError.network(code: 400, message: nil).isTransient)
    #expect(!AppError.unauthorized.isTransient)
    #expect(!AppError.cancelled.isTransient)
    #expect(!AppError.storage(.diskFull).isTransient)
  }
}
