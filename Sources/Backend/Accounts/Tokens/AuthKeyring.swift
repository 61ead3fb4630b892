import Core
import Foundation
import JOSE
import Synchronization

/// The project's keys as the store keeps them: the JWT secret (decision 23), the ES256
/// signing key (made at first use, decision 24) and every key still published in the JWKS.
///
/// It caches what it read and reads the store again when a token names an unknown `kid` or
/// a minute has passed, so a key another instance made or rotated is honoured here too.
public actor AuthKeyring {
  /// How long cached keys are trusted before the store is read again.
  public static let reloadInterval: TimeInterval = 60
  /// The API keys' lifetime: ten years (decision 23).
  public static let apiKeyLifetime: TimeInterval = 10 * 365 * 24 * 3600

  private let store: any AuthStore
  private let configuration: AuthConfiguration
  private let clock: AppClock
  private let randomBytes: @Sendable (Int) throws -> [UInt8]

  private var secret: ProjectSecretRecord?
  private var keys: APIKeys?
  private var signing: JWTSigner?
  private var publicKeys: [(keyID: String, key: P256PublicKey)] = []
  private var loadedAt: Date?
  /// The verifier of the keys last loaded, and when they were: readable without entering the
  /// actor, so the proxy's token checks run on their callers' executors (the event loops,
  /// decision 206) instead of one after another here.
  private nonisolated let cachedVerifier = Mutex<(verifier: JWTVerifier, loadedAt: Date)?>(nil)

  /// A keyring over `store`.
  public init(
    store: any AuthStore, configuration: AuthConfiguration, clock: AppClock,
    randomBytes: @escaping @Sendable (Int) throws -> [UInt8] = SecureRandom.bytes(count:)
  ) {
    self.store = store
    self.configuration = configuration
    self.clock = clock
    self.randomBytes = randomBytes
  }

  /// The project's JWT secret: the configured one, or the one kept in the store (made now
  /// when there is none). Its record's `createdAt` is the API keys' `iat`.
  /// - Throws: `AuthFailure` when the store cannot answer or the random generator fails.
  public func projectSecret() async throws(AuthFailure) -> ProjectSecretRecord {
    if let secret { return secret }
    let candidate = ProjectSecretRecord(
      secret: Base64URL.encode(try random(48)), createdAt: clock.now())
    var stored: ProjectSecretRecord
    do {
      stored = try await store.projectSecret(creatingIfAbsent: candidate)
    } catch {
      throw AuthFailure(error)
    }
    if let configured = configuration.jwtSecret { stored.secret = configured }
    secret = stored
    return stored
  }

  /// The project's API keys: HS256 JWTs with roles `anon` and `service_role`, issued when
  /// the secret was made and valid for ten years, so they read the same every time.
  /// - Throws: `AuthFailure` when the store cannot answer or the secret is unusable.
  public func apiKeys() async throws(AuthFailure) -> APIKeys {
    if let keys { return keys }
    let record = try await projectSecret()
    let issuedAt = record.createdAt.timeIntervalSince1970.rounded(.down)
    do {
      let signer = try JWTSigner(hmacSecret: record.secret)
      func key(_ role: String) throws -> String {
        try signer.sign(claims: [
          "iss": .string("supabase"), "role": .string(role), "iat": .number(issuedAt),
          "exp": .number(issuedAt + Self.apiKeyLifetime),
        ])
      }
      let made = APIKeys(anonKey: try key("anon"), serviceRoleKey: try key("service_role"))
      keys = made
      return made
    } catch {
      throw .unexpected
    }
  }

  /// Whether `presented` is an API key of this project: one of `apiKeys()` (compared in
  /// constant time), or any unexpired HS256 JWT with role `anon` or `service_role` signed
  /// with the project secret, as a Supabase project with the same `JWT_SECRET` issued it.
  /// - Throws: `AuthFailure` when the store cannot answer.
  public func isAPIKey(_ presented: String) async throws(AuthFailure) -> Bool {
    let keys = try await apiKeys()
    let bytes = Array(presented.utf8)
    if ConstantTime.equals(bytes, Array(keys.anonKey.utf8))
      || ConstantTime.equals(bytes, Array(keys.serviceRoleKey.utf8))
    {
      return true
    }
    return Self.isSignedAPIKey(
      bytes, secret: Array(try await projectSecret().secret.utf8),
      now: clock.now().timeIntervalSince1970)
  }

  static func isSignedAPIKey(_ token: [UInt8], secret: [UInt8], now: Double) -> Bool {
    guard token.count <= JWTVerifier.defaultMaximumTokenBytes else { return false }
    let parts = token.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard parts.count == 3, let headerBytes = Base64URL.decode(utf8: parts[0]),
      let payloadBytes = Base64URL.decode(utf8: parts[1]),
      let signature = Base64URL.decode(utf8: parts[2]),
      let header = try? StrictJSONParser().parseObject(headerBytes),
      header["alg"] == .string("HS256"), header["crit"] == nil,
      let expected = try? Digest.hmacSHA256(
        key: secret, message: token[..<(parts[0].count + 1 + parts[1].count)]),
      ConstantTime.equals(expected, signature),
      let claims = try? StrictJSONParser().parseObject(payloadBytes),
      let expiry = claims["exp"]?.numberValue, now < expiry
    else { return false }
    return claims["role"] == .string("anon") || claims["role"] == .string("service_role")
  }

  /// The signer of new access tokens: ES256 with the current key (made and stored first,
  /// so it is published before it signs anything), or HS256 with the project secret.
  /// - Throws: `AuthFailure` when the store cannot answer or a key cannot be made.
  public func signer() async throws(AuthFailure) -> JWTSigner {
    switch configuration.accessTokenAlgorithm {
    case .hs256:
      do {
        return try JWTSigner(hmacSecret: try await projectSecret().secret)
      } catch let failure as AuthFailure {
        throw failure
      } catch {
        throw .unexpected
      }
    case .es256:
      // Read the store again when stale, so a key another instance rotated in signs here too.
      try await refreshIfStale()
      if let signing { return signing }
      try await loadKeys(creatingSigningKey: true)
      guard let signing else { throw .unexpected }
      return signing
    }
  }

  /// Makes a new ES256 key the signing key and retires the current one, which stays in the
  /// JWKS until the tokens it signed have expired (`kiln-server keys rotate`, decision 95).
  /// Returns the new key's `kid`. Other instances sign with it once they reread the store.
  /// - Throws: `AuthFailure` when the store cannot answer or a key cannot be made.
  public func rotateSigningKey() async throws(AuthFailure) -> String {
    let record: SigningKeyRecord
    do {
      record = try newSigningKey()
    } catch let failure as AuthFailure {
      throw failure
    } catch {
      throw .unexpected
    }
    do {
      try await store.rotateSigningKey(to: record)
    } catch {
      throw AuthFailure(error)
    }
    try await loadKeys(creatingSigningKey: false)
    return record.keyID
  }

  /// The JWKS JSON text: every key that signs or signed tokens that may still be valid.
  /// - Throws: `AuthFailure` when the store cannot answer.
  public func jwksText() async throws(AuthFailure) -> String {
    try await refreshIfStale()
    return JWKSet.jsonText(publishing: publicKeys.map { $0.key.jwk(keyID: $0.keyID) })
  }

  /// The principal of a bearer `authorization` header, judged by `JWTVerifier` with the
  /// project secret and the published keys; an unknown `kid` reads the store once more.
  /// Keys loaded less than `reloadInterval` ago judge without entering the actor.
  /// - Throws: `JWTRejection` for a refused token, `AuthFailure` when the store fails.
  nonisolated func principal(authorization: String?) async throws -> Principal {
    let cached = cachedVerifier.withLock { $0 }
    do {
      let verifier =
        if let cached, clock.now().timeIntervalSince(cached.loadedAt) < Self.reloadInterval {
          cached.verifier
        } else {
          try await currentVerifier(reloading: false)
        }
      return try verifier.verify(authorization: authorization)
    } catch JWTRejection.unknownKey {
      return try await currentVerifier(reloading: true).verify(authorization: authorization)
    }
  }

  /// A verifier of keys read at most `reloadInterval` ago, or read now when `reloading`;
  /// kept for `principal` to use without entering the actor.
  private func currentVerifier(reloading: Bool) async throws(AuthFailure) -> JWTVerifier {
    if reloading {
      try await loadKeys(creatingSigningKey: false)
    } else {
      try await refreshIfStale()
    }
    // Taken before `verifier()` reads the keys: a reload while it waits for the secret
    // must not date these keys by its own read.
    let keysLoadedAt = loadedAt
    let made = try await verifier()
    if let keysLoadedAt { cachedVerifier.withLock { $0 = (made, keysLoadedAt) } }
    return made
  }

  /// A verifier as the proxy would build it from this service's JWKS and secret.
  func verifier() async throws(AuthFailure) -> JWTVerifier {
    let keys = Dictionary(
      publicKeys.map { ($0.keyID, VerificationKey.es256($0.key)) }, uniquingKeysWith: { $1 })
    do {
      return try JWTVerifier(
        hmacSecret: try await projectSecret().secret, keys: keys, issuer: configuration.issuer,
        clock: clock)
    } catch let failure as AuthFailure {
      throw failure
    } catch {
      throw .unexpected
    }
  }

  private func refreshIfStale() async throws(AuthFailure) {
    if let loadedAt, clock.now().timeIntervalSince(loadedAt) < Self.reloadInterval { return }
    try await loadKeys(creatingSigningKey: false)
  }

  private func loadKeys(creatingSigningKey: Bool) async throws(AuthFailure) {
    var records: [SigningKeyRecord]
    do {
      records = try await store.signingKeys()
      if creatingSigningKey, !records.contains(where: { $0.retiredAt == nil }) {
        _ = try await store.addSigningKeyIfNone(try newSigningKey())
        records = try await store.signingKeys()
      }
    } catch let error as AuthStoreError {
      throw AuthFailure(error)
    } catch let failure as AuthFailure {
      throw failure
    } catch {
      throw .unexpected
    }
    let now = clock.now()
    var keys: [(keyID: String, key: P256PublicKey)] = []
    var current: JWTSigner?
    for record in records {
      if let retiredAt = record.retiredAt,
        now.timeIntervalSince(retiredAt) > configuration.accessTokenLifetime
          + JWTVerifier.clockLeeway
      {
        continue
      }
      do {
        let jwk = try JWK(jsonText: record.privateJWK)
        guard let d = jwk.d, let x = jwk.x, let y = jwk.y else { throw AuthFailure.unexpected }
        let privateKey = try P256PrivateKey(d: d, x: x, y: y)
        keys.append((record.keyID, privateKey.publicKey))
        if record.retiredAt == nil {
          current = try JWTSigner(privateKey: privateKey, keyID: record.keyID)
        }
      } catch {
        throw .unexpected
      }
    }
    publicKeys = keys
    if configuration.accessTokenAlgorithm == .es256 { signing = current }
    loadedAt = now
  }

  private func newSigningKey() throws -> SigningKeyRecord {
    let keyID = Base64URL.encode(try random(12))
    let privateKey = try P256PrivateKey.generate()
    return SigningKeyRecord(
      keyID: keyID, privateJWK: privateKey.privateJWK(keyID: keyID).jsonText,
      createdAt: clock.now())
  }

  private func random(_ count: Int) throws(AuthFailure) -> [UInt8] {
    do {
      return try randomBytes(count)
    } catch {
      throw .unexpected
    }
  }
}

/// The project's API keys (decision 23), as `kiln-server keys` prints them.
public struct APIKeys: Sendable, Hashable {
  /// The `anon` key clients send as `apikey` (`SUPABASE_ANON_KEY`).
  public var anonKey: String
  /// The `service_role` key: full access, for servers only. Secret.
  public var serviceRoleKey: String
}
