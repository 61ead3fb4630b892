import Core
import Foundation

/// Something that runs sync rounds: `SyncEngine`.
public protocol SyncRoundRunning: Sendable {
  /// Runs a round (or joins one about to start).
  /// - Throws: `SyncError`.
  func sync() async throws(SyncError) -> SyncRoundReport
}

extension SyncEngine: SyncRoundRunning {}

/// Decides when rounds run (docs/SYNC.md §5): one at start (the pull on launch), one after
/// each burst of local changes, one every `fallbackInterval` while the app is interactive
/// unless another round ran within it, and after a failure none until the backoff's wait
/// has passed (local changes wait too). `stop()` on sign-out ends it.
///
/// Every wait is a sleep on the injected clock, so tests drive it with a manual clock and
/// never sleep for real; a change or a new mode cuts the current wait short.
public actor SyncScheduler {
  let runner: any SyncRoundRunning
  let schedule: SyncSchedule
  let clock: AppClock
  let random: RandomSource
  private var isInteractive = false
  private var loop: Task<Void, Never>?
  private var sleeper: Task<Void, Never>?
  private var changeWaitingSince: Date?
  private var lastRoundEnded: Date?
  private var failures = 0
  private var retryAt: Date?

  /// A scheduler for `runner`'s rounds.
  /// - Parameters:
  ///   - runner: runs the rounds (the engine).
  ///   - schedule: the fallback interval, the change delay and the backoff.
  ///   - clock: reads time and sleeps.
  ///   - random: the backoff's jitter.
  public init(
    runner: any SyncRoundRunning, schedule: SyncSchedule = SyncSchedule(), clock: AppClock,
    random: RandomSource
  ) {
    self.runner = runner
    self.schedule = schedule
    self.clock = clock
    self.random = random
  }

  /// Starts: a round now, then rounds as the type's note says. Does nothing when started.
  public func start(interactive: Bool) {
    guard loop == nil else { return }
    isInteractive = interactive
    loop = Task { await self.run() }
  }

  /// A local change was written: a round follows shortly, together with the changes that
  /// come right after it.
  public func localChangeHappened() {
    guard loop != nil, changeWaitingSince == nil else { return }
    changeWaitingSince = clock.now()
    wakeUp()
  }

  /// Whether the app is interactive (the fallback refresh runs only then).
  public func setInteractive(_ interactive: Bool) {
    isInteractive = interactive
    wakeUp()
  }

  /// Stops scheduling (sign-out). A round already running finishes; none starts after it.
  public func stop() {
    loop?.cancel()
    loop = nil
    wakeUp()
  }

  /// Failed rounds in a row since the last success.
  public var consecutiveFailures: Int { failures }

  /// When the next round is due, or `nil` when only a change or a new mode can bring one.
  public var nextRoundDate: Date? { nextDeadline() }
}

extension SyncScheduler {
  private func run() async {
    await runRound()
    while !Task.isCancelled {
      if let deadline = nextDeadline(), deadline <= clock.now() {
        await runRound()
      } else {
        await sleep(until: nextDeadline())
      }
    }
  }

  private func nextDeadline() -> Date? {
    guard let lastRoundEnded else { return clock.now() }
    if let retryAt { return retryAt }
    var candidates: [Date] = []
    if let changeWaitingSince {
      candidates.append(changeWaitingSince.addingTimeInterval(schedule.changeDelay.timeInterval))
    }
    if isInteractive {
      candidates.append(lastRoundEnded.addingTimeInterval(schedule.fallbackInterval.timeInterval))
    }
    return candidates.min()
  }

  private func runRound() async {
    changeWaitingSince = nil
    do {
      _ = try await runner.sync()
      failures = 0
      retryAt = nil
    } catch {
      failures += 1
      let wait = schedule.backoff.delay(afterFailures: failures, random: random)
      retryAt = clock.now().addingTimeInterval(wait.timeInterval)
    }
    lastRoundEnded = clock.now()
  }

  /// Sleeps until `deadline` (or a day, when there is none) unless woken first.
  private func sleep(until deadline: Date?) async {
    let clock = clock
    let seconds = deadline.map { max(0, $0.timeIntervalSince(clock.now())) } ?? 86_400
    let task = Task<Void, Never> {
      // Cancellation is how `wakeUp()` ends the wait early, so it is not an error here.
      _ = try? await clock.sleep(.timeInterval(seconds))
    }
    sleeper = task
    await task.value
    sleeper = nil
  }

  private func wakeUp() {
    sleeper?.cancel()
  }
}
