import Core

extension ChatCompletionOutcome {
  /// The error to show for this outcome, or `nil` when the reply completed.
  ///
  /// HTTP refusals: 401 → `.sessionExpired` for the proxy's session, `.apiKeyRejected` for a
  /// direct provider's key (`HTTPFailure.credential`); 403 `subscription_required` →
  /// `.subscriptionRequired`; 413 → `.payloadTooLarge`; 429 `free_quota_exhausted` →
  /// `.freeQuotaExhausted(remaining:)` (the header's value, else 0), other 429 →
  /// `.rateLimited(retryAfter:)`; 400
  /// `message_bounds` → `.validation` (the user can shorten the conversation), other 400 and
  /// remaining statuses → `.network(code: status, message: provider message)`; 502, 503 and
  /// 504 → `.serviceUnavailable(status:)`. A mid-stream provider error maps by its code the
  /// same way when the code is a known one or an HTTP-like number, `invalid_chunk` and
  /// `not_an_event_stream` to `.decoding`, `line_too_long` and `reply_too_large` to
  /// `.network(code: -1103, …)` with the limit in the message, and anything else to `.serviceUnavailable(status: 502)`: the upstream
  /// failed after the reply began. A cut-off stream without a transport error is a lost
  /// connection (`.network(code: -1005, …)`).
  public var appError: AppError? {
    switch self {
    case .completed:
      return nil
    case .streamError(let error):
      return Self.appError(forStreamError: error)
    case .incomplete(let cause):
      return cause ?? .network(code: -1005, message: "The reply was cut off")
    case .httpError(let failure):
      return failure.appError
    case .failed(let error):
      return error
    case .cancelled:
      return .cancelled
    }
  }

  private static func appError(forStreamError error: ProviderError) -> AppError {
    guard let code = error.code else { return .serviceUnavailable(status: 502) }
    if code == .invalidChunk || code == .notAnEventStream { return .decoding }
    if code == .lineTooLong || code == .replyTooLarge {
      // NSURLErrorDataLengthExceedsMaximum: more arrived than the client accepts.
      return .network(code: -1103, message: error.message)
    }
    if let number = code.number, (400..<600).contains(number) {
      return HTTPFailure(status: number, code: nil, message: error.message).appError
    }
    if let status = HTTPFailure.status(forProxyCode: code) {
      return HTTPFailure(status: status, code: code, message: error.message).appError
    }
    return .serviceUnavailable(status: 502)
  }
}

extension HTTPFailure {
  /// The error to show for this refusal; see `ChatCompletionOutcome.appError`.
  public var appError: AppError {
    switch status {
    case 401:
      // The proxy refused the signed-in user's access token: the session, not a password.
      return credential == .apiKey ? .apiKeyRejected : .sessionExpired
    case 403 where code == .subscriptionRequired:
      return .subscriptionRequired
    case 413:
      return .payloadTooLarge
    case 429 where code == .freeQuotaExhausted:
      return .freeQuotaExhausted(remaining: freeMessagesRemaining ?? 0)
    case 429:
      return .rateLimited(retryAfter: retryAfter)
    case 400 where code == .messageBounds:
      return .validation(message: message ?? "The conversation is too long for this model.")
    case 502, 503, 504:
      return .serviceUnavailable(status: status)
    default:
      return .network(code: status, message: message)
    }
  }

  /// The status the proxy contract gives each of its error codes, for codes that arrive
  /// without one (inside a stream).
  static func status(forProxyCode code: ProviderErrorCode) -> Int? {
    switch code {
    case .invalidRequest, .invalidModel, .messageBounds: return 400
    case .unauthorized: return 401
    case .subscriptionRequired: return 403
    case .tooLarge: return 413
    case .rateLimited, .freeQuotaExhausted: return 429
    default: return nil
    }
  }
}
