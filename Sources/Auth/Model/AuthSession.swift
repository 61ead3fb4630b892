import Foundation

/// A signed-in session: the tokens GoTrue issued, when the access token expires, and who it
/// belongs to.
///
/// Its `description` never shows a token, so interpolating a session into a log line is safe.
public struct AuthSession: Equatable, Hashable, Sendable {
  /// How long before expiry the session is renewed (60 s, as the seed specifies).
  public static let refreshMargin: TimeInterval = 60

  /// The JWT sent as `Authorization: Bearer …`.
  public var accessToken: String
  /// The single-use token that buys the next access token. GoTrue rotates it on every refresh.
  public var refreshToken: String
  /// When the access token stops being accepted, by the device's clock.
  public var expiresAt: Date
  /// The token type GoTrue reports, normally `bearer`.
  public var tokenType: String
  /// The signed-in user.
  public var user: AuthUser

  /// A session with the given parts.
  public init(
    accessToken: String, refreshToken: String, expiresAt: Date, tokenType: String = "bearer",
    user: AuthUser
  ) {
    self.accessToken = accessToken
    self.refreshToken = refreshToken
    self.expiresAt = expiresAt
    self.tokenType = tokenType
    self.user = user
  }

  /// Whether the access token has expired at `now`.
  public func isExpired(at now: Date) -> Bool {
    expiresAt <= now
  }

  /// Whether the access token expires within `margin` seconds of `now` (or already has), so
  /// it should be renewed before use.
  public func needsRefresh(at now: Date, margin: TimeInterval = AuthSession.refreshMargin) -> Bool {
    expiresAt.timeIntervalSince(now) <= margin
  }

  /// When the proactive refresh is due: `margin` seconds before expiry.
  public func refreshDate(margin: TimeInterval = AuthSession.refreshMargin) -> Date {
    expiresAt.addingTimeInterval(-margin)
  }
}

extension AuthSession: CustomStringConvertible, CustomDebugStringConvertible {
  /// The expiry and token type; tokens and personal data are left out.
  public var description: String {
    "AuthSession(expiresAt: \(expiresAt), tokenType: \(tokenType), tokens: [REDACTED])"
  }

  /// Same as `description`: debuggers and `dump` must not reveal tokens either.
  public var debugDescription: String { description }
}
