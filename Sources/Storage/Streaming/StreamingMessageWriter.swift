import Core
import Foundation

/// Persists a reply while it streams: text grows in memory and is written through
/// `MessageRepository.update` at most every `interval` (500 ms by default), so a crash or a
/// kill loses at most that much text, without a disk write per token.
///
/// Usage: append the placeholder reply (status `.streaming`), make a writer for it, call
/// `append(_:)` for each delta and `finish(…)` once. If deltas stop arriving, a timer on the
/// injected clock still writes what is pending once the interval has passed. Writes never
/// overlap and land in order, so the stored text only grows.
public actor StreamingMessageWriter {
  private let repository: any MessageRepository
  private let clock: AppClock
  private let interval: Duration
  private let logger: AppLogger
  private var current: MessageDTO
  private var version = 0
  private var flushedVersion = 0
  private var lastFlush: Date
  private var inFlight: Task<Void, any Error>?
  private var timer: Task<Void, Never>?
  private var timerError: (any Error)?
  private var isFinished = false

  /// A writer for `message`, which must already be stored (usually just appended).
  /// - Parameters:
  ///   - repository: where the text is written.
  ///   - message: the stored reply; its text is the starting text.
  ///   - clock: decides when a write is due and drives the idle timer.
  ///   - interval: the longest time text stays only in memory.
  ///   - logger: receives failures of timer-driven writes (never the text).
  public init(
    repository: any MessageRepository, message: MessageDTO, clock: AppClock,
    interval: Duration = .milliseconds(500), logger: AppLogger = .disabled
  ) {
    self.repository = repository
    self.current = message
    self.clock = clock
    self.interval = interval
    self.logger = logger
    self.lastFlush = clock.now()
  }

  /// The message as it stands in memory, possibly ahead of what is stored.
  public var message: MessageDTO { current }

  /// Adds a message at the end of the active path and moves the conversation's `updatedAt` forward
  /// to the message's `createdAt`.
  /// - Throws: `StorageError.notFound` for an unknown conversation or parent, `.alreadyExists`
  ///   for a duplicate id.
  public func append(_ text: String) async throws {
    guard !isFinished else { return }
    try rethrowTimerError()
    current.text += text
    current.status = .streaming
    try await changed()
  }

  /// Adds streamed reasoning text, with the same write policy as `append(_:)`.
  /// - Throws: see `append(_:)`.
  public func appendReasoning(_ text: String) async throws {
    guard !isFinished else { return }
    try rethrowTimerError()
    current.reasoning = (current.reasoning ?? "") + text
    try await changed()
  }

  /// Writes the final state at once and stops the timer; later appends are ignored.
  /// Non-`nil` arguments replace the stored values.
  /// - Throws: `StorageError` when the final write fails (the caller may retry `finish`).
  @discardableResult
  public func finish(
    status: MessageStatus = .complete, finishReason: String? = nil, model: String? = nil,
    promptTokens: Int? = nil, completionTokens: Int? = nil, errorCode: String? = nil
  ) async throws -> MessageDTO {
    isFinished = true
    timer?.cancel()
    timer = nil
    current.status = status
    if let finishReason { current.finishReason = finishReason }
    if let model { current.model = model }
    if let promptTokens { current.promptTokens = promptTokens }
    if let completionTokens { current.completionTokens = completionTokens }
    if let errorCode { current.errorCode = errorCode }
    version += 1
    try await flush()
    return current
  }

  /// Writes whatever is pending now and waits until it is stored.
  /// - Throws: `StorageError` from the write.
  public func flush() async throws {
    while flushedVersion < version || inFlight != nil {
      if let running = inFlight {
        try await running.value
      } else {
        try await startWrite().value
      }
    }
  }

  private func changed() async throws {
    version += 1
    if clock.now().timeIntervalSince(lastFlush) >= interval.timeInterval {
      try await flush()
    } else if timer == nil {
      let deadline = lastFlush.addingTimeInterval(interval.timeInterval)
      timer = Task { [clock] in
        do {
          try await clock.sleep(until: deadline)
        } catch {
          return  // Sleep throws only on cancellation: `finish` stopped the timer.
        }
        await self.timerFired()
      }
    }
  }

  private func timerFired() async {
    timer = nil
    guard !isFinished else { return }
    do {
      try await flush()
    } catch {
      timerError = error
      logger.error("write streaming reply", error, category: .storage)
    }
  }

  private func startWrite() -> Task<Void, any Error> {
    let snapshot = current
    let target = version
    lastFlush = clock.now()
    let task = Task {
      do {
        try await repository.update(snapshot)
      } catch {
        writeEnded(storedVersion: nil)
        throw error
      }
      writeEnded(storedVersion: target)
    }
    inFlight = task
    return task
  }

  private func writeEnded(storedVersion: Int?) {
    inFlight = nil
    if let storedVersion { flushedVersion = max(flushedVersion, storedVersion) }
  }

  private func rethrowTimerError() throws {
    if let error = timerError {
      timerError = nil
      throw error
    }
  }
}
