import JOSE

/// A refusal in GoTrue's shape: its HTTP status, its `error_code` and a message for people.
///
/// Requests that send `X-Supabase-Api-Version: 2024-01-01` (or later) get
/// `{"code":"<error_code>","message":"…"}` and the header echoed; others get the legacy
/// `{"code":<status>,"error_code":"…","msg":"…"}`. Both carry `x-sb-error-code`, and a weak
/// password adds `{"weak_password":{"reasons":[…]}}`.
public struct AuthFailure: Error, Sendable, Hashable {
  /// The HTTP status.
  public var status: Int
  /// GoTrue's error code (`invalid_credentials`, `bad_jwt`, …).
  public var code: String
  /// A sentence for people; never holds a token, password or key.
  public var message: String
  /// For `weak_password`: why (`length`, `characters`, `pwned`).
  public var weakPasswordReasons: [String]?
  /// For `over_request_rate_limit`: seconds until a request is allowed (`Retry-After`).
  public var retryAfter: Double?

  /// A refusal with every part given.
  public init(status: Int, code: String, message: String, weakPasswordReasons: [String]? = nil) {
    self.status = status
    self.code = code
    self.message = message
    self.weakPasswordReasons = weakPasswordReasons
  }

  /// The first API version that answers errors as `{code, message}`.
  public static let versionedErrorsSince = "2024-01-01"

  /// The refusal as a response, in the shape `request` asked for by its API version.
  public func response(to request: BackendRequest) -> BackendResponse {
    let versioned = Self.wantsVersionedErrors(request.header("X-Supabase-Api-Version"))
    var members: [String: StrictJSONValue]
    if versioned {
      members = ["code": .string(code), "message": .string(message)]
    } else {
      members = [
        "code": .number(Double(status)), "error_code": .string(code), "msg": .string(message),
      ]
    }
    if let weakPasswordReasons {
      members["weak_password"] = .object([
        "reasons": .array(weakPasswordReasons.map(StrictJSONValue.string))
      ])
    }
    var headers = [(name: "x-sb-error-code", value: code)]
    if let retryAfter {
      headers.append((name: "Retry-After", value: String(Int(max(1, retryAfter.rounded(.up))))))
    }
    if versioned {
      headers.append((name: "X-Supabase-Api-Version", value: Self.versionedErrorsSince))
    }
    return .json(
      status: status, Array(JSONText.serialize(.object(members)).utf8), headers: headers)
  }

  /// Whether an `X-Supabase-Api-Version` value names 2024-01-01 or later.
  static func wantsVersionedErrors(_ version: String?) -> Bool {
    guard let version, version.utf8.count == 10,
      version.utf8.enumerated().allSatisfy({ index, byte in
        index == 4 || index == 7 ? byte == UInt8(ascii: "-") : (0x30...0x39).contains(byte)
      })
    else { return false }
    return version >= versionedErrorsSince
  }
}

extension AuthFailure {
  static func validation(_ message: String) -> AuthFailure {
    AuthFailure(status: 400, code: "validation_failed", message: message)
  }

  static let badJSON = AuthFailure(
    status: 400, code: "bad_json", message: "Could not parse request body as JSON")
  static let invalidCredentials = AuthFailure(
    status: 400, code: "invalid_credentials", message: "Invalid login credentials")
  static let emailNotConfirmed = AuthFailure(
    status: 400, code: "email_not_confirmed", message: "Email not confirmed")
  static let userAlreadyExists = AuthFailure(
    status: 422, code: "user_already_exists", message: "User already registered")
  static let emailExists = AuthFailure(
    status: 422, code: "email_exists",
    message: "A user with this email address has already been registered")
  static let samePassword = AuthFailure(
    status: 422, code: "same_password",
    message: "New password should be different from the old password.")
  static let refreshTokenNotFound = AuthFailure(
    status: 400, code: "refresh_token_not_found",
    message: "Invalid Refresh Token: Refresh Token Not Found")
  static let refreshTokenAlreadyUsed = AuthFailure(
    status: 400, code: "refresh_token_already_used",
    message: "Invalid Refresh Token: Already Used")
  static let sessionExpired = AuthFailure(
    status: 400, code: "session_expired", message: "Invalid Refresh Token: Session Expired")
  static let sessionNotFound = AuthFailure(
    status: 403, code: "session_not_found",
    message: "Session from session_id claim in JWT does not exist")
  static let noAuthorization = AuthFailure(
    status: 401, code: "no_authorization",
    message: "This endpoint requires a valid Bearer token")
  static let noAPIKey = AuthFailure(
    status: 401, code: "no_api_key", message: "Invalid API key or none was given")
  static let userNotFound = AuthFailure(
    status: 404, code: "user_not_found", message: "User not found")
  static let notFound = AuthFailure(status: 404, code: "not_found", message: "Not found")
  static let methodNotAllowed = AuthFailure(
    status: 405, code: "method_not_allowed", message: "Method not allowed")
  static let hashingBusy = AuthFailure(
    status: 503, code: "request_timeout",
    message: "Too many sign-ins at once; try again shortly")
  static let storeUnavailable = AuthFailure(
    status: 503, code: "unexpected_failure", message: "The auth store is unavailable")
  static let unexpected = AuthFailure(
    status: 500, code: "unexpected_failure", message: "Unexpected failure")

  static func overRequestRateLimit(retryAfter: Double) -> AuthFailure {
    var failure = AuthFailure(
      status: 429, code: "over_request_rate_limit",
      message: "Request rate limit reached; try again later")
    failure.retryAfter = retryAfter
    return failure
  }

  static func badJWT(_ reason: String) -> AuthFailure {
    AuthFailure(status: 403, code: "bad_jwt", message: "invalid JWT: " + reason)
  }

  static func weakPassword(minimumLength: Int) -> AuthFailure {
    AuthFailure(
      status: 422, code: "weak_password",
      message: "Password should be at least \(minimumLength) characters.",
      weakPasswordReasons: ["length"])
  }

  init(_ error: AuthStoreError) {
    switch error {
    case .unavailable: self = .storeUnavailable
    case .invalidData: self = .unexpected
    }
  }
}
