import Core
import Foundation

extension SessionKeeper {
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
    if let flight = flights.flight(for: generation) {
      return try await flight.task.value
    }
    let flightGeneration = generation
    if showingProgress { publish(.refreshing) }
    let flight = flights.start(generation: flightGeneration) { flightID in
      try await self.runRefresh(from: current, generation: flightGeneration, flightID: flightID)
    }
    return try await flight.task.value
  }

  /// The body of one shared refresh (`SessionRenewal`), its result applied here.
  private func runRefresh(
    from start: AuthSession, generation flightGeneration: Int, flightID: Int
  ) async throws -> AuthSession {
    defer { flights.finished(flightID) }
    return try await renewal.renew(
      start, isCurrent: { [weak self] in await self?.isGeneration(flightGeneration) ?? false },
      apply: { [weak self] result in
        guard let self else { throw AuthError.sessionChanged }
        return try await self.apply(result, generation: flightGeneration, flightID: flightID)
      })
  }

  private func isGeneration(_ expected: Int) -> Bool {
    expected == generation
  }

  /// Makes a renewal's result current, unless the session changed meanwhile: a renewed
  /// session is stored first (the old refresh token is already spent), then published, then
  /// the next refresh scheduled; an ended session signs out; a failed renewal keeps the
  /// session and tries again later.
  private func apply(
    _ result: SessionRenewal.Result, generation flightGeneration: Int, flightID: Int
  ) throws -> AuthSession {
    // Done from here on: a caller arriving between this and the renewal's return (it still
    // releases the lock) must not join a refresh whose result is already applied, or it
    // would take the result for a renewal that is due after it.
    flights.finished(flightID)
    guard flightGeneration == generation else {
      logger.info("discarded a refresh result: the session changed meanwhile", category: .auth)
      throw AuthError.sessionChanged
    }
    switch result {
    case .renewed(let renewed, let attempt):
      persistence.saveRenewed(renewed)
      adopt(renewed)
      let seconds = Int(renewed.expiresAt.timeIntervalSince(clock.now()))
      logger.info("session renewed (attempt \(attempt); valid for \(seconds) s)", category: .auth)
      return renewed
    case .renewedElsewhere(let newer):
      return adopt(newer)
    case .ended:
      endSession(because: "the server ended the session")
      throw AuthError.sessionExpired
    case .gaveUp(let error):
      // The user stays signed in with the old session, and a later try is scheduled.
      if let session {
        publish(.authenticated(session.user))
        scheduleRefresh(after: policy.retryInterval)
      }
      throw error
    case .superseded:
      throw AuthError.sessionChanged
    }
  }

  /// Makes `renewed` current without writing it: published, its refresh scheduled.
  @discardableResult
  private func adopt(_ renewed: AuthSession) -> AuthSession {
    session = renewed
    publish(.authenticated(renewed.user))
    scheduleRefresh(for: renewed)
    return renewed
  }
}
