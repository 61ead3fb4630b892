import Dispatch
import Foundation

/// The connect, idle and total timeouts, enforced by one watchdog per exchange.
///
/// Foundation's `timeoutInterval` cannot tell "no response yet" from "no chunk for a while",
/// so the handler keeps its own deadlines in monotonic time. Each arming bumps a generation
/// number; a firing from an older arming does nothing, so there is one live watchdog at most.
/// A chunk only records its arrival time: the watchdog re-arms itself for the remaining time
/// instead of being rescheduled per chunk.
extension DataTaskHandler {
  private enum Check {
    case stop
    case wait(UInt64, generation: Int)
    case expire(HTTPError)
  }

  /// Arms the watchdog for the current phase's nearest deadline.
  func scheduleWatchdog() {
    evaluateWatchdog(generation: nil)
  }

  private func evaluateWatchdog(generation: Int?) {
    let check = state.withLock { state -> Check in
      if let generation, generation != state.watchdogGeneration { return .stop }
      guard let (deadline, failure) = nearestDeadline(state) else { return .stop }
      if HTTPTimeouts.uptime() >= deadline { return .expire(failure) }
      state.watchdogGeneration += 1
      return .wait(deadline, generation: state.watchdogGeneration)
    }
    switch check {
    case .stop:
      return
    case .expire(let failure):
      fail(with: failure)
    case .wait(let deadline, let next):
      DispatchQueue.global().asyncAfter(deadline: DispatchTime(uptimeNanoseconds: deadline)) {
        [weak self] in
        self?.evaluateWatchdog(generation: next)
      }
    }
  }

  private func nearestDeadline(_ state: State) -> (UInt64, HTTPError)? {
    switch state.phase {
    case .awaitingHead:
      return timeouts.nearestDeadline(
        startedAt: state.startedAt, lastActivity: state.lastActivity, headArrived: false)
    case .collectingErrorBody, .streaming:
      return timeouts.nearestDeadline(
        startedAt: state.startedAt, lastActivity: state.lastActivity, headArrived: true)
    case .ready, .done:
      return nil
    }
  }
}
