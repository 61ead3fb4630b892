import Core
import Foundation

extension SessionKeeper {
  /// Schedules the proactive refresh `policy.margin` seconds before `session` expires (at once
  /// if that moment has passed).
  func scheduleRefresh(for session: AuthSession) {
    let due = session.refreshDate(margin: policy.margin)
    scheduleRefresh(after: max(0, due.timeIntervalSince(clock.now())))
  }

  /// Schedules a refresh `delay` seconds from now, replacing any scheduled one.
  func scheduleRefresh(after delay: TimeInterval) {
    let scheduledGeneration = generation
    timer.set(after: delay) { [weak self] alarm in
      await self?.scheduledRefreshDue(alarm: alarm, generation: scheduledGeneration)
    }
  }

  /// The timer fired: renew silently, unless the session changed or the alarm was replaced
  /// since it was set.
  private func scheduledRefreshDue(alarm: Int, generation scheduledGeneration: Int) async {
    guard scheduledGeneration == generation, let current = session, timer.take(alarm) else {
      return
    }
    do {
      _ = try await refreshSession(showingProgress: current.isExpired(at: clock.now()))
    } catch {
      logger.notice(
        "scheduled refresh did not complete: \(AppError.from(error).code)", category: .auth)
    }
  }

  /// As `SessionManager.shutdown()`: nothing is scheduled from now on, and every refresh in
  /// flight finishes first, so tokens the server already rotated are saved.
  func shutdown() async {
    timer.stop()
    while let flight = flights.current {
      _ = await flight.task.result
      // A flight that ended clears itself; one replaced meanwhile is awaited in turn.
      flights.finished(flight.id)
    }
  }
}
