#if canImport(Glibc)
  import Foundation
  import CEpoll
  import Glibc

  /// One thread's epoll loop: it accepts from the shared listener, reads, parses, writes
  /// and times out its own connections. Nothing here is shared with other threads; work
  /// from responders and producers arrives through the mailbox.
  final class EventLoop {
    let epoll: Int32
    let listener: Int32
    let mailbox: LoopMailbox
    /// Every loop's mailbox, this one's at `index`: accepted connections are handed round.
    let mailboxes: [LoopMailbox]
    let index: Int
    let configuration: HTTPServerConfiguration
    let responder: HTTPOutcomeResponder
    let shared: ServerShared
    var connections: [Int32: Connection] = [:]
    var descriptors: [Int: Int32] = [:]
    var nextID = 0
    var shutdownDeadline: Double?
    var cachedDate: (second: Int, text: String) = (-1, "")
    /// Bytes moved since the last wake-up, added to the shared metrics once per wake-up.
    var bytesRead = 0
    var bytesWritten = 0
    let readBuffer: UnsafeMutableRawBufferPointer

    init(
      listener: Int32, mailboxes: [LoopMailbox], index: Int,
      configuration: HTTPServerConfiguration, responder: @escaping HTTPOutcomeResponder,
      shared: ServerShared
    ) throws {
      let epoll = kiln_epoll_create()
      guard epoll >= 0 else { throw Socket.Failure(call: "epoll_create1", code: errno) }
      self.epoll = epoll
      self.listener = listener
      self.mailbox = mailboxes[index]
      self.mailboxes = mailboxes
      self.index = index
      self.configuration = configuration
      self.responder = responder
      self.shared = shared
      readBuffer = .allocate(byteCount: 64 * 1024, alignment: 16)
    }

    deinit {
      readBuffer.deallocate()
      close(epoll)
    }

    var now: Double { configuration.clock.now().timeIntervalSince1970 }

    /// The `Date` value, formatted once per second.
    var date: String {
      let seconds = configuration.clock.now()
      let second = Int(seconds.timeIntervalSince1970)
      if second != cachedDate.second { cachedDate = (second, HTTPDate.format(seconds)) }
      return cachedDate.text
    }

    /// Runs until shutdown has closed every connection.
    func run() {
      let exclusive = kiln_epoll_in | kiln_epoll_exclusive
      control(kiln_epoll_add, listener, events: exclusive)
      control(kiln_epoll_add, mailbox.wakeReader, events: kiln_epoll_in)
      var readyDescriptors = [Int32](repeating: 0, count: 256)
      var readyEvents = [UInt32](repeating: 0, count: 256)
      let tick = Int32(configuration.timerTick.timeInterval * 1000)
      var lastTimerCheck = now
      // Access-log lines of answers made on this thread go out once per wake-up.
      let logBatch = AccessLogBatch()
      AccessLogBatch.install(logBatch)
      while shutdownDeadline == nil || !connections.isEmpty {
        let ready = kiln_epoll_wait(epoll, &readyDescriptors, &readyEvents, 256, tick)
        for index in 0..<max(0, Int(ready)) {
          let descriptor = readyDescriptors[index]
          let flags = readyEvents[index]
          if descriptor == listener {
            acceptAll()
          } else if descriptor == mailbox.wakeReader {
            handleMessages()
          } else if let connection = connections[descriptor] {
            handle(connection, flags: flags)
          }
        }
        logBatch.flush()
        publishByteCounts()
        let time = now
        if time - lastTimerCheck >= configuration.timerTick.timeInterval || ready <= 0 {
          lastTimerCheck = time
          checkTimers(at: time)
        }
      }
      logBatch.flush()
      AccessLogBatch.install(nil)
      closeMailbox()
      shared.loopFinished()
    }

    /// What other threads sent after the last connection closed: no producer waits for
    /// ever, and no handed-over connection stays open.
    private func closeMailbox() {
      for message in mailbox.seal() {
        switch message {
        case .adopt(let descriptor, _):
          close(descriptor)
          shared.openConnections.subtract(1, ordering: .relaxed)
          shared.metrics.openConnections.subtract(1, ordering: .relaxed)
        case .streamWrite(_, _, let continuation):
          continuation.resume(throwing: HTTPBodyWriterError.clientGone)
        case .response(_, let response):
          if case .stream(let stream) = response.body { abandon(stream) }
        case .streamEnded, .streamFailed, .shutdown:
          break
        }
      }
    }

    private func publishByteCounts() {
      if bytesRead > 0 {
        shared.metrics.receivedBytes.add(bytesRead, ordering: .relaxed)
        bytesRead = 0
      }
      if bytesWritten > 0 {
        shared.metrics.sentBytes.add(bytesWritten, ordering: .relaxed)
        bytesWritten = 0
      }
    }

    func control(_ operation: Int32, _ descriptor: Int32, events: UInt32) {
      _ = kiln_epoll_ctl(epoll, operation, descriptor, events)
    }

    private func acceptAll() {
      guard shutdownDeadline == nil else { return }
      while let (descriptor, peer) = Socket.accept(listener) {
        let open = shared.openConnections.add(1, ordering: .relaxed).newValue
        guard open <= configuration.maxConnections else {
          shared.openConnections.subtract(1, ordering: .relaxed)
          refuse(descriptor)
          continue
        }
        shared.metrics.openConnections.add(1, ordering: .relaxed)
        // Round the loops: whichever loop epoll woke, connections spread evenly, so one
        // burst of connections does not leave the other cores idle. A loop that has
        // stopped refuses the hand-over; this one keeps the connection then.
        let target =
          shared.acceptedConnections.add(1, ordering: .relaxed).newValue
          % mailboxes.count
        if target != index,
          mailboxes[target].post(.adopt(descriptor: descriptor, peer: peer))
        {
          continue
        }
        adopt(descriptor, peer: peer)
      }
    }

    /// Takes charge of an accepted connection: it waits for its head from now.
    private func adopt(_ descriptor: Int32, peer: HTTPRemoteAddress?) {
      nextID += 1
      let connection = Connection(
        id: nextID, descriptor: descriptor, peer: peer, limits: configuration.parserLimits,
        bodyLimit: configuration.routeBodyLimit)
      connection.deadline = now + configuration.headTimeout.timeInterval
      connections[descriptor] = connection
      descriptors[nextID] = descriptor
      updateInterest(connection)
      // Handed over while this loop shuts down: nothing was asked yet, so it just closes.
      if shutdownDeadline != nil { closeConnection(connection) }
    }

    /// Beyond the connection limit: a 503 written once without waiting, then close.
    private func refuse(_ descriptor: Int32) {
      let answer = HTTPResponseWriter.errorResponse(status: .serviceUnavailable, date: date)
      _ = answer.withUnsafeBytes { Socket.write(descriptor, $0) }
      Socket.shutdownWrite(descriptor)
      close(descriptor)
    }

    private func handle(_ connection: Connection, flags: UInt32) {
      if flags & (kiln_epoll_err | kiln_epoll_hup) != 0 && flags & kiln_epoll_in == 0 {
        return closeConnection(connection)
      }
      if flags & kiln_epoll_rdhup != 0, connection.readingPaused {
        return peerClosed(connection)
      }
      if flags & kiln_epoll_out != 0 { flush(connection) }
      guard connections[connection.descriptor] === connection else { return }
      if flags & (kiln_epoll_in | kiln_epoll_rdhup) != 0 { readAvailable(connection) }
    }

    private func readAvailable(_ connection: Connection) {
      for _ in 0..<4 {
        guard !connection.readingPaused else { return }
        switch Socket.read(connection.descriptor, into: readBuffer) {
        case .transferred(let count):
          bytesRead += count
          if connection.lingering { continue }
          connection.everReceived = true
          let wasBetween = connection.parser.isBetweenMessages
          connection.parser.feed(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]))
          if connection.timer == .idle, wasBetween, !connection.parser.isBetweenMessages {
            connection.timer = .head
            connection.deadline = now + configuration.headTimeout.timeInterval
          } else if connection.timer == .body {
            connection.deadline = now + configuration.bodyTimeout.timeInterval
          }
          drainParser(connection)
          guard connections[connection.descriptor] === connection else { return }
          // A read that did not fill the buffer took what was there: epoll is level-
          // triggered, so anything that arrives after it is reported again. This saves the
          // read that would only say "would block", one system call per request.
          if count < readBuffer.count { return }
        case .wouldBlock:
          return
        case .closed:
          return peerClosed(connection)
        }
      }
    }

    /// The client sent FIN (or reset). A stream's producer is told at once; queued
    /// requests are still answered, then the connection closes.
    private func peerClosed(_ connection: Connection) {
      if connection.lingering || connection.streamFraming != nil
        || (connection.current == nil && connection.pending.isEmpty
          && connection.parseError == nil)
      {
        return closeConnection(connection)
      }
      connection.peerFinished = true
      connection.readingPaused = true
      updateInterest(connection)
    }

    private func handleMessages() {
      for message in mailbox.drain() {
        switch message {
        case .response(let id, let response):
          if let connection = connection(id) {
            respond(connection, with: response)
          } else if case .stream(let stream) = response.body {
            abandon(stream)
          }
        case .streamWrite(let id, let bytes, let continuation):
          guard let connection = connection(id), connection.streamFraming != nil else {
            continuation.resume(throwing: HTTPBodyWriterError.clientGone)
            continue
          }
          streamWrite(connection, bytes, continuation)
        case .streamEnded(let id):
          if let connection = connection(id) { endStream(connection) }
        case .streamFailed(let id):
          if let connection = connection(id) { closeConnection(connection) }
        case .shutdown(let deadline):
          beginShutdown(deadline: deadline)
        case .adopt(let descriptor, let peer):
          adopt(descriptor, peer: peer)
        }
      }
    }

    func connection(_ id: Int) -> Connection? {
      descriptors[id].flatMap { connections[$0] }
    }

    private func beginShutdown(deadline: Double) {
      guard shutdownDeadline == nil else { return }
      shutdownDeadline = deadline
      control(kiln_epoll_del, listener, events: 0)
      for connection in Array(connections.values) where connection.isIdle {
        closeConnection(connection)
      }
    }
  }
#endif
