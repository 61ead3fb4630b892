/// A GoTrue error code, such as `invalid_credentials` or `refresh_token_not_found`.
///
/// An open set: the server knows about a hundred codes and adds more, and an unknown code must
/// pass through as its raw string rather than fail decoding. The constants below are the ones
/// Kiln treats specially.
public struct GoTrueErrorCode: RawRepresentable, Hashable, Codable, Sendable,
  ExpressibleByStringLiteral, CustomStringConvertible
{
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }
  public init(stringLiteral value: String) { self.rawValue = value }

  public var description: String { rawValue }

  // MARK: Credentials and input

  /// Wrong e-mail or password (400).
  public static let invalidCredentials: Self = "invalid_credentials"
  /// The e-mail address has not been confirmed yet (400).
  public static let emailNotConfirmed: Self = "email_not_confirmed"
  /// The password is too weak; `GoTrueError.weakPasswordReasons` says why (422).
  public static let weakPassword: Self = "weak_password"
  /// The request failed validation, e.g. a malformed e-mail address or refresh token (400).
  public static let validationFailed: Self = "validation_failed"
  /// The e-mail address is not valid (400).
  public static let emailAddressInvalid: Self = "email_address_invalid"
  /// An account with this e-mail address or phone already exists (422).
  public static let userAlreadyExists: Self = "user_already_exists"
  /// An account with this e-mail address already exists (422).
  public static let emailExists: Self = "email_exists"
  /// The new password equals the old one (422).
  public static let samePassword: Self = "same_password"
  /// Sign-ups are disabled for the project (422).
  public static let signupDisabled: Self = "signup_disabled"
  /// E-mail sign-in is disabled for the project (422).
  public static let emailProviderDisabled: Self = "email_provider_disabled"

  // MARK: Sessions

  /// The refresh token is unknown or revoked (400).
  public static let refreshTokenNotFound: Self = "refresh_token_not_found"
  /// The refresh token was already exchanged, outside the server's reuse window (400).
  public static let refreshTokenAlreadyUsed: Self = "refresh_token_already_used"
  /// The session behind the token no longer exists (400 or 403).
  public static let sessionNotFound: Self = "session_not_found"
  /// The session timed out, was revoked by a newer sign-in, or its level is too low (400).
  public static let sessionExpired: Self = "session_expired"
  /// The access token could not be parsed or verified (403).
  public static let badJWT: Self = "bad_jwt"
  /// The request needs `Authorization: Bearer …` and had none (401).
  public static let noAuthorization: Self = "no_authorization"
  /// The user was deleted (403 or 404).
  public static let userNotFound: Self = "user_not_found"
  /// The user is banned (400 or 403).
  public static let userBanned: Self = "user_banned"

  // MARK: Limits and failures

  /// Too many requests from this client (429).
  public static let overRequestRateLimit: Self = "over_request_rate_limit"
  /// Too many e-mails sent to this address (429).
  public static let overEmailSendRateLimit: Self = "over_email_send_rate_limit"
  /// Too many text messages sent to this number (429).
  public static let overSMSSendRateLimit: Self = "over_sms_send_rate_limit"
  /// The server failed (500).
  public static let unexpectedFailure: Self = "unexpected_failure"
}
