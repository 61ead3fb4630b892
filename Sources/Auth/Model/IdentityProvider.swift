/// An OpenID identity provider GoTrue accepts in the `id_token` grant.
///
/// An open set: GoTrue also knows `azure`, `facebook`, `keycloak` and others, which callers
/// create with `IdentityProvider(rawValue:)`.
public struct IdentityProvider: RawRepresentable, Hashable, Codable, Sendable,
  ExpressibleByStringLiteral, CustomStringConvertible
{
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }
  public init(stringLiteral value: String) { self.rawValue = value }

  public var description: String { rawValue }

  /// Sign in with Apple.
  public static let apple: Self = "apple"
  /// Google Sign-In.
  public static let google: Self = "google"

  /// The provider's name as people know it, for messages.
  public var displayName: String {
    switch self {
    case .apple: return "Sign in with Apple"
    case .google: return "Sign in with Google"
    default: return "Sign in with \(rawValue)"
    }
  }
}

/// What an identity provider's sign-in produced: the OpenID id token, and the raw nonce the
/// app generated (the provider saw its SHA-256 hex; GoTrue gets the raw value and checks that
/// the two match).
public struct OpenIDCredential: Equatable, Sendable {
  /// Which provider issued the token.
  public var provider: IdentityProvider
  /// The id token (a JWT).
  public var idToken: String
  /// The raw nonce, when the sign-in used one.
  public var nonce: String?
  /// The provider's access token, which some providers (Google with `at_hash`) require.
  public var accessToken: String?

  /// A credential from `provider`.
  public init(
    provider: IdentityProvider, idToken: String, nonce: String? = nil, accessToken: String? = nil
  ) {
    self.provider = provider
    self.idToken = idToken
    self.nonce = nonce
    self.accessToken = accessToken
  }
}

extension OpenIDCredential: CustomStringConvertible {
  /// The provider only; tokens and nonce stay out of logs.
  public var description: String { "OpenIDCredential(\(provider), [REDACTED])" }
}

/// Runs a provider's native sign-in and returns its id token: on Apple platforms the
/// `AuthenticationServices` and Google Sign-In coordinators; on Linux nothing, unless an app
/// brings its own (for example a device-code flow).
public protocol IdentityTokenProvider: Sendable {
  /// Shows the provider's sign-in and returns the credential it issued.
  /// - Throws: `AppError.cancelled` when the user dismissed it, or the provider's error.
  func requestIDToken() async throws -> OpenIDCredential
}
