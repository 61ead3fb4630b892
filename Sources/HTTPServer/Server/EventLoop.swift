#if canImport(Glibc)
  import Foundation
  import CEpoll
  import Glibc

  /// One thread's epoll loop: it waits for events, reads and parses its connections'
  /// requests and drives their exchanges; its `ConnectionTable` accepts, writes, times out
  /// and closes them. Nothing here is shared with other threads; work from responders and
  /// producers arrives through the mailbox.
  final class EventLoop {
    let listener: Int32
    let mailbox: LoopMailbox
    let configuration: HTTPServerConfiguration
    let responder: HTTPOutcomeResponder
    let shared: ServerShared
    /// The connections and their sockets; the loop drives their exchanges.
    let table: ConnectionTable
    var shutdownDeadline: Double?
    /// Bytes read since the last wake-up, added to the shared metrics once per wake-up.
    var bytesRead = 0
    let readBuffer: UnsafeMutableRawBufferPointer
    /// Runs the jobs of tasks this loop starts for routes that ask for it (decision 206).
    let executor: LoopExecutor
    /// The client connections of `LoopHTTPClient` requests made on this loop (decision 208).
    let upstreams: LoopUpstreams

    init(
      listener: Int32, mailboxes: [LoopMailbox], index: Int,
      configuration: HTTPServerConfiguration, responder: @escaping HTTPOutcomeResponder,
      shared: ServerShared
    ) throws {
      table = try ConnectionTable(
        listener: listener, mailboxes: mailboxes, index: index, configuration: configuration,
        shared: shared)
      self.listener = listener
      self.mailbox = mailboxes[index]
      self.executor = LoopExecutor(mailbox: mailboxes[index])
      self.configuration = configuration
      self.responder = responder
      self.shared = shared
      readBuffer = .allocate(byteCount: 64 * 1024, alignment: 16)
      upstreams = LoopUpstreams(
        epoll: table.epoll, mailbox: mailboxes[index], readBuffer: readBuffer)
    }

    deinit { readBuffer.deallocate() }

    var now: Double { configuration.clock.now().timeIntervalSince1970 }

    /// The `Date` value, formatted once per second.
    var date: String { table.date }

    /// Runs until shutdown has closed every connection.
    func run() {
      let exclusive = kiln_epoll_in | kiln_epoll_exclusive
      table.control(kiln_epoll_add, listener, events: exclusive)
      table.control(kiln_epoll_add, mailbox.wakeReader, events: kiln_epoll_in)
      var readyDescriptors = [Int32](repeating: 0, count: 256)
      var readyEvents = [UInt32](repeating: 0, count: 256)
      // Computed once: the tick is a minimum over the timeouts, which allocates.
      let tickSeconds = configuration.timerTick.timeInterval
      let tick = Int32(tickSeconds * 1000)
      var lastTimerCheck = now
      // Access-log lines of answers made on this thread go out once per wake-up.
      let logBatch = AccessLogBatch()
      AccessLogBatch.install(logBatch)
      LoopUpstreams.install(upstreams)
      while shutdownDeadline == nil || !table.isEmpty {
        let ready = kiln_epoll_wait(table.epoll, &readyDescriptors, &readyEvents, 256, tick)
        for index in 0..<max(0, Int(ready)) {
          let descriptor = readyDescriptors[index]
          let flags = readyEvents[index]
          if descriptor == listener {
            if shutdownDeadline == nil { table.acceptAll() }
          } else if descriptor == mailbox.wakeReader {
            handleMessages()
          } else if let connection = table.connection(on: descriptor) {
            handle(connection, flags: flags)
          } else {
            _ = upstreams.handle(descriptor, flags: flags)
          }
        }
        logBatch.flush()
        publishByteCounts()
        let time = now
        if time - lastTimerCheck >= tickSeconds || ready <= 0 {
          lastTimerCheck = time
          checkTimers(at: time)
        }
      }
      logBatch.flush()
      AccessLogBatch.install(nil)
      LoopUpstreams.install(nil)
      upstreams.closeAll()
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
        case .response(_, let response):
          if case .stream(let stream) = response.body { abandon(stream) }
        case .accessLog(let sink, let line):
          line.withUnsafeBytes { sink.write($0) }
        case .job(let job):
          // Its task still runs to its end, on the shared pool.
          globalConcurrentExecutor.enqueue(job)
        case .streamWrite, .streamEnded, .streamFailed, .shutdown, .upstreamReadOn:
          break
        }
      }
    }

    private func publishByteCounts() {
      if bytesRead > 0 {
        shared.metrics.receivedBytes.add(bytesRead, ordering: .relaxed)
        bytesRead = 0
      }
      if table.bytesWritten > 0 {
        shared.metrics.sentBytes.add(table.bytesWritten, ordering: .relaxed)
        table.bytesWritten = 0
      }
    }

    private func handle(_ connection: Connection, flags: UInt32) {
      if flags & (kiln_epoll_err | kiln_epoll_hup) != 0 && flags & kiln_epoll_in == 0 {
        return table.closeConnection(connection)
      }
      if flags & kiln_epoll_rdhup != 0, connection.readingPaused {
        return table.peerClosed(connection)
      }
      if flags & kiln_epoll_out != 0 { table.flush(connection) }
      guard table.isOpen(connection) else { return }
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
          guard table.isOpen(connection) else { return }
          // A read that did not fill the buffer took what was there: epoll is level-
          // triggered, so anything that arrives after it is reported again. This saves the
          // read that would only say "would block", one system call per request.
          if count < readBuffer.count { return }
        case .wouldBlock:
          return
        case .closed:
          return table.peerClosed(connection)
        }
      }
    }

    private func handleMessages() {
      // Stream writes taken in this pass go out with one flush per connection, after it.
      var written: [Connection] = []
      defer {
        for connection in written where table.isOpen(connection) { table.flush(connection) }
      }
      for message in mailbox.drain() {
        switch message {
        case .response(let id, let response):
          if let connection = table.connection(id) {
            respond(connection, with: response)
          } else if case .stream(let stream) = response.body {
            abandon(stream)
          }
        case .streamWrite(let id, let bytes, let credit):
          // A write for a connection that has closed, or for a stream that has ended, is
          // dropped: its credit was closed then, so its producer's next write fails.
          guard let connection = table.connection(id), connection.streamCredit === credit else {
            continue
          }
          // The first write since the last flush puts the connection on the list.
          if connection.streamBytesTaken == 0 { written.append(connection) }
          streamWrite(connection, bytes)
        case .streamEnded(let id):
          if let connection = table.connection(id) { endStream(connection) }
        case .accessLog(let sink, let line):
          if let batch = AccessLogBatch.current {
            batch.append(line: line, to: sink)
          } else {
            line.withUnsafeBytes { sink.write($0) }
          }
        case .job(let job):
          // A task of a route on this loop (decision 206) runs until it next waits.
          job.runSynchronously(on: executor.asUnownedTaskExecutor())
        case .upstreamReadOn(let exchange):
          upstreams.readOn(exchange)
        case .streamFailed(let id):
          // What the producer wrote before failing goes out first (its writes returned
          // before the loop sent them); the body then ends without its last chunk.
          if let connection = table.connection(id) {
            table.flush(connection)
            table.closeConnection(connection)
          }
        case .shutdown(let deadline):
          beginShutdown(deadline: deadline)
        case .adopt(let descriptor, let peer):
          let connection = table.adopt(descriptor, peer: peer)
          // Handed over while this loop shuts down: nothing was asked yet, so it just closes.
          if shutdownDeadline != nil { table.closeConnection(connection) }
        }
      }
    }

    private func beginShutdown(deadline: Double) {
      guard shutdownDeadline == nil else { return }
      shutdownDeadline = deadline
      table.control(kiln_epoll_del, listener, events: 0)
      table.closeIdle()
    }

    /// Past the shutdown deadline everything closes; before it, connections whose timer
    /// ran out.
    private func checkTimers(at time: Double) {
      upstreams.checkTimers()
      if let deadline = shutdownDeadline, time >= deadline { return table.closeAll() }
      table.expireDeadlines(at: time)
    }
  }
#endif
