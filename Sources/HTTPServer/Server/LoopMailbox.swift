#if canImport(Glibc)
  import Core
  import Glibc
  import Synchronization

  /// Work sent to an event loop from other threads (responders, stream producers,
  /// `shutdown`). Everything else a loop touches is its own and needs no lock.
  enum LoopMessage: Sendable {
    case response(connection: Int, HTTPServerResponse)
    /// A stream's bytes, already counted in its `StreamCredit`, which also says which stream
    /// they belong to: bytes of a stream that has ended are dropped.
    case streamWrite(connection: Int, [UInt8], StreamCredit)
    case streamEnded(connection: Int)
    case streamFailed(connection: Int)
    case shutdown(deadlineSeconds: Double)
    /// A connection another loop accepted, handed over so connections spread evenly.
    case adopt(descriptor: Int32, peer: HTTPRemoteAddress?)
    /// An access-log line (its line feed included) of an answer made on a task, for the
    /// loop's batch (`AccessLogForwarding`).
    case accessLog(FileDescriptorAccessLogSink, [UInt8])
    /// A job of a task that runs on this loop (`LoopExecutor`).
    case job(UnownedJob)
    /// The reader of an upstream exchange took what its paused connection had read: the
    /// loop reads on (decision 208).
    case upstreamReadOn(UpstreamExchange)
  }

  /// A loop's inbox: a locked queue plus a pipe whose read end the loop's epoll watches.
  final class LoopMailbox: Sendable {
    private let pipe: WakePipe
    private let messages = Mutex<(queue: [LoopMessage], closed: Bool)>(([], false))

    init() throws {
      do {
        pipe = try WakePipe()
      } catch {
        throw Socket.Failure(call: "pipe", code: error.code)
      }
    }

    deinit {
      pipe.close()
    }

    /// The descriptor the loop's epoll watches for messages.
    var wakeReader: Int32 { pipe.reader }

    /// Queues a message and wakes the loop (a full pipe means it is already awake).
    ///
    /// Only the message that finds the queue empty writes to the pipe: the loop empties the
    /// pipe before it takes the queue, so it takes every message queued before that one's
    /// wake-up in the same pass. Under load this saves a system call and a wake-up per
    /// message.
    /// Returns `false`, queuing nothing, once the loop has stopped (see `seal`).
    @discardableResult
    func post(_ message: LoopMessage) -> Bool {
      let wasEmpty = messages.withLock { state -> Bool? in
        guard !state.closed else { return nil }
        state.queue.append(message)
        return state.queue.count == 1
      }
      guard let wasEmpty else { return false }
      guard wasEmpty else { return true }
      pipe.wake()
      return true
    }

    /// Everything queued so far, in order.
    func drain() -> [LoopMessage] {
      // Only the post that finds the queue empty writes a byte (see `WakePipe.drain`).
      pipe.drain()
      return messages.withLock { state in
        defer { state.queue.removeAll() }
        return state.queue
      }
    }

    /// Refuses every later message and returns those still queued: the loop has stopped.
    func seal() -> [LoopMessage] {
      messages.withLock { state in
        state.closed = true
        defer { state.queue.removeAll() }
        return state.queue
      }
    }
  }

  /// State every loop shares: the open-connection count and the shutdown latch.
  final class ServerShared: Sendable {
    let openConnections = Atomic<Int>(0)
    let metrics: HTTPServerMetrics
    /// The most bytes one streaming connection has had waiting for its client.
    let largestStreamBuffer = Atomic<Int>(0)
    /// Counts accepted connections; the loop that takes the next one is this modulo the
    /// number of loops.
    let acceptedConnections = Atomic<Int>(0)
    private let running = Mutex<(loops: Int, waiters: [CheckedContinuation<Void, Never>])>(
      (0, []))

    init(metrics: HTTPServerMetrics) { self.metrics = metrics }

    func loopStarted() { running.withLock { $0.loops += 1 } }

    /// Reserves `bytes` of the body budget `limit` (counted in the metrics' held body
    /// bytes); `false`, reserving nothing, when they do not fit.
    func reserveBody(_ bytes: Int, limit: Int) -> Bool {
      guard bytes > 0 else { return true }
      var reserved = metrics.heldBodyBytes.load(ordering: .relaxed)
      while true {
        guard bytes <= limit - reserved else { return false }
        let (exchanged, found) = metrics.heldBodyBytes.compareExchange(
          expected: reserved, desired: reserved + bytes, ordering: .relaxed)
        if exchanged { return true }
        reserved = found
      }
    }

    /// Counts `bytes` already in memory whatever the budget says (a body's last read, which
    /// can pass its share by at most one read).
    func holdBody(_ bytes: Int) {
      if bytes > 0 { metrics.heldBodyBytes.add(bytes, ordering: .relaxed) }
    }

    /// Gives back what `reserveBody` reserved.
    func releaseBody(_ bytes: Int) {
      if bytes > 0 { metrics.heldBodyBytes.subtract(bytes, ordering: .relaxed) }
    }

    /// For a loop that could not start: no connection is handed to it any more, and those
    /// already handed over close.
    func closeUnstartedMailbox(_ mailbox: LoopMailbox) {
      for case .adopt(let descriptor, _) in mailbox.seal() {
        close(descriptor)
        openConnections.subtract(1, ordering: .relaxed)
        metrics.openConnections.subtract(1, ordering: .relaxed)
      }
    }

    func loopFinished() {
      let waiters = running.withLock { state -> [CheckedContinuation<Void, Never>] in
        state.loops -= 1
        guard state.loops == 0 else { return [] }
        defer { state.waiters = [] }
        return state.waiters
      }
      for waiter in waiters { waiter.resume() }
    }

    /// Returns once every loop has finished.
    func waitForLoops() async {
      await withCheckedContinuation { continuation in
        let finished = running.withLock { state -> Bool in
          if state.loops == 0 { return true }
          state.waiters.append(continuation)
          return false
        }
        if finished { continuation.resume() }
      }
    }
  }

  /// The writer of a stream whose client has already gone.
  struct GoneBodyWriter: HTTPBodyWriter {
    func write(_ bytes: [UInt8]) async throws { throw HTTPBodyWriterError.clientGone }
  }

  /// The writer a streamed response's producer gets: each write is posted to the loop, and
  /// the producer waits only while the connection holds more than its limit.
  struct ConnectionBodyWriter: HTTPBodyWriter {
    let mailbox: LoopMailbox
    let connection: Int
    let credit: StreamCredit
    /// Whether the head waits for the body: an empty write then goes to the loop, which
    /// sends the head.
    let headWaitsForBody: Bool

    func write(_ bytes: [UInt8]) async throws {
      // Nothing to send, but a client that has gone is still reported.
      guard !bytes.isEmpty || headWaitsForBody else {
        _ = try credit.reserve(0)
        return
      }
      let room = try credit.reserve(StreamCredit.cost(of: bytes.count))
      guard mailbox.post(.streamWrite(connection: connection, bytes, credit)) else {
        throw HTTPBodyWriterError.clientGone
      }
      if !room { try await credit.waitForRoom() }
    }
  }
#endif
