import Core
import Foundation
import Networking
import Synchronization

/// Re-frames the upstream's event stream for the client with Kiln's own writer: each JSON
/// chunk as `data: …`, a `: keep-alive` comment after every keep-alive interval of upstream
/// silence, `data: [DONE]` after a finished reply, and a terminal error event for a failed
/// or cut-off one. Upstream comments and other fields never pass through.
///
/// A reader task pulls the upstream body and hands each chunk over, waiting until the
/// client's writer has taken it, so a slow client slows the upstream down (backpressure)
/// instead of filling memory. When the client goes away (`write` throws) the upstream
/// transfer is cancelled at once.
///
/// One ticker task serves the whole stream: a chunk only notes when it arrived, and the
/// ticker, when it wakes after a chunk came, sleeps on to a full interval after it. (Restarting
/// the ticker for every chunk cost a task start, a timer and a cancellation wake-up per
/// chunk, which dominated the relay's cost under load.)
struct StreamRelay: Sendable {
  let body: HTTPResponseBody
  let keepAliveInterval: Duration
  let sleep: @Sendable (Duration) async throws -> Void
  /// The time the silence is measured in (the same clock `sleep` waits on).
  let now: @Sendable () -> Date
  var limits = ServerSentEventLimits.standard

  private enum Input: Sendable {
    case bytes(Data, taken: CheckedContinuation<Void, Never>)
    case end
    case failed
    case tick(Int)
  }

  /// Relays the whole stream to `writer` and says how it ended.
  func run(writer: any BackendBodyWriter) async -> (ReplyStatus, UpstreamChunkInterpreter) {
    let (inputs, continuation) = AsyncStream<Input>.makeStream()
    let body = body
    let reader = Task {
      do {
        for try await chunk in body {
          await withCheckedContinuation { taken in
            if case .terminated = continuation.yield(.bytes(chunk, taken: taken)) {
              taken.resume()
            }
          }
        }
        continuation.yield(.end)
      } catch {
        continuation.yield(.failed)
      }
    }
    var iterator = inputs.makeAsyncIterator()
    var pump = Pump(interpreter: UpstreamChunkInterpreter(collectsText: false), limits: limits)
    let activity = Activity(at: now())
    let ticker = startTicker(activity, continuation)
    var status = ReplyStatus.upstreamError
    loop: while true {
      guard let input = await iterator.next() else {
        // Only cancellation of the producing task ends the inputs early.
        status = Task.isCancelled ? .cancelled : .upstreamError
        break
      }
      do {
        switch input {
        case .tick(let tick):
          if tick == activity.count { try await writer.write(ProxyEventFrames.keepAlive) }
        case .bytes(let chunk, let taken):
          activity.note(now())
          let (frames, outcome) = pump.push(chunk)
          taken.resume()
          if !frames.isEmpty { try await writer.write(frames) }
          if let outcome {
            status = outcome
            break loop
          }
        case .end, .failed:
          var failed = false
          if case .failed = input { failed = true }
          let (frames, outcome) = pump.end(failed: failed)
          try await writer.write(frames)
          status = outcome
          break loop
        }
      } catch {
        status = .cancelled
        break loop
      }
    }
    ticker.cancel()
    if status != .completed {
      body.cancel()
      reader.cancel()
    }
    // After `[DONE]` the reader reads the body to its end (nothing more is sent), so a
    // pooled upstream connection can be used again instead of being cut.
    continuation.finish()
    while let leftover = await iterator.next() {
      if case .bytes(_, let taken) = leftover { taken.resume() }
    }
    return (status, pump.interpreter)
  }

  /// The one ticker of a stream: a `.tick` after every keep-alive interval in which neither a
  /// chunk nor another tick came.
  private func startTicker(
    _ activity: Activity, _ continuation: AsyncStream<Input>.Continuation
  ) -> Task<Void, Never> {
    let interval = keepAliveInterval.timeInterval
    let sleep = sleep
    let now = now
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
        continuation.yield(.tick(count))
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
      case .forward(let json): frames += ProxyEventFrames.data(json)
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
