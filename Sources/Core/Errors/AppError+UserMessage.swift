import Foundation

extension AppError {
  /// The kind of network failure, derived from the code and the message, that decides which
  /// sentence the user sees. Shared with the localized messages so both agree.
  public enum NetworkFailureKind: Equatable, Sendable {
    case offline
    case timeout
    case server
    case client
    /// The server redirected the request in a loop (more redirects than the client follows).
    case redirectLoop
    case other
  }

  /// Classifies a `.network` failure; `nil` for every other case.
  public var networkFailureKind: NetworkFailureKind? {
    guard case .network(let code, let message) = self else { return nil }
    let lowered = message?.lowercased() ?? ""
    if code == -1009 || code == -1020 || lowered.contains("offline") { return .offline }
    if code == -1001 || lowered.contains("timeout") || lowered.contains("timed out") {
      return .timeout
    }
    // NSURLErrorHTTPTooManyRedirects: a loop, not a connection problem.
    if code == -1007 { return .redirectLoop }
    if (500..<600).contains(code) { return .server }
    if (400..<500).contains(code) { return .client }
    return .other
  }

  /// An actionable English sentence for people. UI code shows `localizedUserMessage`
  /// (Localization module) instead; this is the English source and the fallback.
  public var userMessage: String {
    switch self {
    case .network:
      switch networkFailureKind {
      case .offline: return "You're offline. Please check your internet connection."
      case .timeout: return "Request timed out. Please try again."
      case .server: return "The server had a problem. Please try again in a moment."
      case .client:
        return "The request was rejected. Please check what you entered and try again."
      case .redirectLoop:
        return "The server kept redirecting the request (a redirect loop). Check the address "
          + "in your configuration."
      case .other, .none:
        return "A network error occurred. Please check your connection and try again."
      }
    case .decoding:
      return "The server sent a response the app could not read. Please try again later."
    case .unauthorized:
      return "Invalid email or password. Please check your credentials and try again."
    case .apiKeyRejected:
      return "The AI provider refused the API key. Check OPENAI_API_KEY and try again."
    case .rateLimited:
      return "Too many requests. Please wait a moment and try again."
    case .cancelled:
      return "The request was cancelled."
    case .validation(let message):
      let isBlank = message.allSatisfy(\.isWhitespace)
      return isBlank ? "Check what you entered and try again." : message
    case .subscriptionRequired:
      return "This feature needs a subscription. Upgrade to continue."
    case .freeQuotaExhausted:
      return "You've used all your free messages. Upgrade to keep chatting."
    case .notConfigured(let what):
      return "\(what) is not configured. Add it to your configuration and try again."
    case .storage(let issue):
      switch issue {
      case .diskFull:
        return "Your device is out of storage. Free up some space and try again."
      case .corrupted:
        return "Your saved data could not be read. Restore it from a backup or start fresh."
      case .newerSchema:
        return "Your data was saved by a newer version of the app. Please update the app."
      case .busy:
        return "Your data is in use by another copy of the app. Close it and try again."
      case .readOnly:
        return "The app cannot save here. Check that the data folder is writable."
      case .notFound:
        return "That item no longer exists."
      case .failed:
        return "Your data could not be saved. Please try again."
      }
    case .sessionExpired:
      return "Your session has expired. Please sign in again."
    case .notFound:
      return "That item could not be found."
    case .payloadTooLarge:
      return "That message is too long. Shorten it and try again."
    case .serviceUnavailable:
      return "The AI service is temporarily unavailable. Please try again in a moment."
    case .unknown:
      return "Something went wrong. Please try again."
    }
  }
}
