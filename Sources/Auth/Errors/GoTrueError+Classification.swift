import Core
import Foundation

extension GoTrueError {
  /// Codes that mean the session is over whatever endpoint answered them: GoTrue no longer
  /// knows the session, the refresh token, or the user.
  static let sessionEndingCodes: Set<GoTrueErrorCode> = [
    .refreshTokenNotFound, .refreshTokenAlreadyUsed, .sessionNotFound, .sessionExpired,
    .userBanned, .userNotFound,
  ]

  /// Codes of a client sending too much.
  static let rateLimitCodes: Set<GoTrueErrorCode> = [
    .overRequestRateLimit, .overEmailSendRateLimit, .overSMSSendRateLimit,
  ]

  /// Codes whose message is about what the user typed and is worth showing as it is.
  static let inputCodes: Set<GoTrueErrorCode> = [
    .weakPassword, .validationFailed, .emailAddressInvalid, .userAlreadyExists, .emailExists,
    .samePassword, .signupDisabled, .emailProviderDisabled,
  ]

  /// Whether this answer to the refresh-token grant ends the session for good, so the user
  /// must sign in again: the refresh token is unknown, already used outside the server's
  /// reuse window, or malformed (`validation_failed`); the session is gone or expired; the user
  /// was banned or deleted; or an older server's OAuth `invalid_grant`
  /// ("Invalid Refresh Token: …"). Anything else (5xx, 429, a gateway's page) leaves the
  /// session alone.
  public var endsSessionOnRefresh: Bool {
    if let code, Self.sessionEndingCodes.contains(code) || code == .validationFailed {
      return true
    }
    return oauthError == "invalid_grant"
  }

  /// Whether trying again later may succeed: server failures (5xx, including Cloudflare's
  /// 520–530), 408, 425 and rate limits.
  public var isTransient: Bool {
    if status >= 500 || status == 408 || status == 425 || status == 429 { return true }
    if let code, Self.rateLimitCodes.contains(code) { return true }
    return false
  }
}

extension GoTrueError: AppErrorConvertible {
  /// The message people see when they try to sign in before confirming their address.
  public static let emailNotConfirmedMessage =
    "Confirm your e-mail address first: open the link we sent you, then sign in."

  /// Wrong credentials → `.unauthorized`; weak password, invalid address, existing account and
  /// similar → `.validation` with GoTrue's message; unconfirmed address → `.validation` with
  /// `emailNotConfirmedMessage`; rate limits → `.rateLimited`; an ended session →
  /// `.sessionExpired`; 404 → `.notFound`; anything else → `.network(code: status, message:)`.
  public var appError: AppError {
    if let code {
      if code == .invalidCredentials { return .unauthorized }
      if code == .emailNotConfirmed { return .validation(message: Self.emailNotConfirmedMessage) }
      if Self.rateLimitCodes.contains(code) { return .rateLimited(retryAfter: retryAfter) }
      if Self.inputCodes.contains(code) { return .validation(message: message) }
      if code == .userBanned {
        return .validation(message: "This account has been blocked. Contact support for help.")
      }
      if Self.sessionEndingCodes.contains(code) || code == .badJWT || code == .noAuthorization {
        return .sessionExpired
      }
    }
    if oauthError == "invalid_grant" {
      return message.lowercased().contains("refresh token") ? .sessionExpired : .unauthorized
    }
    switch status {
    case 401: return .unauthorized
    case 404: return .notFound
    case 413: return .payloadTooLarge
    case 422: return .validation(message: message)
    case 429: return .rateLimited(retryAfter: retryAfter)
    default: return .network(code: status, message: message)
    }
  }
}
