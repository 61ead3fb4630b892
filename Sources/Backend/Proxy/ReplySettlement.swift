import Core
import Foundation
import Synchronization

/// How a reply ended, for the ledger and the metrics.
enum ReplyStatus: String, Sendable {
  case completed
  case cancelled
  case upstreamError = "upstream_error"
}

/// One admitted chat request on its way to the upstream: what the ledger and the headers need.
struct Exchange: Sendable {
  var requestID: String
  var userID: String
  var model: String
  var startedAt: Date
  /// What is left of the free allowance after this request; `nil` for a subscriber.
  var freeRemaining: Int?
  /// The free allowance's counter this request was charged to; `nil` for a subscriber.
  var freeBucket: String?
  /// Where the outcome is noted for the access log.
  var note: BackendLogNote
}

/// Settles an admitted request once its reply has ended, whatever way it ended: the usage
/// ledger line, the reply and token counts, the free message given back when the upstream
/// failed before the client saw any of the reply (decision 133), and the access log's note
/// of the outcome (decision 134).
///
/// The reply has already been given (or refused) when it runs, so a ledger failure is
/// logged, never shown.
struct ReplySettlement: Sendable {
  /// The ledger and the free-allowance counters.
  let store: any ServerStore
  /// Ends the reply's duration.
  let clock: AppClock
  /// Where replies, tokens and refunds are counted.
  let metrics: ProxyMetrics
  /// One line per ledger failure; never content.
  let logger: AppLogger
  /// Ledger lines still being written after their answer went out (`settleAfterAnswer`).
  let lateWrites: LateLedgerWrites

  init(
    store: any ServerStore, clock: AppClock, metrics: ProxyMetrics, logger: AppLogger,
    lateWrites: LateLedgerWrites = LateLedgerWrites()
  ) {
    self.store = store
    self.clock = clock
    self.metrics = metrics
    self.logger = logger
    self.lateWrites = lateWrites
  }

  /// For a reply that completed (a whole answer or a finished stream): counts the reply and
  /// notes it now, so the answer and its access-log line carry it, and writes its ledger
  /// line once the answer is on its way, so the client does not wait for the store.
  /// `finishLateWrites()` waits for those lines (at shutdown, before the store closes). A
  /// crash in between loses the line, never the charge, which the admission already stored.
  func settleAfterAnswer(
    _ exchange: Exchange, interpreter: UpstreamChunkInterpreter, generationID: String?
  ) async {
    let record = count(
      exchange, status: .completed, interpreter: interpreter, generationID: generationID)
    note(exchange, .completed, record, refunded: false)
    let store = store
    let logger = logger
    let write: @Sendable () async -> Void = {
      do {
        try await store.recordUsage(record)
      } catch {
        logger.error("usage ledger write failed: \(error)", category: .backend)
      }
    }
    // Handed to the store without a task of its own waiting for it (the store's group
    // commit tells when it is written). With the store falling behind, answers wait for
    // their lines again rather than leaving an ever longer queue of writes.
    let started = lateWrites.start { finished in
      store.submitUsage(record) { error in
        if let error { logger.error("usage ledger write failed: \(error)", category: .backend) }
        finished()
      }
    }
    if !started { await lateWrites.run(write) }
  }

  /// Returns once every ledger line `settleAfterAnswer` started is written (or failed).
  func finishLateWrites() async {
    await lateWrites.wait()
  }

  /// Counts the reply and its tokens, and makes its ledger line.
  private func count(
    _ exchange: Exchange, status: ReplyStatus, interpreter: UpstreamChunkInterpreter?,
    generationID: String?
  ) -> UsageRecord {
    let duration = clock.now().timeIntervalSince(exchange.startedAt)
    metrics.recordReply(status: status.rawValue)
    metrics.recordTokens(
      prompt: interpreter?.promptTokens, completion: interpreter?.completionTokens)
    return UsageRecord(
      requestID: exchange.requestID, userID: exchange.userID, model: exchange.model,
      promptTokens: interpreter?.promptTokens, completionTokens: interpreter?.completionTokens,
      status: status.rawValue, startedAt: exchange.startedAt,
      durationMilliseconds: max(0, Int((duration * 1000).rounded())),
      upstreamGenerationID: generationID ?? interpreter?.generationID)
  }

