import Core
import Foundation
import Networking
import Synchronization

/// Re-frames the upstream's event stream for the client with Kiln's own writer: each JSON
/// chunk as `data: …`, a `: keep-alive` comment after every keep-alive interval of upstream
/// silence, `data: [DONE]` after a finished reply, and a terminal error event for a failed
/// or cut-off one. Upstream comments and other fields never pass through.
///
/// The relay reads the upstream body itself and writes each chunk's frames before it reads
/// the next, so a slow client slows the upstream down (backpressure) instead of filling
/// memory. When the client goes away (`write` throws) the upstream transfer is cancelled at
/// once. (A reader task handing each chunk over had cost two more task switches per chunk,
/// most of the relay's cost with many streams on two cores; decision 150.)
///
/// One ticker task serves the whole stream: a chunk only notes when it arrived, and the
/// ticker, when it wakes after a chunk came, sleeps on to a full interval after it. (Restarting
/// the ticker for every chunk cost a task start, a timer and a cancellation wake-up per
/// chunk, which dominated the relay's cost under load.) It starts the first time the relay
/// has to wait for the upstream, since silence can only begin there: a reply that has
/// arrived whole by the time it is read costs no ticker at all. The ticker writes its
/// comment itself, taking turns with the relay (`WriteTurn`), so a comment never lands
/// inside a chunk and none follows the stream's end.
///
/// The response's head waits for the relay's first frames, so a reply that is already there
/// leaves with its head in one send; before it first waits for the upstream, the relay sends
/// the head alone (an empty write), so the client sees the status at once (decision 209).
struct StreamRelay: Sendable {
  let body: HTTPResponseBody
  let keepAliveInterval: Duration
  let sleep: @Sendable (Duration) async throws -> Void
  /// The time the silence is measured in (the same clock `sleep` waits on).
  let now: @Sendable () -> Date
  var limits = ServerSentEventLimits.standard

  /// Relays the whole stream to `writer` and says how it ended.
  func run(writer: any BackendBodyWriter) async -> (ReplyStatus, UpstreamChunkInterpreter) {
    var pump = Pump(interpreter: UpstreamChunkInterpreter(collectsText: false), limits: limits)
    let activity = Activity(at: now())
    let turn = WriteTurn()
    var ticker: Task<Void, Never>?
    var iterator = body.makeAsyncIterator()
    var status = ReplyStatus.upstreamError
    // Whether any frame has gone to the writer.
    var wrote = false
    loop: while true {
      let chunk: Data?
      var failed = false
      let arrived = iterator.nextWithoutWaiting()
      if arrived == nil, ticker == nil {
        // About to wait for the upstream: a head still waiting for the body goes out now
        // (an empty write), not with the reply, and from here on the silence is timed.
        if !wrote {
          do {
            try await writer.write([])
          } catch {
            status = .cancelled
            break
          }
        }
        ticker = startTicker(activity, turn: turn, writer: writer)
      }
      do {
        if let arrived {
          chunk = arrived
        } else {
          chunk = try await iterator.next()
        }
      } catch {
        chunk = nil
        failed = true
      }
      // The client left: the HTTP server cancelled this task, or a keep-alive found it gone.
      if Task.isCancelled || turn.clientLeft {
        status = .cancelled
        break
      }
      var frames: [UInt8]
      var outcome: ReplyStatus?
      if let chunk {
        activity.note(now())
        (frames, outcome) = pump.push(chunk)
        // The rest of its batch goes out with this chunk, in one write; the next batch waits
        // for that write, so a slow client holds the upstream back.
        while outcome == nil, let next = iterator.nextIfArrived() {
          let (more, ending) = pump.push(next)
          frames += more
          outcome = ending
        }
      } else {
        (frames, status) = pump.end(failed: failed)
        outcome = status
      }
      do {
        if !frames.isEmpty {
          try await turn.write(frames, to: writer)
          wrote = true
        }
      } catch {
        status = .cancelled
        break loop
      }
      if let outcome {
        status = outcome
        break
      }
    }
    ticker?.cancel()
    await turn.close()
    if status == .completed {
      // After `[DONE]` the body is read to its end (nothing more is sent), so a pooled
      // upstream connection can be used again instead of being cut.
      while (try? await iterator.next()) != nil {}
    } else {
      body.cancel()
    }
    return (status, pump.interpreter)
  }

  /// The one ticker of a stream: a `: keep-alive` comment after every keep-alive interval
  /// in which neither a chunk nor another comment went out. A comment the client cannot
  /// take means the client left: the upstream transfer is cancelled, which ends the relay.
  private func startTicker(
    _ activity: Activity, turn: WriteTurn, writer: any BackendBodyWriter
  ) -> Task<Void, Never> {
    let interval = keepAliveInterval.timeInterval
    let sleep = sleep
    let now = now
    let body = body
    return Task {
      var wait = interval
      while !Task.isCancelled {
        let before = activity.count
        do {
          try await sleep(.timeInterval(wait))
        } catch {
          return
        }
        let (count, lastChunk) = activity.snapshot
        wait = interval
        if count != before {
          // A chunk came during the sleep: sleep on to a full interval after it. Clamped,
          // so a wall clock that jumps can delay a comment by one interval at most.
          let remaining = interval - now().timeIntervalSince(lastChunk)
          // A millisecond's slack absorbs the rounding of dates.
          if remaining > 0.001 {
            wait = min(interval, remaining)
            continue
          }
        }
        do {
          // Skipped when a chunk came meanwhile or the stream has ended.
          try await turn.write(ProxyEventFrames.keepAlive, to: writer) {
            activity.count == count
          }
        } catch {
          turn.noteClientLeft()
          body.cancel()
          return
        }
      }
    }
  }

