import Core
import Foundation

/// The rating prompt service: records events, decides when to prompt and remembers the
/// user's answer.
///
/// Every operation is one read-modify-write of the stored state. Because an actor is
/// reentrant at each `await` (loading and saving are async), operations run through a FIFO
/// queue inside the actor, so concurrent callers never lose each other's changes and two
/// concurrent `promptIfEligible()` calls cannot both show the prompt.
///
/// Typical use: call `sessionStarted()` at launch, `record(_:)` after good and bad moments,
/// and when `record` returns `.prompt` (or `promptIfEligible()` does), show the pre-prompt,
/// then report `userRated()` or `userDeclined()`.
public actor RatingClient {
  /// The rules in force.
  public let config: RatingConfig
  private let storage: any RatingStorage
  private let clock: AppClock
  private let logger: AppLogger
  private var cached: RatingState?
  private var queueTail: Task<Void, Never>?

  /// Creates a client.
  /// - Parameters:
  ///   - config: the rules; `RatingConfig.default` documents each default.
  ///   - storage: where the state is kept between launches.
  ///   - clock: the source of "now".
  ///   - logger: receives storage failures (the client keeps working from memory).
  public init(
    config: RatingConfig = .default,
    storage: any RatingStorage,
    clock: AppClock,
    logger: AppLogger = .disabled
  ) {
    self.config = config
    self.storage = storage
    self.clock = clock
    self.logger = logger
  }

  /// Records a good or bad moment and returns the decision right after it.
  @discardableResult
  public func record(_ event: RatingEvent) async -> RatingDecision {
    let config = config
    return await update { state, now in
      state = RatingEngine.recording(event, in: state, at: now, config: config)
      return RatingEngine.decision(for: state, at: now, config: config)
    }
  }

  /// Counts a new session (call it once per launch or return to the foreground).
  public func sessionStarted() async {
    await update { state, now in
      state = RatingEngine.startingSession(in: state, at: now)
    }
  }

  /// Whether the prompt may show now, and if not, why. Changes nothing but the first-run
  /// date, which the first call of any kind records.
  public func decision() async -> RatingDecision {
    let config = config
    return await update { state, now in
      state = RatingEngine.touched(state, at: now)
      return RatingEngine.decision(for: state, at: now, config: config)
    }
  }

  /// Whether the prompt may show now.
  public func shouldPrompt() async -> Bool {
    await decision().shouldPrompt
  }

  /// Decides and, when the decision is `.prompt`, records the prompt in the same step, so
  /// the caller that gets `.prompt` back owns the prompt and must show it.
  public func promptIfEligible() async -> RatingDecision {
    let config = config
    return await update { state, now in
      state = RatingEngine.touched(state, at: now)
      let decision = RatingEngine.decision(for: state, at: now, config: config)
      if decision.shouldPrompt {
        state = RatingEngine.prompting(in: state, at: now, config: config)
      }
      return decision
    }
  }

  /// Records that the prompt showed now (starts the cooldown, counts toward the yearly
  /// limit). Not needed after `promptIfEligible()` returned `.prompt`.
  public func didPrompt() async {
    let config = config
    await update { state, now in
      state = RatingEngine.prompting(in: state, at: now, config: config)
    }
  }

  /// Records that the user chose "Rate".
  public func userRated() async {
    await update { state, now in
      state = RatingEngine.rating(in: state, at: now)
    }
  }

  /// Records that the user chose "Not now".
  public func userDeclined() async {
    let config = config
    await update { state, now in
      state = RatingEngine.declining(in: state, at: now, config: config)
    }
  }

  /// The current state, after every queued operation has finished.
  public func state() async -> RatingState {
    await update { state, _ in state }
  }

  /// The decayed score now.
  public func currentScore() async -> Double {
    let config = config
    return await update { state, now in
      RatingEngine.score(of: state, at: now, config: config)
    }
  }
}

extension RatingClient {
  /// Runs `change` after every operation queued before it, then saves the state if it
  /// changed. The queue is a chain of tasks: each waits for its predecessor, and the tail is
  /// replaced before the first `await`, so the order is the order callers entered the actor.
  @discardableResult
  private func update<Result: Sendable>(
    _ change: @escaping @Sendable (inout RatingState, Date) -> Result
  ) async -> Result {
    let previous = queueTail
    let operation = Task<Result, Never> {
      await previous?.value
      return await self.apply(change)
    }
    queueTail = Task { _ = await operation.value }
    return await operation.value
  }

  private func apply<Result: Sendable>(
    _ change: @Sendable (inout RatingState, Date) -> Result
  ) async -> Result {
    let before = await loadedState()
    var state = before
    let result = change(&state, clock.now())
    cached = state
    if state != before {
      do {
        try await storage.save(state)
      } catch {
        logger.error("Saving rating state", error, category: .feature)
      }
    }
    return result
  }

  private func loadedState() async -> RatingState {
    if let cached { return cached }
    let loaded: RatingState
    do {
      loaded = try await storage.load()
    } catch {
      // Unreadable state starts over rather than blocking the app; the next save replaces it.
      logger.error("Loading rating state", error, category: .feature)
      loaded = RatingState()
    }
    cached = loaded
    return loaded
  }
}
