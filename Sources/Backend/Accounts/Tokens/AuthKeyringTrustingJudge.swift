import JOSE

/// The proxy's judge when kiln-server also serves accounts: a token is judged first by the
/// configured judge (`JWT_SECRET` / `JWT_JWKS`), and one it does not know the key of
/// (`unknownKey`: an ES256 `kid` outside `JWT_JWKS`) is judged again by the auth
/// service's keyring, which trusts the ES256 keys it publishes and reads the store
/// again on an unknown `kid` (decision 24). So the tokens `AuthService` mints are accepted
/// by the proxy, whichever instance minted them.
///
/// A token the configured judge refuses for any other rule (expired, wrong audience or
/// issuer, bad signature from a known key) stays refused: the keyring is never a way round
/// a rule. The keyring checks its own issuer (`AuthConfiguration.issuer`), so the two
/// must agree when `JWT_ISSUER` is set.
public struct AuthKeyringTrustingJudge: AccessTokenJudging {
  private let configured: any AccessTokenJudging
  private let keyring: AuthKeyring

  /// A judge trusting what `configured` trusts and the keys of `keyring`.
  public init(configured: any AccessTokenJudging, keyring: AuthKeyring) {
    self.configured = configured
    self.keyring = keyring
  }

  /// The principal of the bearer token in `authorization`, by the configured judge or,
  /// when that does not know the token's key, by the auth service's keyring.
  /// - Throws: `JWTRejection` naming the rule the header or token breaks; `unknownKey`
  ///   when neither knows the key or the store cannot be read.
  public func principal(authorization: String?) async throws(JWTRejection) -> Principal {
    do {
      return try await configured.principal(authorization: authorization)
    } catch {
      guard Self.asksTheKeyring(error) else { throw error }
    }
    do {
      return try await keyring.principal(authorization: authorization)
    } catch let rejection as JWTRejection {
      throw rejection
    } catch {
      // The store could not be read: the key stays unknown (401), never a 500.
      throw .unknownKey
    }
  }

  /// Whether a refusal only says the configured judge does not hold the token's key.
  static func asksTheKeyring(_ rejection: JWTRejection) -> Bool {
    rejection == .unknownKey
  }
}
