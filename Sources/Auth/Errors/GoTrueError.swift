import Foundation

/// An error answer from GoTrue, decoded from any of its three JSON shapes.
///
/// - Current (API version 2024-01-01): `{"code": "<string>", "message": "…"}`.
/// - Legacy: `{"code": <HTTP status>, "error_code": "<string>", "msg": "…", "error_id": "…"}`.
/// - OAuth: `{"error": "invalid_grant", "error_description": "…"}`, always HTTP 400, and with
///   no code at all.
///
/// Weak-password answers in either of the first two shapes add
/// `"weak_password": {"reasons": […]}`. Whatever the shape, `code` is the string code when the
/// server sent one (or the `x-sb-error-code` header did), else one inferred from a few
/// well-known messages of older servers, else `nil`.
public struct GoTrueError: Error, Equatable, Sendable {
  /// Which JSON shape the body had.
  public enum Shape: String, Equatable, Sendable {
    /// `{code: string, message}`.
    case current
    /// `{code: int, error_code, msg}`.
    case legacy
    /// `{error, error_description}`.
    case oauth
    /// Not JSON, or JSON in none of the shapes (a proxy's or gateway's page).
    case unrecognized
  }

  /// The HTTP status.
  public var status: Int
  /// The error code, if the server sent one or an older server's message implies one.
  public var code: GoTrueErrorCode?
  /// The server's human-readable message (English); for an unrecognized body, a short
  /// description of the status instead of the body.
  public var message: String
  /// The OAuth `error` field (`invalid_grant`, `invalid request`, …), for the OAuth shape.
  public var oauthError: String?
  /// Why a password was judged weak (`length`, `characters`, `pwned`).
  public var weakPasswordReasons: [String]
  /// The delay a `Retry-After` header asked for, in seconds.
  public var retryAfter: TimeInterval?
  /// The shape the body had.
  public var shape: Shape

  /// An error with the given parts.
  public init(
    status: Int, code: GoTrueErrorCode?, message: String, oauthError: String? = nil,
    weakPasswordReasons: [String] = [], retryAfter: TimeInterval? = nil, shape: Shape
  ) {
    self.status = status
    self.code = code
    self.message = message
    self.oauthError = oauthError
    self.weakPasswordReasons = weakPasswordReasons
    self.retryAfter = retryAfter
    self.shape = shape
  }
}

extension GoTrueError: CustomStringConvertible {
  /// Status, shape, code and message: GoTrue's messages carry no tokens.
  public var description: String {
    let codeText = code.map { " code=\($0.rawValue)" } ?? ""
    let oauthText = oauthError.map { " error=\($0)" } ?? ""
    return "GoTrueError(\(status) \(shape.rawValue)\(codeText)\(oauthText): \(message))"
  }
}