  /// Reads the whole body into `interpreter` (for a non-streaming answer) and says how it
  /// ended.
  static func collect(
    _ body: HTTPResponseBody, into interpreter: inout UpstreamChunkInterpreter
  ) async -> ReplyStatus {
    var pump = Pump(interpreter: interpreter, limits: .standard)
    defer { interpreter = pump.interpreter }
    var finished = false
    do {
      for try await chunk in body where !finished {
        switch pump.push(chunk).1 {
        case nil: continue
        case .completed:
          // Read on to the body's end so a pooled connection stays usable.
          finished = true
        case .some(let outcome):
          body.cancel()
          return outcome
        }
      }
      return finished ? .completed : pump.end(failed: false).1
    } catch {
      return finished ? .completed : pump.end(failed: true).1
    }
  }
}

/// How many chunks a stream has relayed and when the latest arrived, shared by the relay
/// and its ticker.
private final class Activity: Sendable {
  private let state: Mutex<(count: Int, at: Date)>

  init(at start: Date) {
    state = Mutex((count: 0, at: start))
  }

  /// A chunk arrived at `date`.
  func note(_ date: Date) {
    state.withLock { $0 = (count: $0.count + 1, at: date) }
  }

  var count: Int { state.withLock { $0.count } }
  var snapshot: (count: Int, at: Date) { state.withLock { $0 } }
}

/// Lets the relay and its ticker take turns writing to the client, one write at a time, and
/// ends the ticker's writes when the stream is over. Taking a free turn costs one lock, no
/// task switch; only a write that meets the other's waits.
private final class WriteTurn: Sendable {
  private struct State {
    var busy = false
    var closed = false
    var clientLeft = false
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  /// Whether a write (the ticker's) found the client gone.
  var clientLeft: Bool { state.withLock { $0.clientLeft } }

  /// Notes that the client has gone.
  func noteClientLeft() {
    state.withLock { $0.clientLeft = true }
  }

  /// Writes `bytes` in its turn, unless the stream has ended or `when` says no once the
  /// turn is taken.
  /// - Throws: what `writer` throws.
  func write(
    _ bytes: [UInt8], to writer: any BackendBodyWriter, when: @Sendable () -> Bool = { true }
  ) async throws {
    await take()
    defer { pass() }
    guard !state.withLock({ $0.closed }), when() else { return }
    try await writer.write(bytes)
  }

  /// Ends the stream's writes once the one in progress (if any) is over.
  func close() async {
    await take()
    state.withLock { $0.closed = true }
    pass()
  }

  private func take() async {
    if state.withLock({ Self.claim(&$0) }) { return }
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      let free = state.withLock { current in
        if Self.claim(&current) { return true }
        current.waiting.append(waiter)
        return false
      }
      if free { waiter.resume() }
    }
  }

  /// Hands the turn to the first waiter, or frees it.
  private func pass() {
    let next = state.withLock { current -> CheckedContinuation<Void, Never>? in
      guard !current.waiting.isEmpty else {
        current.busy = false
        return nil
      }
      return current.waiting.removeFirst()
    }
    next?.resume()
  }

  private static func claim(_ state: inout State) -> Bool {
    guard !state.busy else { return false }
    state.busy = true
    return true
  }
}

/// The upstream's bytes in, the client's frames out.
private struct Pump {
  var interpreter: UpstreamChunkInterpreter
  var parser: ServerSentEventParser

  init(interpreter: UpstreamChunkInterpreter, limits: ServerSentEventLimits) {
    self.interpreter = interpreter
    self.parser = ServerSentEventParser(limits: limits)
  }

  /// The frames for `chunk`, and the outcome once the reply has ended.
  mutating func push(_ chunk: Data) -> ([UInt8], ReplyStatus?) {
    var frames: [UInt8] = []
    for event in parser.push(chunk) {
      switch interpreter.step(event) {
      case .forward(let json): ProxyEventFrames.appendData(json, to: &frames)
      case .skip: continue
      case .done:
        frames += ProxyEventFrames.done
        return (frames, .completed)
      case .failed(let message):
        frames += ProxyEventFrames.error(code: "upstream_error", message: message)
        return (frames, .upstreamError)
      }
    }
    if parser.limitExceeded != nil {
      frames += ProxyEventFrames.error(
        code: "upstream_error", message: "The model provider sent an oversized chunk.")
      return (frames, .upstreamError)
    }
    return (frames, nil)
  }

  /// The frames for the body's end: `[DONE]` when the reply had finished, else an error.
  mutating func end(failed: Bool) -> ([UInt8], ReplyStatus) {
    if !failed, !parser.hasIncompleteEvent, interpreter.hasFinished {
      return (ProxyEventFrames.done, .completed)
    }
    let message =
      failed
      ? "The connection to the model provider was lost." : "The model provider's reply was cut off."
    return (ProxyEventFrames.error(code: "upstream_error", message: message), .upstreamError)
  }
}
