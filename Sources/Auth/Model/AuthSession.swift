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
  /// How long the access token was valid when the server issued it (`expires_in`), if known.
  /// Decides the refresh margin for short-lived tokens (see `refreshMargin(_:)`).
  public var lifetime: TimeInterval?

  /// A session with the given parts.
  public init(
    accessToken: String, refreshToken: String, expiresAt: Date, tokenType: String = "bearer",
    user: AuthUser, lifetime: TimeInterval? = nil
  ) {
    self.accessToken = accessToken
    self.refreshToken = refreshToken
    self.expiresAt = expiresAt
    self.tokenType = tokenType
    self.user = user
    self.lifetime = lifetime.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
  }

  /// The margin to renew with: `configured`, or half the token's lifetime when the token lives
  /// no longer than `configured` (a 30 s token with a 60 s margin would be due the moment it
  /// arrives, so every run would renew it and none would get to use it).
  public func refreshMargin(_ configured: TimeInterval) -> TimeInterval {
    guard let lifetime, lifetime <= configured else { return configured }
    return lifetime / 2
  }

  /// Whether the access token has expired at `now`.
  public func isExpired(at now: Date) -> Bool {
    expiresAt <= now
  }

  /// Whether the access token expires within `refreshMargin(margin)` seconds of `now` (or
  /// already has), so it should be renewed before use.
  public func needsRefresh(at now: Date, margin: TimeInterval = AuthSession.refreshMargin) -> Bool {
    expiresAt.timeIntervalSince(now) <= refreshMargin(margin)
  }

  /// When the proactive refresh is due: `refreshMargin(margin)` seconds before expiry.
  public func refreshDate(margin: TimeInterval = AuthSession.refreshMargin) -> Date {
    expiresAt.addingTimeInterval(-refreshMargin(margin))
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
