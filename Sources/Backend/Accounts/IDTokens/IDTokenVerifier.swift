import Core
import Foundation
import JOSE

/// Judges the ID tokens of the configured providers (issue #18 item 6): the signature
/// against the provider's JWK set (`JWKSFollowingVerifier`: cached, refetched at most once
/// a minute for an unknown `kid`), `exp`/`nbf`/`iat`, `aud` one of the client ids, `iss`
/// the provider's, a `sub`, and the nonce.
///
/// The nonce rule is Apple's and GoTrue's: when the client gives a nonce, the token's
/// `nonce` claim must be the lower-case hex SHA-256 of it; a token carrying a `nonce` claim
/// when the client gave none is refused too, so a token minted for another sign-in cannot
/// be replayed here without its raw nonce.
public struct IDTokenVerifier: Sendable {
  /// What a verified ID token says about its user.
  public struct Identity: Sendable, Equatable {
    /// The provider's name.
    public var provider: IDTokenProvider.Name
    /// The provider's id for the user (`sub`).
    public var subject: String
    /// The address, normalised, when the token carries a plausible one.
    public var email: String?
    /// Whether the provider says it verified the address (`email_verified` true, as a
    /// boolean or the string `"true"`).
    public var emailVerified: Bool
    /// The token's claims, for the identity's `identity_data`.
    public var claims: JWTClaims
  }

  private struct Judge: Sendable {
    let provider: IDTokenProvider
    let verifier: JWKSFollowingVerifier
  }

  private let judges: [IDTokenProvider.Name: Judge]

  /// A verifier for `providers`; those without client ids are left out (disabled).
  /// - Throws: `JWTConfigurationError` for an empty client id.
  public init(
    providers: [IDTokenProvider], loader: JWKSLoader, clock: AppClock,
    logger: AppLogger = .disabled
  ) throws(JWTConfigurationError) {
    var judges: [IDTokenProvider.Name: Judge] = [:]
    for provider in providers {
      guard let audience = provider.clientIDs.sorted().first else { continue }
      guard !provider.clientIDs.contains("") else { throw .emptyClaimValue }
      let verifier = try JWKSFollowingVerifier(
        settings: .init(audience: audience), location: provider.keys, loader: loader,
        clock: clock, logger: logger)
      judges[provider.name] = Judge(provider: provider, verifier: verifier)
    }
    self.judges = judges
  }

  /// The enabled providers' names, sorted.
  public var enabledProviders: [IDTokenProvider.Name] {
    judges.keys.sorted { $0.rawValue < $1.rawValue }
  }

  /// Reads the providers' key files (URLs are fetched when the first token needs them).
  /// - Throws: `JWKSError` for a file that cannot be read or holds no usable key.
  public func loadKeyFiles() async throws(JWKSError) {
    for judge in judges.values {
      guard case .file = judge.provider.keys else { continue }
      try await judge.verifier.loadKeys()
    }
  }

  /// The identity `token` vouches for, from the provider `name`, checked with `nonce`.
  /// - Throws: `AuthFailure`: `provider_disabled` for a provider not configured, 400 for a
  ///   token or nonce that fails a rule (the rule named, never the token).
  func verify(
    provider name: String, token: String, nonce: String?
  ) async throws(AuthFailure) -> Identity {
    guard let judge = judges[IDTokenProvider.Name(rawValue: name)] else {
      throw .providerDisabled(name)
    }
    let claims: JWTClaims
    do {
      claims = try await judge.verifier.claims(
        ofToken: token, audiences: judge.provider.clientIDs)
    } catch {
      throw .badIDToken(error.explanation)
    }
    guard let issuer = claims["iss"]?.stringValue, judge.provider.issuers.contains(issuer) else {
      throw .badIDToken(JWTRejection.wrongIssuer.explanation)
    }
    guard let subject = claims.subject, !subject.isEmpty else {
      throw .badIDToken(JWTRejection.missingSubject.explanation)
    }
    try Self.checkNonce(nonce, claim: claims["nonce"])
    var email: String?
    if let text = claims.email {
      let normalized = AuthService.normalizedEmail(text)
      if AuthService.isPlausibleEmail(normalized) { email = normalized }
    }
    let verified: Bool =
      switch claims["email_verified"] {
      case .bool(let value): value
      case .string(let text): text == "true"
      default: false
      }
    return Identity(
      provider: judge.provider.name, subject: subject, email: email, emailVerified: verified,
      claims: claims)
  }

  /// Passes when both or neither of the raw nonce and the claim are present, and the claim
  /// is the raw nonce's lower-case hex SHA-256.
  static func checkNonce(_ nonce: String?, claim: StrictJSONValue?) throws(AuthFailure) {
    switch (nonce, claim) {
    case (nil, nil): return
    case (let raw?, .string(let hashed)?):
      let digest: [UInt8]
      do {
        digest = try Digest.sha256(Array(raw.utf8))
      } catch {
        throw .unexpected
      }
      let hex = digest.map { String(format: "%02x", $0) }.joined()
      guard ConstantTime.equals(Array(hex.utf8), Array(hashed.utf8)) else {
        throw .nonceMismatch
      }
    default: throw .nonceMissing
    }
  }
}

extension AuthFailure {
  static func providerDisabled(_ name: String) -> AuthFailure {
    AuthFailure(
      status: 400, code: "provider_disabled",
      message: "Provider \(JSONText.quoted(String(name.prefix(32)))) is not enabled")
  }

  static func badIDToken(_ reason: String) -> AuthFailure {
    AuthFailure(status: 400, code: "invalid_credentials", message: "Bad ID token: " + reason)
  }

  static let nonceMismatch = AuthFailure(
    status: 400, code: "invalid_credentials", message: "Nonces mismatch")
  static let nonceMissing = AuthFailure(
    status: 400, code: "invalid_credentials",
    message: "Passed nonce and nonce in id_token should either both exist or not.")
  static let unverifiedProviderEmail = AuthFailure(
    status: 422, code: "email_exists",
    message:
      "A user with this email address has already been registered; the provider has not "
      + "verified the address, so it cannot be linked")
  static let providerEmailMissing = AuthFailure(
    status: 400, code: "validation_failed",
    message: "Error getting user email from external provider")
}
