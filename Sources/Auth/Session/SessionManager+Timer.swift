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
    guard scheduledGeneration == generation, let current = session else { return }
    // This task is finishing; a failure below schedules a new one, which must not cancel it.
    timerTask = nil
    do {
      _ = try await refreshSession(showingProgress: current.isExpired(at: clock.now()))
    } catch {
      logger.notice(
        "scheduled refresh did not complete: \(AppError.from(error).code)", category: .auth)
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
