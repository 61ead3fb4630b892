import Core
import Foundation

extension SessionManager {
  /// Schedules the proactive refresh `policy.margin` seconds before `session` expires (at once
  /// if that moment has passed).
  func scheduleRefresh(for session: AuthSession) {
    let due = session.refreshDate(margin: policy.margin)
    scheduleRefresh(after: max(0, due.timeIntervalSince(clock.now())))
  }

  /// Schedules a refresh `delay` seconds from now, replacing any scheduled one.
  func scheduleRefresh(after delay: TimeInterval) {
    timerTask?.cancel()
    timerTask = nil
    guard !isShutDown else { return }
    let scheduledGeneration = generation
    timerTask = Task { [weak self, clock] in
      do {
        try await clock.sleep(.timeInterval(delay))
      } catch {
        // Cancelled: the session changed, another refresh was scheduled, or the manager is gone.
        return
      }
      await self?.scheduledRefreshDue(generation: scheduledGeneration)
    }
  }

  /// The timer fired: renew silently, unless the session changed since it was set.
  func scheduledRefreshDue(generation scheduledGeneration: Int) async {
    guard !isShutDown, scheduledGeneration == generation, let current = session else { return }
    // This task is finishing; a failure below schedules a new one, which must not cancel it.
    timerTask = nil
    do {
      _ = try await refreshSession(showingProgress: current.isExpired(at: clock.now()))
    } catch {
      logger.notice(
        "scheduled refresh did not complete: \(AppError.from(error).code)", category: .auth)
    }
  }

  /// Stops keeping the session alive before the process exits: nothing is scheduled from now
  /// on, and every refresh in flight finishes first, so tokens the server already rotated are
  /// saved rather than lost with the process (the next run would present the spent refresh
  /// token, and a server that rotates tokens ends the session for that). Calls that need a
  /// token still work afterwards; they refresh on demand. The `kiln` executable calls this
  /// through `AppDependencies.shutdown()`.
  public func shutdown() async {
    isShutDown = true
    timerTask?.cancel()
    timerTask = nil
    while let flight = refreshFlight {
      _ = await flight.task.result
      // A flight that ended clears itself; one replaced meanwhile is awaited in turn.
      if refreshFlight?.id == flight.id { refreshFlight = nil }
    }
  }

  /// Forgets the session because it ended: new generation, nothing scheduled or in flight,
  /// the stored record removed, `.unauthenticated` published.
  /// - Returns: the error from removing the stored record, if that failed.
  @discardableResult
  func endSession(because reason: String) -> (any Error)? {
    generation += 1
    timerTask?.cancel()
    timerTask = nil
    refreshFlight?.task.cancel()
    refreshFlight = nil
    let hadSession = session != nil
    session = nil
    var failure: (any Error)?
    do {
      try store.clear()
    } catch {
      logger.error("removing the stored session", error, category: .auth)
      failure = error
    }
    if hadSession { logger.info("signed out: \(reason)", category: .auth) }
    publish(.unauthenticated)
    return failure
  }
}
