import Foundation

/// Who is signed in and until when, for `kiln whoami` and account screens.
public struct AuthSnapshot: Equatable, Sendable {
  /// The current state.
  public var state: AuthState
  /// The signed-in user, if any.
  public var user: AuthUser?
  /// When the current access token expires, if there is a session.
  public var accessTokenExpiresAt: Date?
  /// Whether the access token has expired (it is renewed on the next use).
  public var isAccessTokenExpired: Bool

  /// A snapshot with the given parts.
  public init(
    state: AuthState, user: AuthUser?, accessTokenExpiresAt: Date?, isAccessTokenExpired: Bool
  ) {
    self.state = state
    self.user = user
    self.accessTokenExpiresAt = accessTokenExpiresAt
    self.isAccessTokenExpired = isAccessTokenExpired
  }

  /// Nobody signed in.
  public static let signedOut = AuthSnapshot(
    state: .unauthenticated, user: nil, accessTokenExpiresAt: nil, isAccessTokenExpired: false)
}
