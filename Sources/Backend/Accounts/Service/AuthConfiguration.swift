import JOSE

/// How the auth service issues tokens and judges passwords. Defaults are GoTrue's where it
/// has one (`JWT_EXPIRY` 3600 s, a 10 s refresh reuse interval, passwords of 8 or more).
public struct AuthConfiguration: Sendable {
  /// Which algorithm signs access tokens.
  public enum AccessTokenAlgorithm: Sendable, Hashable {
    /// ES256 with a key pair generated at first use and kept in the store (the default).
    case es256
    /// HS256 with the project's JWT secret, as a Supabase project with `JWT_SECRET` does.
    case hs256
  }

  /// The access tokens' `iss`, e.g. `http://127.0.0.1:54321/auth/v1`.
  public var issuer: String
  /// How long an access token lives, in seconds (`JWT_EXPIRY`).
  public var accessTokenLifetime: Double
  /// How long a rotated refresh token may be presented again for the current one, in
  /// seconds (`AUTH_REFRESH_REUSE_INTERVAL`).
  public var refreshReuseInterval: Double
  /// The shortest password accepted.
  public var minimumPasswordLength: Int
  /// The scrypt parameters new password hashes are made with.
  public var scrypt: Scrypt
  /// Which algorithm signs access tokens.
  public var accessTokenAlgorithm: AccessTokenAlgorithm
  /// A configured `JWT_SECRET`; without one, a secret is generated at first use and kept in
  /// the store.
  public var jwtSecret: String?
  /// How many password hashes run at once (kiln-server passes the machine's core count).
  public var concurrentHashes: Int
  /// How long a sign-in waits for a hashing slot before it is refused with 503.
  public var hashWait: Duration
  /// Where mailed links point: `SITE_URL`, or the server's own base URL; a link is
  /// `{linkBase}/auth/v1/verify?token=…&type=…`. Supabase's local default until set.
  public var linkBase: String = "http://localhost:54321"
  /// How long a mailed recovery or confirmation token stays usable, in seconds (1 h).
  public var oneTimeTokenLifetime: Double = 3600
  /// Whether a sign-up must confirm its address by a mailed link before it can sign in
  /// (`AUTH_EMAIL_CONFIRM`); off by default, so sign-up answers a session at once.
  public var confirmsEmail: Bool = false

  /// A configuration; every value but the issuer has GoTrue's default.
  public init(
    issuer: String, accessTokenLifetime: Double = 3600, refreshReuseInterval: Double = 10,
    minimumPasswordLength: Int = 8, scrypt: Scrypt = .passwordDefault,
    accessTokenAlgorithm: AccessTokenAlgorithm = .es256, jwtSecret: String? = nil,
    concurrentHashes: Int = 2, hashWait: Duration = .seconds(2)
  ) {
    self.issuer = issuer
    self.accessTokenLifetime = accessTokenLifetime
    self.refreshReuseInterval = refreshReuseInterval
    self.minimumPasswordLength = minimumPasswordLength
    self.scrypt = scrypt
    self.accessTokenAlgorithm = accessTokenAlgorithm
    self.jwtSecret = jwtSecret
    self.concurrentHashes = max(1, concurrentHashes)
    self.hashWait = hashWait
  }
}