  /// Notes the reply's outcome for the access log.
  private func note(
    _ exchange: Exchange, _ status: ReplyStatus, _ record: UsageRecord, refunded: Bool
  ) {
    exchange.note.update { fields in
      fields.reply = status.rawValue
      fields.upstreamGenerationID = record.upstreamGenerationID
      fields.promptTokens = record.promptTokens
      fields.completionTokens = record.completionTokens
      fields.freeMessageRefunded = refunded
    }
  }

  /// Writes the ledger line, counts the reply and notes it in the exchange's log note. With
  /// `refund`, an upstream error charged to a free allowance gives the message back in the
  /// same store step as the ledger line (`refundFreeMessage`); a subscriber's request, or
  /// any other ending, is only recorded.
  /// - Returns: whether a free message was given back.
  @discardableResult
  func settle(
    _ exchange: Exchange, status: ReplyStatus, interpreter: UpstreamChunkInterpreter?,
    generationID: String?, refund: Bool = false
  ) async -> Bool {
    let record = count(
      exchange, status: status, interpreter: interpreter, generationID: generationID)
    var refunded = false
    do {
      if refund, status == .upstreamError, let bucket = exchange.freeBucket {
        refunded = try await store.refundFreeMessage(
          userID: exchange.userID, bucket: bucket, recording: record)
        if refunded { metrics.recordRefund() }
      } else {
        try await store.recordUsage(record)
      }
    } catch {
      logger.error("usage ledger write failed: \(error)", category: .backend)
    }
    note(exchange, status, record, refunded: refunded)
    return refunded
  }
}

/// Tasks writing ledger lines after their answer, counted so that shutdown, and the erasing
/// of a deleted account's data, can wait for them; at most `limit` run at once.
///
/// A wait covers the writes started before it, not those that start while it waits, so
/// steady traffic can never hold it up.
public final class LateLedgerWrites: Sendable {
  private struct Waiter {
    /// The wait is over once no write numbered below this runs.
    var before: Int
    var continuation: CheckedContinuation<Void, Never>
  }

  private struct State {
    var nextNumber = 0
    var running: Set<Int> = []
    var waiters: [Waiter] = []
  }

  private let state = Mutex(State())
  /// The most writes running at once.
  public let limit: Int

  /// Writes counted, at most `limit` at once.
  public init(limit: Int = 256) {
    self.limit = max(1, limit)
  }

  /// Runs `write` on a task of its own, counted until it returns; `false`, running nothing,
  /// when `limit` writes are running already.
  public func start(_ write: @escaping @Sendable () async -> Void) -> Bool {
    start { finished in
      Task {
        await write()
        finished()
      }
    }
  }

  /// Starts a write that says itself when it has ended: `begin` is given the closure to
  /// call then, and the write is counted until it is called; `false`, calling nothing,
  /// when `limit` writes are running already.
  public func start(
    reportingEnd begin: (_ finished: @escaping @Sendable () -> Void) -> Void
  )
    -> Bool
  {
    guard let number = enter(bounded: true) else { return false }
    begin { self.leave(number) }
    return true
  }

  /// Runs `write` here and now, counted while it runs (what an answer does when `limit`
  /// writes are running already).
  public func run(_ write: @Sendable () async -> Void) async {
    let number = enter(bounded: false)
    await write()
    if let number { leave(number) }
  }

  /// Returns once every write started before the call has returned.
  public func wait() async {
    await withCheckedContinuation { continuation in
      let idle = state.withLock { state -> Bool in
        let before = state.nextNumber
        guard state.running.contains(where: { $0 < before }) else { return true }
        state.waiters.append(Waiter(before: before, continuation: continuation))
        return false
      }
      if idle { continuation.resume() }
    }
  }

  private func enter(bounded: Bool) -> Int? {
    state.withLock { state -> Int? in
      guard !bounded || state.running.count < limit else { return nil }
      let number = state.nextNumber
      state.nextNumber += 1
      state.running.insert(number)
      return number
    }
  }

  private func leave(_ number: Int) {
    let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.running.remove(number)
      let oldest = state.running.min() ?? state.nextNumber
      let ready = state.waiters.filter { $0.before <= oldest }
      state.waiters.removeAll { $0.before <= oldest }
      return ready.map(\.continuation)
    }
    for continuation in ready { continuation.resume() }
  }
}
