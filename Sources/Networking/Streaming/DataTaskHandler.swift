import Dispatch
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Bridges one data task's delegate callbacks into async values: the response head through
/// `run(_:)`, then the body as an `AsyncThrowingStream` of chunks.
///
/// A 2xx head resumes `run` at once and the body streams. Any other status keeps the task
/// running until the whole error body has arrived and then throws `HTTPError.status`; the
/// request is never cancelled and sent again to read it. Cancellation from the consumer, a
/// timeout, or completion all end in `done`, and `onDone` runs exactly once so the owner can
/// release the session.
final class DataTaskHandler: Sendable {
  /// What happened, for the owner's log line.
  struct Summary: Sendable {
    var task: URLSessionDataTask?
    var bytes: Int
    var error: HTTPError?
  }

  enum Phase {
    case ready
    case awaitingHead(CheckedContinuation<ResponseHead, any Error>)
    case collectingErrorBody(ResponseHead, Data, CheckedContinuation<ResponseHead, any Error>)
    case streaming
    case done
  }

  struct State {
    var phase: Phase = .ready
    var task: URLSessionDataTask?
    var startedAt: UInt64 = 0
    var lastActivity: UInt64 = 0
    var bytes = 0
    var watchdogGeneration = 0
    var released = false
  }

  let timeouts: HTTPTimeouts
  let maximumErrorBodySize: Int
  /// Runs every call into the task (resume, cancel) and the release, in the order
  /// they were decided. corelibs implements some of them with `sync` on the session's work
  /// queue, which is busy while a fast transfer floods it; doing them here keeps that wait
  /// off Swift's cooperative threads.
  let control = DispatchQueue(label: "dev.kiln.networking.task")
  let now: @Sendable () -> Date
  let body: AsyncThrowingStream<Data, any Error>
  let continuation: AsyncThrowingStream<Data, any Error>.Continuation
  let state = Mutex(State())
  private let onDone: @Sendable (Summary) -> Void

