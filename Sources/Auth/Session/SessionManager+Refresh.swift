import Core
import Foundation

extension SessionManager {
  /// Renews the session, sharing the refresh in flight if there is one.
  ///
  /// The refresh runs in its own task: a caller whose task is cancelled stops waiting for
  /// nothing and cancels nothing, so the session can never be lost to a cancelled request.
  /// - Parameter showingProgress: publish `.refreshing` while it runs (the access token has
  ///   expired, so the app cannot use the session until it finishes).
  /// - Throws: `AuthError.sessionExpired` (signed out), `AuthError.sessionChanged` (signed out
  ///   or another sign-in meanwhile), `AuthError.notSignedIn`, or the error that ended the
  ///   tries.
  func refreshSession(showingProgress: Bool) async throws -> AuthSession {
    guard let current = session else { throw AuthError.notSignedIn }
    if let flight = refreshFlight, flight.generation == generation {
      return try await flight.task.value
    }
    nextFlightID += 1
    let flightID = nextFlightID
    let flightGeneration = generation
    if showingProgress { publish(.refreshing) }
    let task = Task {
      try await self.runRefresh(from: current, generation: flightGeneration, flightID: flightID)
    }
    refreshFlight = RefreshFlight(id: flightID, generation: flightGeneration, task: task)
    return try await task.value
  }

  /// The body of one shared refresh: up to `policy.maxAttempts` tries.
  private func runRefresh(
    from start: AuthSession, generation flightGeneration: Int, flightID: Int
  ) async throws -> AuthSession {
    defer { if refreshFlight?.id == flightID { refreshFlight = nil } }
    // Held from re-reading the record until the renewed session is saved: another process
    // renewing meanwhile either finished first (and this one adopts its tokens below) or
    // waits, so no two processes spend the same refresh token.
    let lease = await lockStoredSession()
    defer { lease.release() }
    try ensureGeneration(flightGeneration)
    var current = start
    if let newer = newerStoredSession(than: current) {
      // Another process renewed this session already; use its tokens.
      if !newer.needsRefresh(at: clock.now(), margin: policy.margin) {
        logger.info("adopted a session renewed elsewhere", category: .auth)
        return adopt(newer)
      }
      current = newer
    }
    var attempt = 0
    while true {
      attempt += 1
      do {
        let renewed = try await api.refresh(refreshToken: current.refreshToken)
        try ensureGeneration(flightGeneration)
        return apply(renewed, attempt: attempt)
      } catch {
        try ensureGeneration(flightGeneration)
        let failure = RefreshFailure(error)
        logger.notice(
          "refresh attempt \(attempt) of \(policy.maxAttempts) failed (\(failure)): "
            + AppError.diagnose(error).detail, category: .auth)
        switch failure {
        case .terminal:
          if let newer = newerStoredSession(than: current) {
            logger.info("the refresh token was renewed elsewhere; adopted it", category: .auth)
            return adopt(newer)
          }
          endSession(because: "the server ended the session")
          throw AuthError.sessionExpired
        case .transient(let retryAfter):
          guard !Task.isCancelled,
            let delay = policy.delay(afterAttempt: attempt, retryAfter: retryAfter)
          else {
            keepSessionAfterFailure()
            throw error
          }
          do {
            try await clock.sleep(.timeInterval(delay))
          } catch {
            try ensureGeneration(flightGeneration)
            keepSessionAfterFailure()
            throw error
          }
          try ensureGeneration(flightGeneration)
        case .permanent:
          keepSessionAfterFailure()
          throw error
        }
      }
    }
  }

  /// The stored session's lock across processes; without it (the lock file cannot be made)
  /// the refresh still runs, as it did before there was a lock.
  private func lockStoredSession() async -> SessionStoreLease {
    do {
      return try await store.lock()
    } catch {
      logger.error("locking the stored session (renewing without the lock)", error, category: .auth)
      return .unlocked
    }
  }

  /// Throws `AuthError.sessionChanged` when a sign-in or sign-out happened since `expected`.
  private func ensureGeneration(_ expected: Int) throws {
    guard expected == generation else {
      logger.info("discarded a refresh result: the session changed meanwhile", category: .auth)
      throw AuthError.sessionChanged
    }
  }

  /// Makes a renewed session current: stored first (the old refresh token is already spent),
  /// then published, then the next refresh scheduled.
  private func apply(_ renewed: AuthSession, attempt: Int) -> AuthSession {
    persistRenewed(renewed)
    session = renewed
    publish(.authenticated(renewed.user))
    scheduleRefresh(for: renewed)
    let seconds = Int(renewed.expiresAt.timeIntervalSince(clock.now()))
    logger.info("session renewed (attempt \(attempt); valid for \(seconds) s)", category: .auth)
    return renewed
  }

  /// Takes over a session renewed elsewhere, without writing it back.
  private func adopt(_ newer: AuthSession) -> AuthSession {
    session = newer
    publish(.authenticated(newer.user))
    scheduleRefresh(for: newer)
    return newer
  }

  /// After a refresh gave up without the server ending the session: the user stays signed in
  /// with the old session, and a later try is scheduled.
  private func keepSessionAfterFailure() {
    guard let session else { return }
    publish(.authenticated(session.user))
    scheduleRefresh(after: policy.retryInterval)
  }
}
