import Foundation
import Networking

/// Re-frames the upstream's event stream for the client with Kiln's own writer: each JSON
/// chunk as `data: …`, a `: keep-alive` comment after every keep-alive interval of upstream
/// silence, `data: [DONE]` after a finished reply, and a terminal error event for a failed
/// or cut-off one. Upstream comments and other fields never pass through.
///
/// A reader task pulls the upstream body and hands each chunk over, waiting until the
/// client's writer has taken it, so a slow client slows the upstream down (backpressure)
/// instead of filling memory. When the client goes away (`write` throws) the upstream
/// transfer is cancelled at once.
struct StreamRelay: Sendable {
  let body: HTTPResponseBody
  let keepAliveInterval: Duration
  let sleep: @Sendable (Duration) async throws -> Void
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
    var generation = 0
    var ticker = startTicker(generation, continuation)
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
          if tick == generation { try await writer.write(ProxyEventFrames.keepAlive) }
        case .bytes(let chunk, let taken):
          generation += 1
          ticker.cancel()
          ticker = startTicker(generation, continuation)
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

  private func startTicker(
    _ generation: Int, _ continuation: AsyncStream<Input>.Continuation
  ) -> Task<Void, Never> {
    let interval = keepAliveInterval
    let sleep = sleep
    return Task {
      while !Task.isCancelled {
        do {
          try await sleep(interval)
        } catch {
          return
        }
        continuation.yield(.tick(generation))
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
