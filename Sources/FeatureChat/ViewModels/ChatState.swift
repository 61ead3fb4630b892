import Core
import Foundation
import Localization

/// What a conversation is doing, as one value.
public enum ChatState: Sendable, Equatable {
  /// Nothing is in flight.
  case idle
  /// A message was accepted and is being stored and sent; no reply text has arrived yet
  /// (the screen shows "Thinking…").
  case sending
  /// Reply text is arriving.
  case streaming
  /// The last action failed; the failure says why and what can be retried.
  case failed(ChatFailure)

  /// Whether a message is being sent or a reply is arriving.
  public var isBusy: Bool {
    self == .sending || self == .streaming
  }

  /// The failure, when the state is `failed`.
  public var failure: ChatFailure? {
    if case .failed(let failure) = self { return failure }
    return nil
  }
}

/// A failed action: the error, the sentence to show, and the message it concerns.
public struct ChatFailure: Sendable, Equatable {
  /// The error.
  public var error: AppError
  /// `error.localizedUserMessage` in the language at the time of the failure.
  public var message: String
  /// The reply that failed, when one was stored.
  public var messageID: UUID?

  /// A failure for `error`, about `messageID`.
  public init(_ error: AppError, messageID: UUID? = nil) {
    self.error = error
    self.message = error.localizedUserMessage
    self.messageID = messageID
  }

  /// The stable machine-readable code (`free_quota_exhausted`, `rate_limited`, …).
  public var code: String { error.code }

  /// Whether the user has to subscribe before trying again.
  public var requiresSubscription: Bool {
    switch error {
    case .freeQuotaExhausted, .subscriptionRequired: return true
    default: return false
    }
  }
}
