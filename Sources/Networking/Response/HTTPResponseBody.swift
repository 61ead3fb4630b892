import Foundation
import Synchronization

/// The body of a streaming response: an `AsyncSequence` of byte chunks, in arrival order.
///
/// Iterate it once. The transfer stops as soon as the body is abandoned: when the loop ends
/// early (`break`, a thrown error), when the consuming task is cancelled, when `cancel()` is
/// called, or when the last copy of the body is dropped without being read to the end.
/// It throws `HTTPError` (`.transport` for a lost connection or an idle timeout,
/// `.cancelled`).
public struct HTTPResponseBody: AsyncSequence, Sendable {
  /// A chunk of bytes.
  public typealias Element = Data

  /// A pull of the chunks that have arrived, without waiting (`nil`: none yet).
  public typealias ArrivedPull = @Sendable () -> [Data]?

  private enum Source: Sendable {
    case stream(AsyncThrowingStream<Data, any Error>)
    case batches(@Sendable () async throws -> [Data]?, arrived: ArrivedPull?)
  }

  private let source: Source
  private let lifetime: Lifetime

  /// A body over `chunks`; `onCancel` runs once when the body is abandoned before its end
  /// (it must stop whatever produces the chunks).
  public init(
    chunks: AsyncThrowingStream<Data, any Error>, onCancel: @escaping @Sendable () -> Void
  ) {
    self.source = .stream(chunks)
    self.lifetime = Lifetime(onCancel: onCancel)
  }

  /// A body whose chunks are pulled one at a time with `next` (which returns `nil` at the
  /// end and must itself stop early when the calling task is cancelled); `onCancel` runs once
  /// when the body is abandoned before its end.
  ///
  /// Unlike a stream, nothing is produced until the reader asks for it, so a producer can
  /// apply backpressure.
  public init(
    next: @escaping @Sendable () async throws -> Data?, onCancel: @escaping @Sendable () -> Void
  ) {
    self.init(batches: { try await next().map { [$0] } }, onCancel: onCancel)
  }

  /// A body whose chunks are pulled in batches (everything that arrived since the last
  /// pull; `nil` at the end), handed out one at a time: what `init(next:onCancel:)` does,
  /// without a wait per chunk when the reader has fallen behind. `arrived`, when given,
  /// takes what has arrived without waiting, for `Iterator.nextWithoutWaiting()`.
  public init(
    batches next: @escaping @Sendable () async throws -> [Data]?,
    arrived: ArrivedPull? = nil,
    onCancel: @escaping @Sendable () -> Void
  ) {
    self.source = .batches(next, arrived: arrived)
    self.lifetime = Lifetime(onCancel: onCancel)
  }

  /// A body that yields `data` as one chunk (none when empty) and ends.
  public static func bytes(_ data: Data) -> HTTPResponseBody {
    let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
    if !data.isEmpty { continuation.yield(data) }
    continuation.finish()
    return HTTPResponseBody(chunks: stream, onCancel: {})
  }

  /// Stops the transfer; iteration then ends with `HTTPError.cancelled` or finishes.
  public func cancel() {
    lifetime.cancel()
  }

  /// Reads every remaining chunk into one `Data`.
  /// - Throws: what the body throws.
  public func collect() async throws -> Data {
    var data = Data()
    for try await chunk in self { data.append(chunk) }
    return data
  }

  /// Creates the iterator; the body should be iterated once.
  public func makeAsyncIterator() -> Iterator {
    switch source {
    case .stream(let chunks):
      Iterator(base: .stream(chunks.makeAsyncIterator()), iteration: Iteration(lifetime: lifetime))
    case .batches(let next, let arrived):
      Iterator(
        base: .batches(next, arrived: arrived, []), iteration: Iteration(lifetime: lifetime))
    }
  }

  /// Iterates the chunks.
  public struct Iterator: AsyncIteratorProtocol {
    fileprivate enum Base {
      case stream(AsyncThrowingStream<Data, any Error>.Iterator)
      /// The pull, the pull that does not wait, and the chunks of the last batch not yet
      /// handed out.
      case batches(
        @Sendable () async throws -> [Data]?, arrived: HTTPResponseBody.ArrivedPull?,
        ArraySlice<Data>)
    }

    fileprivate var base: Base
    fileprivate let iteration: Iteration

    /// The next chunk, or `nil` at the end.
    /// - Throws: `HTTPError` when the transfer fails or is cancelled.
    public mutating func next() async throws -> Data? {
      do {
        let chunk: Data?
        switch base {
        case .stream(var iterator):
          chunk = try await iterator.next()
          base = .stream(iterator)
        case .batches(let pull, let arrived, var buffered):
          while buffered.isEmpty, let batch = try await pull() { buffered = batch[...] }
          chunk = buffered.popFirst()
          base = .batches(pull, arrived: arrived, buffered)
        }
        if chunk == nil { iteration.lifetime.markFinished() }
        return chunk
      } catch {
        iteration.lifetime.markFinished()
        throw error
      }
    }

    /// The next chunk of the batch already taken, without waiting; `nil` when the batch is
    /// used up (`next()` or `nextWithoutWaiting()` then take the next). A reader that sends
    /// a batch on at once so handles at most one batch per send, which keeps the flow
    /// control's bound.
    public mutating func nextIfArrived() -> Data? {
      guard case .batches(let pull, let arrived, var buffered) = base,
        let chunk = buffered.popFirst()
      else { return nil }
      base = .batches(pull, arrived: arrived, buffered)
      return chunk
    }

    /// The next chunk if it has arrived (from the batch already taken, or else a new batch
    /// of what the transfer has delivered), without waiting; `nil` when the reader would
    /// have to wait for it (or the body has ended: `next()` then says which).
    public mutating func nextWithoutWaiting() -> Data? {
      if let chunk = nextIfArrived() { return chunk }
      guard case .batches(let pull, let arrived, _) = base, let batch = arrived?(),
        !batch.isEmpty
      else { return nil }
      var buffered = batch[...]
      let chunk = buffered.popFirst()
      base = .batches(pull, arrived: arrived, buffered)
      return chunk
    }
  }
}

/// Lives as long as an iterator: when a loop is left early (`break`, a thrown error) the
/// iterator goes away before the end, and the transfer is cancelled at once, even though the
/// response value that owns the body may still be in scope.
private final class Iteration: Sendable {
  let lifetime: Lifetime

  init(lifetime: Lifetime) {
    self.lifetime = lifetime
  }

  deinit {
    lifetime.cancel()
  }
}

/// Calls its cancel action once, when asked to or when the last reference goes away before
/// the body was read to its end.
private final class Lifetime: Sendable {
  private let onCancel: Mutex<(@Sendable () -> Void)?>

  init(onCancel: @escaping @Sendable () -> Void) {
    self.onCancel = Mutex(onCancel)
  }

  func cancel() {
    let action = onCancel.withLock { action in
      defer { action = nil }
      return action
    }
    action?()
  }

  func markFinished() {
    onCancel.withLock { $0 = nil }
  }

  deinit {
    cancel()
  }
}
