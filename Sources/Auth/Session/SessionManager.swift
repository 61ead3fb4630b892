import Core
import Foundation

/// Keeps a user signed in against GoTrue: signs in, up and out, stores the session as one
/// record, and renews the access token before it expires.
///
/// - At creation it reads the stored session and sets the state at once: `.authenticated` for
///   a usable session, `.refreshing` for one whose access token expired (it is renewed by
///   `start()` or by the first call that needs a token), `.unauthenticated` when there is none
///   or the record is damaged (a damaged record is deleted).
/// - `start()` (call once at launch) renews an expired session and schedules the next refresh
///   60 s before expiry on the injected clock (half the lifetime before, for tokens that live
///   no longer than 60 s); `shutdown()` (call before the process exits) stops that and waits
///   for a refresh in flight, so rotated tokens are always saved.
/// - A refresh holds the stored record's lock across processes (`SessionStore.lock()`) and
///   re-reads the record first: a session another process renewed is adopted, not renewed
///   again.
/// - Exactly one refresh is in flight however many callers ask; they all get its result.
/// - Transient failures (network, 5xx, 429) are retried three times in total with backoff and
///   never sign the user out; only GoTrue's session-ending answers do.
/// - A refresh that finishes after sign-out or after another user signed in is discarded:
///   every sign-in and sign-out starts a new generation, and results of an older one are
///   dropped. The caller's task being cancelled never cancels the shared refresh.
/// - Tokens never reach the logs.
public actor SessionManager: AuthClient {
  let api: any GoTrueAPI
  let store: any SessionStore
  let clock: AppClock
  let logger: AppLogger
  let policy: RefreshPolicy
  let identityProviders: [IdentityProvider: any IdentityTokenProvider]
  let broadcaster: AuthStateBroadcaster

  /// The session in memory; `nil` when signed out.
  var session: AuthSession?
  /// Bumped by every sign-in and sign-out; work started under an older value is discarded.
  var generation = 0
  /// The refresh in flight, shared by every caller.
  var refreshFlight: RefreshFlight?
  var nextFlightID = 0
  /// The scheduled refresh.
  var timerTask: Task<Void, Never>?
  /// The store could not be read at creation (not a damaged record: the store itself failed).
  var storeReadFailed = false
  var started = false
  /// `shutdown()` was called: nothing more is scheduled.
  var isShutDown = false

  /// One shared refresh.
  struct RefreshFlight {
    let id: Int
    let generation: Int
    let task: Task<AuthSession, any Error>
  }

  /// A manager over `api` and `store`; reads the stored session before returning.
  /// - Parameters:
  ///   - api: the GoTrue calls (`GoTrueClient` in the app).
  ///   - store: where the session is kept (`SecureStoreSessionStore` in the app).
  ///   - clock: time and sleeping; tests pass `ManualClock.appClock`.
  ///   - logger: where auth events go; tokens are never logged.
  ///   - policy: refresh margin, attempts and backoff.
  ///   - identityProviders: native sign-in flows by provider (Apple, Google); empty on Linux.
  public init(
    api: any GoTrueAPI,
    store: any SessionStore,
    clock: AppClock,
    logger: AppLogger = .disabled,
    policy: RefreshPolicy = .standard,
    identityProviders: [IdentityProvider: any IdentityTokenProvider] = [:]
  ) {
    self.api = api
    self.store = store
    self.clock = clock
    self.logger = logger
    self.policy = policy
    self.identityProviders = identityProviders
    let loaded = Self.loadStoredSession(from: store, now: clock.now(), logger: logger)
    self.session = loaded.session
    self.storeReadFailed = loaded.readFailed
    self.broadcaster = AuthStateBroadcaster(initial: loaded.state)
  }

  deinit {
    timerTask?.cancel()
    refreshFlight?.task.cancel()
    broadcaster.finishAll()
  }

  /// The current state, without waiting.
  public nonisolated var state: AuthState { broadcaster.current }

  /// The states, starting with the current one; every subscriber gets every later change.
  public nonisolated func authStates() -> AsyncStream<AuthState> {
    broadcaster.subscribe()
  }

  /// The token provider for `AuthInterceptor` on clients that call Kiln's backend (the AI
  /// proxy, sync): a token valid for at least the refresh margin, renewed first when needed.
  public nonisolated var tokenProvider: AuthTokenProvider {
    AuthTokenProvider(client: self)
  }

  /// The signed-in user, or `nil`.
  public func currentUser() async -> AuthUser? {
    session?.user
  }

  /// Who is signed in and until when the access token is valid.
  public func snapshot() async -> AuthSnapshot {
    guard let session else {
      return AuthSnapshot(
        state: broadcaster.current, user: nil, accessTokenExpiresAt: nil,
        isAccessTokenExpired: false)
    }
    return AuthSnapshot(
      state: broadcaster.current, user: session.user, accessTokenExpiresAt: session.expiresAt,
      isAccessTokenExpired: session.isExpired(at: clock.now()))
  }

  /// Starts keeping the session alive: renews a stored session whose access token expired
  /// (or is about to), otherwise schedules the refresh 60 s before expiry (half the token's
  /// lifetime before, for tokens that live no longer than that). Call it once at
  /// launch; later calls do nothing. Returns when the launch refresh, if any, has finished
  /// (the state meanwhile is `.refreshing`), so call it from a background task if the UI must
  /// not wait. Never throws: a failed launch refresh leaves the outcome in the state.
  public func start() async {
    guard !started else { return }
    started = true
    if session == nil, storeReadFailed { reloadAfterFailedRead() }
    guard let current = session else { return }
    let now = clock.now()
    guard current.needsRefresh(at: now, margin: policy.margin) else {
      scheduleRefresh(for: current)
      return
    }
    do {
      _ = try await refreshSession(showingProgress: current.isExpired(at: now))
    } catch {
      logger.notice(
        "launch refresh did not complete: \(AppError.from(error).code)", category: .auth)
    }
  }

  /// Publishes `state` unless it is already current.
  func publish(_ state: AuthState) {
    if broadcaster.publish(state) {
      logger.debug("auth state: \(state)", category: .auth)
    }
  }
}