  init(
    timeouts: HTTPTimeouts, maximumErrorBodySize: Int, now: @escaping @Sendable () -> Date,
    onDone: @escaping @Sendable (Summary) -> Void
  ) {
    self.timeouts = timeouts
    self.maximumErrorBodySize = maximumErrorBodySize
    self.now = now
    self.onDone = onDone
    (body, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
    continuation.onTermination = { [weak self] termination in
      if case .cancelled = termination { self?.cancel() }
    }
  }

  /// Creates the task with `makeTask`, starts it, and waits for a 2xx response head.
  ///
  /// The task is created and resumed on `control`, never on the caller's thread: corelibs
  /// serialises these calls behind every session's transfers, and a fast download elsewhere
  /// would otherwise block a Swift cooperative thread for as long as it lasts.
  /// - Throws: `HTTPError` (`.status` with the whole error body, `.transport`, `.cancelled`).
  func run(_ makeTask: @escaping @Sendable () -> URLSessionDataTask) async throws -> ResponseHead {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let started = state.withLock { state -> Bool in
          guard case .ready = state.phase else { return false }
          let start = HTTPTimeouts.uptime()
          state.phase = .awaitingHead(continuation)
          state.startedAt = start
          state.lastActivity = start
          return true
        }
        guard started else {
          continuation.resume(throwing: HTTPError.cancelled)
          release(error: .cancelled)
          return
        }
        control.async { [self] in
          let task = makeTask()
          let stillWanted = state.withLock { state -> Bool in
            state.task = task
            if case .done = state.phase { return false }
            return true
          }
          if stillWanted { task.resume() } else { task.cancel() }
        }
        scheduleWatchdog()
      }
    } onCancel: {
      cancel()
    }
  }

  // MARK: - Delegate events (called on the session's serial queue)

  func didReceive(_ response: URLResponse) {
    guard let head = ResponseHead(response) else {
      fail(
        with: .transport(
          code: URLErrorCode.badServerResponse, message: "The response is not an HTTP response"))
      return
    }
    let resume = state.withLock { state -> CheckedContinuation<ResponseHead, any Error>? in
      guard case .awaitingHead(let continuation) = state.phase else { return nil }
      state.lastActivity = HTTPTimeouts.uptime()
      if head.isSuccess {
        state.phase = .streaming
        return continuation
      }
      state.phase = .collectingErrorBody(head, Data(), continuation)
      return nil
    }
    resume?.resume(returning: head)
    scheduleWatchdog()
  }

  /// Forwards a chunk to the body, or keeps it for the error. There is no backpressure:
  /// corelibs delivers chunks as fast as the socket gives them (swift-corelibs-foundation
  /// #3204), and its `suspend()` on a running task tears the transfer down and `resume()`
  /// sends the request again, so pausing is not an option. A consumer slower than the
  /// network therefore buffers in the body stream. That is why streams on Linux go through
  /// `CurlTransfer` instead (docs/DECISIONS.md, entry 41) unless a client opts out.
  func didReceive(_ data: Data) {
    let forward = state.withLock { state -> Bool in
      state.lastActivity = HTTPTimeouts.uptime()
      state.bytes += data.count
      switch state.phase {
      case .streaming:
        return true
      case .collectingErrorBody(let head, var collected, let continuation):
        let room = maximumErrorBodySize - collected.count
        if room > 0 { collected.append(data.prefix(room)) }
        state.phase = .collectingErrorBody(head, collected, continuation)
        return false
      case .ready, .awaitingHead, .done:
        return false
      }
    }
    if forward { continuation.yield(data) }
  }

  func didComplete(with error: (any Error)?) {
    enum Action {
      case none
      case failHead(CheckedContinuation<ResponseHead, any Error>, any Error)
      case finishBody(HTTPError?)
    }
    let action = state.withLock { state -> Action in
      let phase = state.phase
      state.phase = .done
      switch phase {
      case .awaitingHead(let continuation):
        let failure =
          error.map { TransportErrorMapper.map($0, receivedHead: false) }
          ?? .transport(
            code: URLErrorCode.badServerResponse,
            message: "The server closed the exchange without a response")
        return .failHead(continuation, failure)
      case .collectingErrorBody(let head, let collected, let continuation):
        return .failHead(continuation, head.statusError(body: collected, now: now()))
      case .streaming:
        return .finishBody(error.map { TransportErrorMapper.map($0, receivedHead: true) })
      case .ready, .done:
        state.phase = phase
        return .none
      }
    }
    switch action {
    case .none:
      return
    case .failHead(let continuation, let failure):
      continuation.resume(throwing: failure)
      release(error: failure as? HTTPError)
    case .finishBody(let failure):
      if let failure {
        continuation.finish(throwing: failure)
      } else {
        continuation.finish()
      }
      release(error: failure)
    }
  }

  // MARK: - Ending early

  /// Stops the transfer because the consumer left: the task is cancelled at once.
  func cancel() {
    fail(with: .cancelled)
  }

  /// Ends the exchange with `error` (a timeout or a cancellation) and cancels the task.
  func fail(with error: HTTPError) {
    enum Action {
      case none
      case failHead(CheckedContinuation<ResponseHead, any Error>)
      case finishBody
    }
    let (action, task) = state.withLock { state -> (Action, URLSessionDataTask?) in
      let phase = state.phase
      state.phase = .done
      switch phase {
      case .ready:
        return (.none, nil)
      case .awaitingHead(let continuation), .collectingErrorBody(_, _, let continuation):
        return (.failHead(continuation), state.task)
      case .streaming:
        return (.finishBody, state.task)
      case .done:
        return (.none, nil)
      }
    }
    switch action {
    case .none:
      return
    case .failHead(let headContinuation):
      control.async { task?.cancel() }
      headContinuation.resume(throwing: error)
    case .finishBody:
      control.async { task?.cancel() }
      continuation.finish(throwing: error)
    }
    release(error: error)
  }

  /// Runs `onDone` once, on `control`: after the block that creates the task, so the summary
  /// names the task even when the exchange ended before it existed.
  private func release(error: HTTPError?) {
    let first = state.withLock { state -> Bool in
      guard !state.released else { return false }
      state.released = true
      return true
    }
    guard first else { return }
    control.async { [self, onDone] in
      let summary = state.withLock { Summary(task: $0.task, bytes: $0.bytes, error: error) }
      onDone(summary)
    }
  }
}
