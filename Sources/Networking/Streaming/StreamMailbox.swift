import Foundation

/// The hand-over point between a transfer running on its own thread and the task that reads
/// the response: the head, then body chunks through a bounded buffer, then the end.
///
/// The buffer is what gives a stream flow control. When it holds half the `capacity` the
/// transfer thread waits in `deliver(_:)` and stops reading the socket, so the kernel's
/// receive window fills and the sender slows down to the reader's pace. The reader takes
/// the buffer whole (`nextChunks()`) and may still hold that batch while the buffer fills
/// again, so a stream holds at most `capacity` plus one chunk, however fast the server
/// sends. A pooled
/// transfer, which shares its thread with every other, never waits: `offer(bytes:)` refuses the
/// chunk when the buffer is full, the transfer pauses, and the room handler resumes it.
///
/// Either side may end the exchange. `cancel(_:)` (the reader left, or a deadline passed)
/// resumes whoever waits at once and tells the transfer to stop; `finish(_:)` is the
/// transfer's own end.
final class StreamMailbox: @unchecked Sendable {
  // @unchecked: every stored property below `condition` is read and written only while
  // `condition` is locked; continuations are resumed after unlocking.

  private enum HeadState {
    case waiting(CheckedContinuation<ResponseHead, any Error>?)
    case delivered
  }

  private let condition = NSCondition()
  /// What the buffer may hold: half the capacity (see above).
  private let limit: Int
  private var head: HeadState = .waiting(nil)
  private var chunks: [Data] = []
  private var bufferedBytes = 0
  private var reader: CheckedContinuation<[Data]?, any Error>?
  private var end: HTTPError??
  private var abortReason: HTTPError?
  private var waker: (@Sendable () -> Void)?
  /// Pooled transfers: runs once the reader has taken a full buffer (see `offer`).
  private var roomHandler: (@Sendable () -> Void)?
  private var wantsRoom = false

  /// A mailbox that lets the transfer run at most `capacity` bytes ahead of the reader.
  init(capacity: Int) {
    self.limit = max(1, capacity / 2)
  }

  // MARK: - Reader side

