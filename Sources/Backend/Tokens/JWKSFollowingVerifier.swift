import Core
import Foundation
import JOSE
import Synchronization

/// Judges access tokens with JOSE's `JWTVerifier` (the whole of decision 17's contract),
/// trusting the HS256 secret and the ES256/RS256 keys `JWT_JWKS` names.
///
/// A file's keys are read once, at start. A URL's keys are fetched at start and again when a
/// token names a `kid` no trusted key has, but at most once per `minimumRefetchInterval`
/// by the injected clock, and never for a token that fails an earlier rule (so junk cannot
/// make it fetch). Concurrent tokens that meet the same unknown `kid` share one fetch. A
/// failed fetch keeps the last good keys. Tokens are judged outside any lock or actor; only
/// the rare refetch is serialized.
public final class JWKSFollowingVerifier: AccessTokenJudging {
  /// The shortest time between two fetches of a URL: one minute.
  public static let minimumRefetchInterval: TimeInterval = 60

  /// What every verifier this judge builds is configured with (all but the keys).
  public struct Settings: Sendable {
    /// The HS256 secret's text, if configured (`JWT_SECRET`).
    public var hmacSecret: String?
    /// The issuer `iss` must equal, if configured (`JWT_ISSUER`).
    public var issuer: String?
    /// The audience `aud` must be or hold (`JWT_AUDIENCE`, default `authenticated`).
    public var audience: String
    /// The longest token judged, in bytes (T1).
    public var maximumTokenBytes: Int

    /// Settings with every part given.
    public init(
      hmacSecret: String? = nil, issuer: String? = nil, audience: String = "authenticated",
      maximumTokenBytes: Int = JWTVerifier.defaultMaximumTokenBytes
    ) {
      self.hmacSecret = hmacSecret
      self.issuer = issuer
      self.audience = audience
      self.maximumTokenBytes = maximumTokenBytes
    }
  }

  private let settings: Settings
  private let location: JWKSLocation?
  private let loader: JWKSLoader
  private let clock: AppClock
  private let logger: AppLogger
  private let current: Mutex<JWTVerifier>
  private let refresher = Refresher()

  /// A judge with no public keys yet; call `loadKeys()` before serving.
  /// - Throws: `JWTConfigurationError` for a bad secret, issuer, audience or token limit.
  public init(
    settings: Settings, location: JWKSLocation?, loader: JWKSLoader, clock: AppClock,
    logger: AppLogger = .disabled
  ) throws(JWTConfigurationError) {
    self.settings = settings
    self.location = location
    self.loader = loader
    self.clock = clock
    self.logger = logger
    current = Mutex(try Self.verifier(settings, keys: [:], clock: clock))
  }

  /// The `kid`s currently trusted, sorted.
  public var trustedKeyIDs: [String] { current.withLock { $0.keys.keys.sorted() } }

  /// Reads the file or fetches the URL for the first time.
  ///
  /// A file that cannot be read or parsed is a configuration error (the caller stops with
  /// exit 2). A URL that cannot be fetched is not: its error is returned for the caller to
  /// log, and the first token naming an unknown `kid` a minute later tries again.
  /// - Throws: `JWKSError` for a bad file only.
  @discardableResult
  public func loadKeys() async throws(JWKSError) -> JWKSError? {
    guard let location else { return nil }
    switch location {
    case .file:
      install(try await loader.load(from: location))
      return nil
    case .url:
      let failure = await refresher.refresh(
        now: clock.now(), minimumInterval: 0, fetch: { await self.fetchAndInstall() })
      return failure
    }
  }

  /// The principal of the bearer token in `authorization`; a token naming an unknown `kid`
  /// may first refetch the URL (at most once a minute) and is then judged again.
  /// - Throws: `JWTRejection` naming the rule the header or token breaks.
  public func principal(authorization: String?) async throws(JWTRejection) -> Principal {
    try await judged { verifier throws(JWTRejection) in
      try verifier.verify(authorization: authorization)
    }
  }

  /// The claims of an ID token another issuer signed (`JWTVerifier.verifiedClaims`): every
  /// rule to C5, `aud` one of `audiences`; an unknown `kid` refetches as `principal` does.
  /// - Throws: `JWTRejection` naming the rule the token breaks.
  public func claims(
    ofToken token: String, audiences: Set<String>
  ) async throws(JWTRejection) -> JWTClaims {
    try await judged { verifier throws(JWTRejection) in
      try verifier.verifiedClaims(token, audiences: audiences)
    }
  }

  /// `judge` by the current keys; on an unknown `kid` of a URL's set, refetched keys judge
  /// again (at most one fetch a minute).
  private func judged<Value>(
    _ judge: (JWTVerifier) throws(JWTRejection) -> Value
  ) async throws(JWTRejection) -> Value {
    let verifier = current.withLock { $0 }
    do throws(JWTRejection) {
      return try judge(verifier)
    } catch {
      guard error == .unknownKey, case .url = location else { throw error }
      _ = await refresher.refresh(
        now: clock.now(), minimumInterval: Self.minimumRefetchInterval,
        fetch: { await self.fetchAndInstall() })
      let refreshed = current.withLock { $0 }
      return try judge(refreshed)
    }
  }

  /// Fetches the URL and installs its keys; on failure keeps the old ones and returns why.
  private func fetchAndInstall() async -> JWKSError? {
    guard let location else { return nil }
    do {
      install(try await loader.load(from: location))
      logger.info("JWKS: trusting \(trustedKeyIDs.count) key(s)", category: .auth)
      return nil
    } catch {
      logger.error("JWKS: keeping the last good keys; \(error)", category: .auth)
      return error
    }
  }

  private func install(_ set: JWKSet) {
    // The settings were accepted by `init` and a JWK set never holds an empty `kid`, so
    // building cannot fail; if it ever did, the old keys stay.
    guard let verifier = try? Self.verifier(settings, keys: set.keys, clock: clock) else {
      logger.error("JWKS: the fetched keys could not be installed", category: .auth)
      return
    }
    current.withLock { $0 = verifier }
  }

  private static func verifier(
    _ settings: Settings, keys: [String: VerificationKey], clock: AppClock
  ) throws(JWTConfigurationError) -> JWTVerifier {
    try JWTVerifier(
      hmacSecret: settings.hmacSecret, keys: keys, issuer: settings.issuer,
      audience: settings.audience, maximumTokenBytes: settings.maximumTokenBytes, clock: clock)
  }
}

extension JWKSFollowingVerifier {
  /// Serializes refetches: one at a time, at most once per interval; callers that arrive
  /// while one is running wait for it instead of starting another.
  actor Refresher {
    private var lastAttempt: Date?
    private var inFlight: Task<JWKSError?, Never>?

    /// Runs `fetch` unless one is running (then waits for it) or the last attempt was less
    /// than `minimumInterval` before `now` (then returns at once). Returns the fetch's
    /// failure, if it ran and failed.
    func refresh(
      now: Date, minimumInterval: TimeInterval,
      fetch: @escaping @Sendable () async -> JWKSError?
    ) async -> JWKSError? {
      if let inFlight { return await inFlight.value }
      if let lastAttempt, now.timeIntervalSince(lastAttempt) < minimumInterval { return nil }
      lastAttempt = now
      let task = Task { await fetch() }
      inFlight = task
      let failure = await task.value
      inFlight = nil
      return failure
    }
  }
}
