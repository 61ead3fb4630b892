import Foundation

/// The one error type that crosses module boundaries and reaches the user.
///
/// Each module throws its own typed errors internally and maps them to `AppError` at its
/// boundary. `userMessage` gives an English sentence the user can act on; the localized
/// counterpart is `localizedUserMessage` in the `Localization` module, which every UI call
/// site uses. The technical detail of the original error is kept in `AppError.Diagnosis`
/// for logs, never shown to the user.
public enum AppError: Error, Equatable, Hashable, Sendable {
  /// A transport failure (negative `URLError` codes) or an HTTP status with the server's
  /// own message, if it sent one.
  case network(code: Int, message: String?)
  /// A response arrived but could not be decoded.
  case decoding
  /// The credentials or the session were rejected.
  case unauthorized
  /// The AI provider refused the API key Kiln sent it (HTTP 401 from a provider the user
  /// configured directly): not a sign-in problem.
  case apiKeyRejected
  /// The server asked the client to slow down; `retryAfter` is in seconds when it said so.
  case rateLimited(retryAfter: TimeInterval?)
  /// The user or the system cancelled the operation. Never shown as a failure.
  case cancelled
  /// Input the user can fix was rejected.
  case validation(message: String)
  /// The action needs an active subscription.
  case subscriptionRequired
  /// The free tier is used up; `remaining` is what the server or the local gate reported (0
  /// when exhausted, kept so the UI can show the number it was given).
  case freeQuotaExhausted(remaining: Int)
  /// A service is missing configuration; the payload names what is missing.
  case notConfigured(String)
  /// Local persistence failed.
  case storage(StorageIssue)
  /// The signed-in session ended and the user has to sign in again.
  case sessionExpired
  /// The server does not know the requested resource.
  case notFound
  /// The request is larger than the server accepts.
  case payloadTooLarge
  /// The AI provider or another upstream service is down or overloaded.
  case serviceUnavailable(status: Int)
  /// A failure nothing above describes; the payload is technical detail for logs.
  case unknown(String)
}

/// What went wrong in local persistence, in terms the user can act on.
public enum StorageIssue: Equatable, Hashable, Sendable {
  /// The disk is full; nothing was written.
  case diskFull
  /// The database file is damaged or is not a database.
  case corrupted
  /// The database was written by a newer version of the app.
  case newerSchema(found: Int, supported: Int)
  /// Another process holds the database and did not release it in time.
  case busy
  /// The file or its folder cannot be written.
  case readOnly
  /// The requested record does not exist.
  case notFound
  /// Any other failure; the payload is technical detail for logs.
  case failed(String)
}

extension AppError: CustomStringConvertible {
  /// A developer-facing description (for logs); `userMessage` is the text for people.
  public var description: String {
    switch self {
    case .network(let code, let message):
      return "network(code: \(code), message: \(message ?? "nil"))"
    case .decoding: return "decoding"
    case .unauthorized: return "unauthorized"
    case .apiKeyRejected: return "apiKeyRejected"
    case .rateLimited(let retryAfter):
      return "rateLimited(retryAfter: \(retryAfter.map { String($0) } ?? "nil"))"
    case .cancelled: return "cancelled"
    case .validation(let message): return "validation(message: \(message))"
    case .subscriptionRequired: return "subscriptionRequired"
    case .freeQuotaExhausted(let remaining): return "freeQuotaExhausted(remaining: \(remaining))"
    case .notConfigured(let what): return "notConfigured(\(what))"
    case .storage(let issue): return "storage(\(issue))"
    case .sessionExpired: return "sessionExpired"
    case .notFound: return "notFound"
    case .payloadTooLarge: return "payloadTooLarge"
    case .serviceUnavailable(let status): return "serviceUnavailable(status: \(status))"
    case .unknown(let detail): return "unknown(\(detail))"
    }
  }
}

extension AppError: LocalizedError {
  public var errorDescription: String? { userMessage }
}

extension AppError {
  /// A stable machine-readable code, used in JSON output and exit reports.
  public var code: String {
    switch self {
    case .network(let code, _):
      if code < 0 { return code == -1009 ? "offline" : code == -1001 ? "timeout" : "network" }
      return "http_\(code)"
    case .decoding: return "decoding"
    case .unauthorized: return "unauthorized"
    case .apiKeyRejected: return "api_key_rejected"
    case .rateLimited: return "rate_limited"
    case .cancelled: return "cancelled"
    case .validation: return "validation"
    case .subscriptionRequired: return "subscription_required"
    case .freeQuotaExhausted: return "free_quota_exhausted"
    case .notConfigured: return "not_configured"
    case .storage: return "storage"
    case .sessionExpired: return "session_expired"
    case .notFound: return "not_found"
    case .payloadTooLarge: return "too_large"
    case .serviceUnavailable: return "service_unavailable"
    case .unknown: return "unknown"
    }
  }

  /// Whether trying the same thing again later may succeed without the user changing anything.
  public var isTransient: Bool {
    switch self {
    case .network(let code, _): return code < 0 || code == 408 || code == 425 || code >= 500
    case .rateLimited, .serviceUnavailable: return true
    case .storage(.busy): return true
    default: return false
    }
  }
}
