extension L10n {
  /// Error sentences: one per `AppError` case and sub-kind. UI code normally reaches them
  /// through `AppError.localizedUserMessage`.
  public enum Error {
    /// "You're offline. Please check your internet connection."
    public static var networkOffline: String { text(.networkOffline) }
    /// "Request timed out. Please try again."
    public static var networkTimeout: String { text(.networkTimeout) }
    /// The server failed (HTTP 5xx).
    public static var networkServer: String { text(.networkServer) }
    /// The server rejected the request (HTTP 4xx).
    public static var networkClient: String { text(.networkClient) }
    /// The server redirected the request in a loop.
    public static var networkRedirectLoop: String { text(.networkRedirectLoop) }
    /// Any other network failure.
    public static var networkGeneric: String { text(.networkGeneric) }
    /// The response could not be read.
    public static var decoding: String { text(.decoding) }
    /// "Invalid email or password. Please check your credentials and try again."
    public static var unauthorized: String { text(.unauthorized) }
    /// "The AI provider refused the API key. Check OPENAI_API_KEY and try again."
    public static var apiKeyRejected: String { text(.apiKeyRejected) }
    /// "Too many requests. Please wait a moment and try again."
    public static var rateLimited: String { text(.rateLimited) }
    /// "The request was cancelled."
    public static var cancelled: String { text(.cancelled) }
    /// "Check what you entered and try again.": for a validation error without a message.
    public static var validationGeneric: String { text(.validationGeneric) }
    /// The action needs a subscription.
    public static var subscriptionRequired: String { text(.subscriptionRequired) }
    /// The free messages are used up.
    public static var freeQuotaExhausted: String { text(.freeQuotaExhausted) }
    /// "<what> is not configured. Add it to your configuration and try again."
    public static func notConfigured(_ what: String) -> String {
      text(.notConfigured, [.text(what)])
    }
    /// The device is out of storage.
    public static var storageDiskFull: String { text(.storageDiskFull) }
    /// Saved data is damaged.
    public static var storageCorrupted: String { text(.storageCorrupted) }
    /// Saved data comes from a newer app version.
    public static var storageNewerSchema: String { text(.storageNewerSchema) }
    /// Another copy of the app holds the data.
    public static var storageBusy: String { text(.storageBusy) }
    /// The data folder is not writable.
    public static var storageReadOnly: String { text(.storageReadOnly) }
    /// A stored item no longer exists.
    public static var storageNotFound: String { text(.storageNotFound) }
    /// Any other storage failure.
    public static var storageFailed: String { text(.storageFailed) }
    /// "Your session has expired. Please sign in again."
    public static var sessionExpired: String { text(.sessionExpired) }
    /// The server does not know the item.
    public static var notFound: String { text(.notFound) }
    /// The message is too long.
    public static var payloadTooLarge: String { text(.payloadTooLarge) }
    /// The AI service is down.
    public static var serviceUnavailable: String { text(.serviceUnavailable) }
    /// "Something went wrong. Please try again."
    public static var unknown: String { text(.unknown) }

    /// "Try again now" / "Try again in 1 second" / "Try again in 30 seconds": shown with a
    /// rate limit that says how long to wait.
    public static func retryIn(seconds: Int) -> String {
      L10n.plural(PluralKey.retryInSeconds, count: seconds)
    }

    package enum Key: String, LocalizationKey {
      package static let namespace = "error"
      case networkOffline, networkTimeout, networkServer, networkClient, networkGeneric
      case networkRedirectLoop
      case decoding, unauthorized, apiKeyRejected, rateLimited, cancelled, validationGeneric
      case subscriptionRequired, freeQuotaExhausted, notConfigured
      case storageDiskFull, storageCorrupted, storageNewerSchema, storageBusy
      case storageReadOnly, storageNotFound, storageFailed
      case sessionExpired, notFound, payloadTooLarge, serviceUnavailable, unknown
    }

    package enum PluralKey: String, PluralLocalizationKey {
      package static let namespace = "error"
      case retryInSeconds
    }

    private static func text(_ key: Key, _ arguments: [LocalizationArgument] = []) -> String {
      L10n.text(key, arguments)
    }
  }
}
