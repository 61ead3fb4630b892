#if canImport(Glibc)
  import CEpoll
  import Foundation
  import Glibc

  /// One event loop's client connections (decision 208): the kept-alive idle ones per
  /// origin, and those carrying an exchange. Touched only on its loop's thread; the loop
  /// passes it the events of its descriptors and its timer ticks.
  final class LoopUpstreams {
    let epoll: Int32
    /// The loop's mailbox, where readers ask for a paused connection to be read on.
    let mailbox: LoopMailbox
    private let readBuffer: UnsafeMutableRawBufferPointer
    private var connections: [Int32: UpstreamConnection] = [:]
    private var idle: [UpstreamOrigin: [UpstreamConnection]] = [:]

    init(epoll: Int32, mailbox: LoopMailbox, readBuffer: UnsafeMutableRawBufferPointer) {
      self.epoll = epoll
      self.mailbox = mailbox
      self.readBuffer = readBuffer
    }

    /// The upstreams of the loop running on the calling thread.
    static var current: LoopUpstreams? { slot.current }

    /// Makes `upstreams` the calling thread's (`nil` when its loop stops).
    static func install(_ upstreams: LoopUpstreams?) { slot.install(upstreams) }

    private static let slot = LoopThreadSlot<LoopUpstreams>()

    /// Monotonic seconds, for the client's deadlines.
    static func uptime() -> Double {
      var time = timespec()
      clock_gettime(CLOCK_MONOTONIC, &time)
      return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Sends `bytes` for `exchange` on an idle connection to `origin`, or a new one.
    func start(_ exchange: UpstreamExchange, to origin: UpstreamOrigin, bytes: [UInt8]) {
      let startedAt = Self.uptime()
      while let connection = idle[origin]?.popLast() {
        // A kept connection the server has closed, or answered unasked (a 408 before it
        // closes an idle connection), is usually gone already: its event closed it. One
        // whose event has not been handled yet would hand that answer to this request; a
        // server only does so after seconds of idleness, so a connection kept longer than
        // a second is looked at first (a busy one, reused at once, costs no system call).
        // One closed too recently even for that fails before any answer and is replaced
        // then (`failOrRetry`).
        if startedAt - connection.lastActivity >= 1, !connection.isQuiet {
          close(connection)
          continue
        }
        return begin(exchange, on: connection, bytes: bytes, startedAt: startedAt)
      }
      open(exchange, to: origin, address: 0, bytes: bytes, startedAt: startedAt, retried: false)
    }

    private func open(
      _ exchange: UpstreamExchange, to origin: UpstreamOrigin, address: Int, bytes: [UInt8],
      startedAt: Double, retried: Bool
    ) {
      switch UpstreamConnection.connect(to: origin, address: address, limits: exchange.limits) {
      case .success(let connection):
        connections[connection.descriptor] = connection
        // Until the connect is done (and the request sent), the loop watches for output too.
        connection.interest = kiln_epoll_in | kiln_epoll_rdhup | kiln_epoll_out
        _ = kiln_epoll_ctl(epoll, kiln_epoll_add, connection.descriptor, connection.interest)
        connection.retried = retried
        begin(exchange, on: connection, bytes: bytes, startedAt: startedAt)
      case .failure(let error):
        // `localhost` has a second address to try.
        if address + 1 < origin.addresses.count {
          open(
            exchange, to: origin, address: address + 1, bytes: bytes, startedAt: startedAt,
            retried: retried)
        } else {
          exchange.fail(error)
        }
      }
    }

    private func begin(
      _ exchange: UpstreamExchange, on connection: UpstreamConnection, bytes: [UInt8],
      startedAt: Double
    ) {
      connection.begin(exchange, bytes: bytes, startedAt: startedAt)
      // Cancelled while its connection was being found: nothing is sent.
      guard exchange.attach(.init(descriptor: connection.descriptor, mailbox: mailbox)) else {
        return close(connection)
      }
      if connection.isConnected { write(connection) }
    }

    /// Handles epoll's `flags` for `descriptor`; `false` when it is not a client connection.
    func handle(_ descriptor: Int32, flags: UInt32) -> Bool {
      guard let connection = connections[descriptor] else { return false }
      guard connection.exchange != nil else {
        // An idle connection has nothing to read: the server closed it, or sent what it
        // must not.
        close(connection)
        return true
      }
      if flags & kiln_epoll_out != 0 {
        if !connection.isConnected {
          let code = connection.connectResult()
          guard code == 0 else {
            failOrRetry(connection, .connect(code))
            return true
          }
          // An event of the descriptor's previous owner, closed and its number reused in
          // this same pass, says nothing of this connect: it is done once it has a peer.
          guard connection.hasPeer else { return true }
          connection.isConnected = true
        }
        write(connection)
        guard connections[descriptor] === connection else { return true }
      }
      if flags & (kiln_epoll_in | kiln_epoll_rdhup | kiln_epoll_hup | kiln_epoll_err) != 0 {
        read(connection)
      }
      return true
    }

    private func write(_ connection: UpstreamConnection) {
      switch connection.writePending() {
      case .done, .blocked:
        updateInterest(connection)
      case .failed:
        // The server may have answered before it stopped reading (a 413 for a body it
        // refused): what it sent is read first, and decides.
        read(connection)
        guard connections[connection.descriptor] === connection, connection.exchange != nil
        else { return }
        if connection.hasNoResponse {
          failOrRetry(connection, .lost)
        } else {
          // Its answer has begun: it is read to its end (or the close), nothing more sent.
          connection.abandonWrite()
          updateInterest(connection)
        }
      }
    }

    private func read(_ connection: UpstreamConnection) {
      guard let exchange = connection.exchange else { return close(connection) }
      if exchange.isOver { return close(connection) }
      for _ in 0..<4 {
        let count = Glibc.read(connection.descriptor, readBuffer.baseAddress, readBuffer.count)
        if count > 0 {
          connection.lastActivity = Self.uptime()
          let outcome = connection.consume(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]))
          switch outcome {
          case .more:
            if count < readBuffer.count { return }
          case .paused:
            return updateInterest(connection)
          case .ended(let keep):
            guard !keep else { return keepIdle(connection) }
            // `Connection: close`, HTTP/1.0, bytes after the end: the answer is whole all
            // the same.
            close(connection)
            return exchange.finish()
          case .failed(let error):
            exchange.fail(error)
            return close(connection)
          }
        } else if count == 0 {
          return closedByServer(connection)
        } else if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
          return
        } else {
          // A reset is no end of a body, whatever its framing.
          return failOrRetry(connection, .lost)
        }
      }
    }

    /// The server closed the connection (or it broke): the end of a body that runs until
    /// the close, a request to send again on a new connection, or a failure.
    private func closedByServer(_ connection: UpstreamConnection) {
      guard let exchange = connection.exchange else { return close(connection) }
      switch connection.finishAtClose() {
      case .ended:
        close(connection)
        exchange.finish()
      case .failed(let error):
        failOrRetry(connection, error)
      case .more, .paused:
        // Not an outcome of a close; should one ever come, the reader is not left waiting.
        close(connection)
        exchange.fail(.lost)
      }
    }

    /// A kept connection that the server closed before answering any of the request is
    /// replaced once, as every HTTP client does: the server cannot have acted on a request
    /// it never read. Anything else fails the exchange.
    private func failOrRetry(_ connection: UpstreamConnection, _ error: UpstreamError) {
      guard let exchange = connection.exchange else { return close(connection) }
      let bytes = connection.request
      let startedAt = connection.startedAt
      let origin = connection.origin
      close(connection)
      if connection.wasReused && !connection.retried && connection.hasNoResponse {
        open(exchange, to: origin, address: 0, bytes: bytes, startedAt: startedAt, retried: true)
      } else if case .connect = error, connection.address + 1 < origin.addresses.count {
        // `localhost` has a second address to try.
        open(
          exchange, to: origin, address: connection.address + 1, bytes: bytes,
          startedAt: startedAt, retried: connection.retried)
      } else {
        exchange.fail(error)
      }
    }

    private func keepIdle(_ connection: UpstreamConnection) {
      let exchange = connection.exchange
      exchange?.detach()
      connection.endExchange(at: Self.uptime())
      exchange?.finish()
      // Cancelled just before it was let go: its socket may have been shut down.
      if exchange?.hasFailed == true { return close(connection) }
      var kept = idle[connection.origin, default: []]
      guard kept.count < connection.limits.idleConnections else { return close(connection) }
      updateInterest(connection)
      kept.append(connection)
      idle[connection.origin] = kept
    }

    /// Watches what `connection` waits for now: input unless its reader has asked for a
    /// pause (an idle connection's input is the server closing it), output while part of
    /// the request is unsent.
    private func updateInterest(_ connection: UpstreamConnection) {
      let paused = connection.exchange?.isReadingPaused == true
      let events =
        (paused ? 0 : kiln_epoll_in | kiln_epoll_rdhup)
        | (connection.hasPendingWrite ? kiln_epoll_out : 0)
      guard connection.interest != events else { return }
      connection.interest = events
      _ = kiln_epoll_ctl(epoll, kiln_epoll_mod, connection.descriptor, events)
    }

    /// Closes `connection` (its exchange, if any, has been told or is told by the caller).
    private func close(_ connection: UpstreamConnection) {
      connection.exchange?.detach()
      guard connections.removeValue(forKey: connection.descriptor) != nil else { return }
      if let kept = idle[connection.origin], kept.contains(where: { $0 === connection }) {
        idle[connection.origin] = kept.filter { $0 !== connection }
      }
      _ = kiln_epoll_ctl(epoll, kiln_epoll_del, connection.descriptor, 0)
      Glibc.close(connection.descriptor)
      connection.descriptor = -1
    }

    /// A reader took what a paused connection had read for it: read on.
    func readOn(_ exchange: UpstreamExchange) {
      // Paused again since the reader asked: a later take asks again.
      guard let descriptor = exchange.attachedDescriptor, let connection = connections[descriptor],
        connection.exchange === exchange, !exchange.isReadingPaused
      else { return }
      // The upstream was held back, not silent.
      connection.lastActivity = Self.uptime()
      updateInterest(connection)
    }

    /// Fails exchanges whose time ran out and closes idle connections kept too long.
    func checkTimers() {
      let now = Self.uptime()
      for connection in Array(connections.values) {
        if let exchange = connection.exchange {
          if exchange.isOver {
            close(connection)
          } else if let what = connection.expired(at: now) {
            close(connection)
            exchange.fail(.timedOut(what))
          }
        } else if now - connection.lastActivity >= connection.limits.idleSeconds {
          close(connection)
        }
      }
    }

    /// The loop is stopping, its clients gone: every exchange still open is cancelled (so
    /// no one sends its request again elsewhere), every connection closes.
    func closeAll() {
      for connection in Array(connections.values) {
        let exchange = connection.exchange
        close(connection)
        exchange?.fail(.cancelled)
      }
      idle = [:]
    }
  }
#endif
