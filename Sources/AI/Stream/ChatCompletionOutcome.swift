import Core
import Foundation

/// How a streamed reply ended.
public enum ChatCompletionOutcome: Sendable, Equatable {
  /// The provider finished the reply: it sent a `finish_reason` or `data: [DONE]`.
  /// `finishReason` is `nil` when only `[DONE]` arrived.
  case completed(finishReason: FinishReason?)
  /// The provider reported an error inside the stream (an `error` object in a `data` line,
  /// or `finish_reason: "error"`), or sent a payload that is not a chat-completion chunk.
  /// Content received before it is kept.
  case streamError(ProviderError)
  /// The stream ended before the provider said it was done: no `finish_reason` and no
  /// `[DONE]`. `cause` is the transport failure that cut it, when there was one.
  case incomplete(cause: AppError?)
  /// The server refused the request before streaming.
  case httpError(HTTPFailure)
  /// No response arrived (offline, connection refused, timeout before the head, a bad
  /// configuration) or the request could not be built.
  case failed(AppError)
  /// The consumer cancelled the stream.
  case cancelled

  /// Whether the reply finished normally.
  public var isCompleted: Bool {
    if case .completed = self { return true }
    return false
  }

  /// The finish reason of a completed reply, or `.error` for a provider error.
  public var finishReason: FinishReason? {
    switch self {
    case .completed(let reason): return reason
    case .streamError: return .error
    default: return nil
    }
  }
}

/// An error a provider reported, in the body of a refused request or inside a stream.
public struct ProviderError: Sendable, Equatable, Error {
  /// The provider's error code (`rate_limited`, `429`, `server_error`, …), when it sent one.
  /// For OpenAI's shape without a `code`, its `type`.
  public var code: ProviderErrorCode?
  /// The provider's message, as sent; a fixed description when it sent none.
  public var message: String

  /// An error with the given parts.
  public init(code: ProviderErrorCode?, message: String) {
    self.code = code
    self.message = message
  }
}

/// A provider's error code, which may arrive as a JSON string or a JSON number.
///
/// An open set; the constants are the codes of Kiln's proxy contract. Equality and hashing
/// compare the text, so `429` and `"429"` are the same code; `number` tells them apart.
public struct ProviderErrorCode: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The code as text (a number is written in decimal).
  public let rawValue: String
  /// The code as a number, when it arrived as a JSON number (OpenRouter sends HTTP-like
  /// numbers, such as `429`).
  public let number: Int?

  /// A code from its text.
  public init(rawValue: String) {
    self.rawValue = rawValue
    self.number = nil
  }

  /// A code from a string literal.
  public init(stringLiteral value: String) { self.init(rawValue: value) }

  /// A code that arrived as a JSON number.
  public init(number: Int) {
    self.rawValue = String(number)
    self.number = number
  }

  /// The text itself.
  public var description: String { rawValue }

  /// The request body is not acceptable (400).
  public static let invalidRequest: Self = "invalid_request"
  /// The model is not on the server's allowlist (400).
  public static let invalidModel: Self = "invalid_model"
  /// Too many messages, or messages too long (400).
  public static let messageBounds: Self = "message_bounds"
  /// The access token is missing or invalid (401).
  public static let unauthorized: Self = "unauthorized"
  /// The user needs a subscription (403).
  public static let subscriptionRequired: Self = "subscription_required"
  /// The request body is too large (413).
  public static let tooLarge: Self = "too_large"
  /// Too many requests; wait for `Retry-After` (429).
  public static let rateLimited: Self = "rate_limited"
  /// The free messages are used up (429).
  public static let freeQuotaExhausted: Self = "free_quota_exhausted"
  /// Kiln's own code for a stream payload that is not a chat-completion chunk (invalid JSON,
  /// or a known field of the wrong type).
  public static let invalidChunk: Self = "invalid_chunk"
}

/// A request the server refused before streaming: its status and what its error body said.
public struct HTTPFailure: Sendable, Equatable {
  /// The HTTP status.
  public var status: Int
  /// The error code from the body, when it had one.
  public var code: ProviderErrorCode?
  /// The message from the body, when it had one.
  public var message: String?
  /// The delay the server asked for with `Retry-After`, in seconds.
  public var retryAfter: TimeInterval?
  /// The proxy's `X-Free-Messages-Remaining` header on the refusal, when it sent one.
  public var freeMessagesRemaining: Int?
  /// What the request carried as its credential, which decides what a 401 means.
  public var credential: Credential

  /// The credential a request carried.
  public enum Credential: Sendable, Equatable {
    /// The signed-in user's session (Kiln's proxy): a 401 means the session has ended.
    case session
    /// The API key of a provider the user configured: a 401 means the key was refused.
    case apiKey
  }

  /// A failure with the given parts.
  public init(
    status: Int, code: ProviderErrorCode? = nil, message: String? = nil,
    retryAfter: TimeInterval? = nil, freeMessagesRemaining: Int? = nil,
    credential: Credential = .session
  ) {
    self.status = status
    self.code = code
    self.message = message
    self.retryAfter = retryAfter
    self.freeMessagesRemaining = freeMessagesRemaining
    self.credential = credential
  }
}
