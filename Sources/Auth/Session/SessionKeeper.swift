import Core
import Foundation

/// The signed-in session and its renewal: holds the session in memory and its generation,
/// publishes the auth state, and keeps the access token fresh (the `RefreshTimer`, one
/// `SharedRefresh` at a time, each a `SessionRenewal`). `SessionManager` asks it for tokens
/// and hands it every new or ended session; it never talks to GoTrue but to renew.
actor SessionKeeper {
  let persistence: SessionPersistence
  let renewal: SessionRenewal
  let clock: AppClock
  let logger: AppLogger
  let policy: RefreshPolicy
  nonisolated let broadcaster: AuthStateBroadcaster
  /// The scheduled refresh; stopped by `shutdown()`.
  let timer: RefreshTimer

  /// The session in memory; `nil` when signed out.
  var session: AuthSession?
  /// Bumped by every sign-in and sign-out; work started under an older value is discarded.
  var generation = 0
  /// The refresh in flight, shared by every caller.
  var flights = SharedRefresh<AuthSession>()
  /// The store could not be read at creation (not a damaged record: the store itself failed).
  private var storeReadFailed = false
  private var started = false

  /// A keeper over `store`, renewing through `api`; reads the stored session before
  /// returning.
  init(
    api: any GoTrueAPI, store: any SessionStore, clock: AppClock, logger: AppLogger,
    policy: RefreshPolicy
  ) {
    let persistence = SessionPersistence(store: store, logger: logger)
    self.persistence = persistence
    self.renewal = SessionRenewal(
      persistence: persistence,
      attempts: RefreshAttempts(api: api, clock: clock, policy: policy, logger: logger))
    self.clock = clock
    self.logger = logger
    self.policy = policy
    self.timer = RefreshTimer(clock: clock)
    let loaded = persistence.load(now: clock.now())
    self.session = loaded.session
    self.storeReadFailed = loaded.readFailed
    self.broadcaster = AuthStateBroadcaster(initial: loaded.state)
  }

  deinit {
    timer.cancel()
    flights.current?.task.cancel()
    broadcaster.finishAll()
  }

  /// Who is signed in and until when the access token is valid.
  func snapshot() -> AuthSnapshot {
    guard let session else {
      return AuthSnapshot(
        state: broadcaster.current, user: nil, accessTokenExpiresAt: nil,
        isAccessTokenExpired: false)
    }
    return AuthSnapshot(
      state: broadcaster.current, user: session.user, accessTokenExpiresAt: session.expiresAt,
      isAccessTokenExpired: session.isExpired(at: clock.now()))
  }

  /// As `SessionManager.start()`: renews a stored session that is due, otherwise schedules
  /// its refresh; only the first call does anything.
  func start() async {
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

  /// Tries the store again after it failed at creation.
  private func reloadAfterFailedRead() {
    let loaded = persistence.load(now: clock.now())
    storeReadFailed = loaded.readFailed
    guard let restored = loaded.session else { return }
    session = restored
    publish(loaded.state)
  }

  /// Makes a new session current: stored first (a sign-in that does not survive a restart
  /// counts as failed), then a new generation (any older refresh is discarded), published,
  /// and its refresh scheduled.
  /// - Throws: the store's error; the session is then not current.
  func establish(_ newSession: AuthSession, method: String) throws {
    try persistence.save(newSession)
    generation += 1
    flights.cancel()
    session = newSession
    storeReadFailed = false
    publish(.authenticated(newSession.user))
    scheduleRefresh(for: newSession)
    logger.info("signed in (\(method))", category: .auth)
  }

  /// Forgets the session because it ended: new generation, nothing scheduled or in flight,
  /// the stored record removed, `.unauthenticated` published.
  /// - Parameter expected: end it only if no sign-in or sign-out happened since this
  ///   generation (`nil`: in any case).
  /// - Returns: the session that ended, and the error from removing the stored record.
  @discardableResult
  func endSession(
    because reason: String, ifGeneration expected: Int? = nil
  ) -> (ended: AuthSession?, clearFailure: (any Error)?) {
    if let expected, expected != generation { return (nil, nil) }
    let ended = session
    generation += 1
    timer.cancel()
    flights.cancel()
    session = nil
    let failure = persistence.clear()
    if ended != nil { logger.info("signed out: \(reason)", category: .auth) }
    publish(.unauthenticated)
    return (ended, failure)
  }

  /// Publishes `state` unless it is already current.
  func publish(_ state: AuthState) {
    if broadcaster.publish(state) {
      logger.debug("auth state: \(state)", category: .auth)
    }
  }
}
