#if canImport(Glibc)
  import CEpoll
  import Foundation
  import Glibc
  import Synchronization

  /// One request's exchange with an upstream, between the event loop that reads its
  /// connection and the task that reads its response.
  ///
  /// The loop hands over the head, then the body in batches (everything that arrived since
  /// the reader last took); the reader waits for either. While more than
  /// `UpstreamLimits.bufferedBytes` wait for the reader, the loop stops reading the
  /// connection, so a slow reader holds the upstream back instead of filling memory.
  ///
  /// Any thread may read and cancel. The connection's descriptor is attached while the
  /// exchange owns it and only ever closed by its loop after detaching it, under the lock,
  /// so a reader's `shutdown` or `epoll_ctl` never reaches a descriptor that was closed
  /// (or reused).
  public final class UpstreamExchange: Sendable {
    struct Attachment {
      var descriptor: Int32
      var epoll: Int32
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
      do {
        return try await withTaskCancellationHandler {
          try await withCheckedThrowingContinuation { continuation in
            let ready = state.withLock { state -> Result<UpstreamResponseHead, UpstreamError>? in
              if let head = state.head { return .success(head) }
              if let failure = state.failure { return .failure(failure) }
              state.headWaiter = continuation
              return nil
            }
            if let ready { continuation.resume(with: ready) }
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

    /// The body's next batch (every chunk that arrived since the last one), waiting for one;
    /// `nil` at the end of the body.
    /// - Throws: `UpstreamError`; `.cancelled` when the calling task is cancelled.
    public func nextBatch() async throws(UpstreamError) -> [Data]? {
      if let batch = try takeArrived() { return batch }
      do {
        return try await withTaskCancellationHandler {
          try await withCheckedThrowingContinuation { continuation in
            let ready = state.withLock { state -> Result<[Data]?, UpstreamError>? in
              if let taken = Self.take(&state) { return taken }
              state.bodyWaiter = continuation
              return nil
            }
            if let ready { continuation.resume(with: ready) }
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

    /// The chunks that have arrived, without waiting; `nil` when none has (and the body
    /// has not ended: `nextBatch` then says how it ended).
    public func arrived() -> [Data]? {
      state.withLock { state in
        guard !state.chunks.isEmpty else { return nil }
        return (try? Self.take(&state)?.get()) ?? nil
      }
    }

    /// Stops the exchange: the reader's waits end with `.cancelled`, and the loop closes the
    /// connection instead of keeping it. Does nothing once the exchange has ended.
    public func cancel() {
      fail(.cancelled)
    }

    // MARK: - The reader's side

    private func takeArrived() throws(UpstreamError) -> [Data]? {
      let taken = state.withLock { state in Self.take(&state) }
      guard let taken else { return nil }
      switch taken {
      case .success(let batch): return batch ?? nil
      case .failure(let error): throw error
      }
    }

    /// The waiting chunks, the end (`.success(nil)`), the failure, or `nil` when the
    /// reader must wait. Taking chunks resumes a paused connection.
    private static func take(_ state: inout State) -> Result<[Data]?, UpstreamError>? {
      if !state.chunks.isEmpty {
        let batch = state.chunks
        state.chunks = []
        state.bufferedBytes = 0
        if state.readingPaused, let attachment = state.attachment {
          state.readingPaused = false
          _ = kiln_epoll_ctl(
            attachment.epoll, kiln_epoll_mod, attachment.descriptor,
            kiln_epoll_in | kiln_epoll_rdhup)
        }
        return .success(batch)
      }
      if let failure = state.failure { return .failure(failure) }
      if state.ended { return .success(nil) }
      return nil
    }

    // MARK: - The loop's side

    /// Whether the exchange has been cancelled or has failed.
    var isOver: Bool { state.withLock { $0.failure != nil || $0.ended } }

    var hasHead: Bool { state.withLock { $0.head != nil } }

    func attach(_ attachment: Attachment) {
      state.withLock { $0.attachment = attachment }
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
    /// reader has taken it.
    func deliver(body: Data) -> Bool {
      let (waiter, batch, pause) = state.withLock {
        state -> (CheckedContinuation<[Data]?, any Error>?, [Data], Bool) in
        guard state.failure == nil else { return (nil, [], false) }
        state.chunks.append(body)
        state.bufferedBytes += body.count
        guard let waiter = state.bodyWaiter else {
          let pause = state.bufferedBytes > limits.bufferedBytes
          if pause { state.readingPaused = true }
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

    /// The exchange failed (or was cancelled): both waits end with `error`, and a connection
    /// still attached is shut down so its loop sees it and closes it.
    func fail(_ error: UpstreamError) {
      let waiters = state.withLock {
        state -> (
          CheckedContinuation<UpstreamResponseHead, any Error>?,
          CheckedContinuation<[Data]?, any Error>?
        ) in
        guard state.failure == nil, !state.ended else { return (nil, nil) }
        state.failure = error
        state.chunks = []
        state.bufferedBytes = 0
        if let attachment = state.attachment, error == .cancelled {
          _ = Glibc.shutdown(attachment.descriptor, Int32(SHUT_RDWR))
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
