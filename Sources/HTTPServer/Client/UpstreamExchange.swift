#if canImport(Glibc)
  import Foundation
  import Glibc
  import Synchronization

  /// One request's exchange with an upstream, between the event loop that reads its
  /// connection and the task that reads its response.
  ///
  /// The loop hands over the head, then the body in batches (everything that arrived since
  /// the reader last took); the reader waits for either. While more than
  /// `UpstreamLimits.bufferedBytes` wait for the reader, the loop stops reading the
  /// connection, so a slow reader holds the upstream back instead of filling memory; the
  /// reader that takes them asks the loop, through its mailbox, to read on. Only the loop
  /// changes what epoll watches.
  ///
  /// Any thread may read and cancel. The connection's descriptor is attached while the
  /// exchange owns it and only ever closed by its loop after detaching it, under the lock,
  /// so a cancel's `shutdown` never reaches a descriptor that was closed (or reused).
  public final class UpstreamExchange: Sendable {
    struct Attachment {
      var descriptor: Int32
      /// The mailbox of the loop that reads the connection.
      var mailbox: LoopMailbox
    }

    private struct State {
      var head: UpstreamResponseHead?
      var headWaiter: CheckedContinuation<UpstreamResponseHead, any Error>?
      var chunks: [Data] = []
      var bufferedBytes = 0
      var bodyWaiter: CheckedContinuation<[Data]?, any Error>?
      var ended = false
      var failure: UpstreamError?
      var readingPaused = false
      var attachment: Attachment?
      /// When the reader last let a paused connection be read on (monotonic seconds).
      var lastReadOn: Double = 0
      /// How often reading paused, and the most bytes that waited for the reader.
      var pauses = 0
      var peakBufferedBytes = 0
    }

    let request: UpstreamRequest
    let limits: UpstreamLimits
    private let state = Mutex(State())

    init(request: UpstreamRequest, limits: UpstreamLimits) {
      self.request = request
      self.limits = limits
    }

    /// Waits for the response head.
    /// - Throws: `UpstreamError`; `.cancelled` when the calling task is cancelled.
    public func head() async throws(UpstreamError) -> UpstreamResponseHead {
      try await wait { continuation in
        state.withLock { state in
          if let head = state.head { return .success(head) }
          if let failure = state.failure { return .failure(failure) }
          state.headWaiter = continuation
          return nil
        }
      }
    }

    /// The body's next batch (every chunk that arrived since the last one), waiting for one;
    /// `nil` at the end of the body. Chunks that arrived before a failure come first.
    /// - Throws: `UpstreamError`; `.cancelled` when the calling task is cancelled.
    public func nextBatch() async throws(UpstreamError) -> [Data]? {
      if let taken = take() { return try taken.get() }
      return try await wait { continuation in
        take { state in state.bodyWaiter = continuation }
      }
    }

    /// What `ready` answers at once, or else (having registered the continuation) what the
    /// loop resumes it with; cancelling the calling task cancels the exchange.
    private func wait<Value: Sendable>(
      _ ready: (CheckedContinuation<Value, any Error>) -> Result<Value, UpstreamError>?
    ) async throws(UpstreamError) -> Value {
      do {
        return try await withTaskCancellationHandler {
          try await withCheckedThrowingContinuation { continuation in
            if let answer = ready(continuation) { continuation.resume(with: answer) }
          }
        } onCancel: {
          cancel()
        }
      } catch let error as UpstreamError {
        throw error
      } catch {
        throw .cancelled
      }
    }

    /// The chunks that have arrived, without waiting; `nil` when none has (`nextBatch`
    /// then says whether more come).
    public func arrived() -> [Data]? {
      guard case .success(let batch?) = take() else { return nil }
      return batch
    }

    /// Stops the exchange: the reader's waits end with `.cancelled`, and the loop closes the
    /// connection instead of keeping it. Does nothing once the exchange has ended.
    public func cancel() {
      fail(.cancelled)
    }

    // MARK: - The reader's side

    /// The waiting chunks, the end (`.success(nil)`), the failure, or `nil` when the reader
    /// must wait (`wait` then runs under the same lock, to register the waiter). Taking
    /// chunks from a paused connection asks its loop to read on.
    private func take(
      orElse wait: (inout State) -> Void = { _ in }
    ) -> Result<[Data]?, UpstreamError>? {
      let (taken, resume) = state.withLock {
        state -> (Result<[Data]?, UpstreamError>?, Attachment?) in
        if !state.chunks.isEmpty {
          let batch = state.chunks
          state.chunks = []
          state.bufferedBytes = 0
          var resume: Attachment?
          if state.readingPaused {
            state.readingPaused = false
            // The upstream was held back until now, not silent.
            state.lastReadOn = LoopUpstreams.uptime()
            resume = state.attachment
          }
          return (.success(batch), resume)
        }
        if let failure = state.failure { return (.failure(failure), nil) }
        if state.ended { return (.success(nil), nil) }
        wait(&state)
        return (nil, nil)
      }
      if let resume { resume.mailbox.post(.upstreamReadOn(self)) }
      return taken
    }

    // MARK: - The loop's side

    /// Whether the exchange has failed or been cancelled.
    var hasFailed: Bool { state.withLock { $0.failure != nil } }

    /// Whether the exchange has failed, been cancelled or ended.
    var isOver: Bool { state.withLock { $0.failure != nil || $0.ended } }

    /// How often the loop stopped reading for the reader, and the most bytes that waited.
    var flowStatistics: (pauses: Int, peakBufferedBytes: Int) {
      state.withLock { ($0.pauses, $0.peakBufferedBytes) }
    }

    /// The descriptor of the connection the exchange owns, if any.
    var attachedDescriptor: Int32? { state.withLock { $0.attachment?.descriptor } }

    /// Since when the upstream has been silent, given its connection's last read: not
    /// before the reader last let a paused connection be read on, and `nil` while it holds
    /// the upstream back (silence then is the reader's, not the upstream's).
    func upstreamSilentSince(_ lastRead: Double) -> Double? {
      state.withLock { $0.readingPaused ? nil : max(lastRead, $0.lastReadOn) }
    }

    /// Whether the loop has stopped reading for this exchange's reader.
    var isReadingPaused: Bool { state.withLock { $0.readingPaused } }

    /// Gives the exchange its connection; `false` when it is already over (cancelled while
    /// a connection was being found), and the connection must not be used for it.
    func attach(_ attachment: Attachment) -> Bool {
      state.withLock { state in
        guard state.failure == nil, !state.ended else { return false }
        state.attachment = attachment
        return true
      }
    }

    /// Lets go of the connection before the loop closes or keeps it.
    func detach() {
      state.withLock { $0.attachment = nil }
    }

    func deliver(head: UpstreamResponseHead) {
      let waiter = state.withLock { state in
        state.head = head
        defer { state.headWaiter = nil }
        return state.headWaiter
      }
      waiter?.resume(returning: head)
    }

    /// Hands `body` to the reader; returns whether the loop should stop reading until the
    /// reader has taken it (the reader then posts `.upstreamReadOn`).
    func deliver(body: Data) -> Bool {
      let (waiter, batch, pause) = state.withLock {
        state -> (CheckedContinuation<[Data]?, any Error>?, [Data], Bool) in
        guard state.failure == nil else { return (nil, [], false) }
        state.chunks.append(body)
        state.bufferedBytes += body.count
        state.peakBufferedBytes = max(state.peakBufferedBytes, state.bufferedBytes)
        guard let waiter = state.bodyWaiter else {
          let pause = state.bufferedBytes > limits.bufferedBytes
          if pause {
            state.readingPaused = true
            state.pauses += 1
          }
          return (nil, [], pause)
        }
        state.bodyWaiter = nil
        defer {
          state.chunks = []
          state.bufferedBytes = 0
        }
        return (waiter, state.chunks, false)
      }
      waiter?.resume(returning: batch)
      return pause
    }

    /// The body ended.
    func finish() {
      let waiter = state.withLock { state -> CheckedContinuation<[Data]?, any Error>? in
        guard state.failure == nil else { return nil }
        state.ended = true
        state.attachment = nil
        guard state.chunks.isEmpty else { return nil }
        defer { state.bodyWaiter = nil }
        return state.bodyWaiter
      }
      waiter?.resume(returning: nil)
    }

    /// The exchange failed (or was cancelled): both waits end with `error`, after the
    /// chunks that already arrived unless it was cancelled, and a connection still attached
    /// to a cancelled exchange is shut down so its loop sees it and closes it.
    func fail(_ error: UpstreamError) {
      let waiters = state.withLock {
        state -> (
          CheckedContinuation<UpstreamResponseHead, any Error>?,
          CheckedContinuation<[Data]?, any Error>?
        ) in
        guard state.failure == nil, !state.ended else { return (nil, nil) }
        state.failure = error
        if error == .cancelled {
          state.chunks = []
          state.bufferedBytes = 0
          if let attachment = state.attachment {
            _ = Glibc.shutdown(attachment.descriptor, Int32(SHUT_RDWR))
          }
        }
        defer {
          state.headWaiter = nil
          state.bodyWaiter = nil
        }
        return (state.headWaiter, state.bodyWaiter)
      }
      waiters.0?.resume(throwing: error)
      waiters.1?.resume(throwing: error)
    }
  }
#endif