  /// Waits for a 2xx response head. `start` runs once the wait is registered, so a head can
  /// never arrive before anyone listens; it runs even when the reader was cancelled first, so
  /// the transfer can report how the exchange ended (it then sees `cancellation` set).
  /// - Throws: `HTTPError` (`.status`, `.transport`, `.cancelled`).
  func waitForHead(start: @escaping @Sendable () -> Void) async throws -> ResponseHead {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        condition.lock()
        if let abortReason {
          condition.unlock()
          continuation.resume(throwing: abortReason)
          start()
          return
        }
        head = .waiting(continuation)
        condition.unlock()
        start()
      }
    } onCancel: {
      cancel(.cancelled)
    }
  }

  /// The body chunks that arrived since the last call, oldest first (never empty), or `nil`
  /// at the end: a reader that fell behind takes everything buffered in one step instead of
  /// one wake-up per chunk.
  /// - Throws: the transfer's `HTTPError`, or `.cancelled`.
  func nextChunks() async throws -> [Data]? {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        condition.lock()
        if let taken = takeChunksLocked() {
          let room = takeRoomHandlerLocked()
          condition.unlock()
          room?()
          continuation.resume(returning: taken)
        } else if let abortReason {
          condition.unlock()
          continuation.resume(throwing: abortReason)
        } else if let end {
          condition.unlock()
          if let failure = end {
            continuation.resume(throwing: failure)
          } else {
            continuation.resume(returning: nil)
          }
        } else {
          reader = continuation
          condition.unlock()
        }
      }
    } onCancel: {
      cancel(.cancelled)
    }
  }

  /// The chunks buffered now, without waiting: `nil` when none has arrived (the end and
  /// failures are left for `nextChunks()` to report).
  func chunksIfArrived() -> [Data]? {
    condition.lock()
    guard abortReason == nil, let taken = takeChunksLocked() else {
      condition.unlock()
      return nil
    }
    let room = takeRoomHandlerLocked()
    condition.unlock()
    room?()
    return taken
  }

  /// Ends the exchange with `reason` unless it has already ended: whoever waits is resumed
  /// with it, the transfer is woken and stops at its next step.
  /// - Parameter keepingBuffered: whether chunks already buffered are still handed out before
  ///   `reason` (a timeout: everything that arrived is kept) or dropped (the reader left).
  func cancel(_ reason: HTTPError, keepingBuffered: Bool = false) {
    condition.lock()
    guard abortReason == nil, end == nil else {
      condition.unlock()
      return
    }
    abortReason = reason
    if !keepingBuffered {
      chunks.removeAll()
      bufferedBytes = 0
    }
    let headWaiter = takeHeadWaiterLocked()
    let readerWaiter = reader
    reader = nil
    condition.broadcast()
    // Under the lock: the transfer clears its waker (taking this lock) before it frees what
    // the waker touches, so the call can never reach a freed handle.
    waker?()
    condition.unlock()
    headWaiter?.resume(throwing: reason)
    readerWaiter?.resume(throwing: reason)
  }

  // MARK: - Transfer side

  /// Why the exchange was abandoned, if it was; the transfer stops when this is set.
  var cancellation: HTTPError? {
    condition.lock()
    defer { condition.unlock() }
    return abortReason
  }

  /// Sets what wakes the transfer thread when it sleeps waiting for the network. The waker
  /// runs with the mailbox locked, so it must not block or call back into the mailbox; clear
  /// it before freeing anything it uses.
  func setWaker(_ waker: (@Sendable () -> Void)?) {
    condition.lock()
    self.waker = waker
    condition.unlock()
  }

  /// Hands a 2xx head to the reader.
  func deliverHead(_ response: ResponseHead) {
    condition.lock()
    let waiter = takeHeadWaiterLocked()
    condition.unlock()
    waiter?.resume(returning: response)
  }

  /// Hands `chunk` to the reader, waiting while the buffer is full.
  /// - Parameter deadline: when the wait for room gives up (the exchange's total deadline).
  /// - Returns: `true` when the chunk was taken; `false` when the exchange was abandoned or
  ///   `deadline` passed first (then `cancellation` says why).
  func deliver(_ chunk: Data, deadline: Date?, expired: HTTPError) -> Bool {
    condition.lock()
    while true {
      if abortReason != nil {
        condition.unlock()
        return false
      }
      if let waiter = reader {
        reader = nil
        condition.unlock()
        waiter.resume(returning: [chunk])
        return true
      }
      if bufferedBytes < limit {
        chunks.append(chunk)
        bufferedBytes += chunk.count
        condition.unlock()
        return true
      }
      if let deadline {
        if !condition.wait(until: deadline) && Date() >= deadline {
          condition.unlock()
          cancel(expired, keepingBuffered: true)
          return false
        }
      } else {
        condition.wait()
      }
    }
  }

  /// What `offer(bytes:)` did with a chunk.
  enum Offer: Equatable {
    /// The reader has it, or it is buffered.
    case taken
    /// The buffer is full: nothing was kept. The room handler runs once the reader has
    /// taken what the buffer held, and the transfer offers the chunk again then.
    case full
    /// The exchange was abandoned (`cancellation` says why).
    case abandoned
  }

  /// Hands `bytes` to the reader or the buffer without waiting, for a transfer that shares
  /// its thread with others and pauses itself instead of blocking. The bytes are the
  /// caller's (libcurl's buffer): copied only once taken, and added to the last chunk still
  /// waiting when there is one, so the many small pieces of one network read reach the
  /// reader as one chunk, not one allocation each.
  func offer(bytes: UnsafeRawBufferPointer) -> Offer {
    condition.lock()
    if abortReason != nil {
      condition.unlock()
      return .abandoned
    }
    if let waiter = reader {
      reader = nil
      condition.unlock()
      waiter.resume(returning: [Data(bytes)])
      return .taken
    }
    guard bufferedBytes < limit else {
      wantsRoom = true
      condition.unlock()
      return .full
    }
    if chunks.isEmpty {
      chunks.append(Data(bytes))
    } else {
      chunks[chunks.count - 1].append(contentsOf: bytes)
    }
    bufferedBytes += bytes.count
    condition.unlock()
    return .taken
  }

  /// Sets what runs, once per `.full` offer, when the reader has made room again. It runs
  /// on the reader's thread without the mailbox locked, so it must not block.
  func setRoomHandler(_ handler: (@Sendable () -> Void)?) {
    condition.lock()
    roomHandler = handler
    condition.unlock()
  }

  /// The transfer's own end: `nil` for a complete body, else the failure. Before a head was
  /// delivered the failure goes to the head's waiter.
  func finish(_ failure: HTTPError?) {
    condition.lock()
    guard abortReason == nil, end == nil else {
      condition.unlock()
      return
    }
    if case .waiting = head {
      let reason =
        failure
        ?? .transport(
          code: URLErrorCode.badServerResponse,
          message: "The server closed the exchange without a response")
      abortReason = reason
      let waiter = takeHeadWaiterLocked()
      condition.unlock()
      waiter?.resume(throwing: reason)
      return
    }
    end = .some(failure)
    let waiter = chunks.isEmpty ? reader : nil
    if waiter != nil { reader = nil }
    condition.unlock()
    if let waiter {
      if let failure {
        waiter.resume(throwing: failure)
      } else {
        waiter.resume(returning: nil)
      }
    }
  }

  /// Slots the buffer's storage holds, taken or not (for tests: it must stay small).
  var retainedSlots: Int {
    condition.lock()
    defer { condition.unlock() }
    return chunks.count
  }

  /// Whether a reader waits for the next chunk (for tests).
  var hasWaitingReader: Bool {
    condition.lock()
    defer { condition.unlock() }
    return reader != nil
  }

  // MARK: - Private

  /// Everything buffered, handed out whole: nothing taken stays referenced here.
  private func takeChunksLocked() -> [Data]? {
    guard !chunks.isEmpty else { return nil }
    let taken = chunks
    chunks = []
    bufferedBytes = 0
    condition.signal()
    return taken
  }

  private func takeRoomHandlerLocked() -> (@Sendable () -> Void)? {
    guard wantsRoom else { return nil }
    wantsRoom = false
    return roomHandler
  }

  private func takeHeadWaiterLocked() -> CheckedContinuation<ResponseHead, any Error>? {
    guard case .waiting(let waiter) = head else { return nil }
    head = .delivered
    return waiter
  }
}
