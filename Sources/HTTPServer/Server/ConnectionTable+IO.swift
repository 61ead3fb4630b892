#if canImport(Glibc)
  import CEpoll
  import Glibc

  extension ConnectionTable {
    /// Writes as much queued output as the socket takes, and tells a stream's producer how
    /// much is left.
    func flush(_ connection: Connection) {
      while connection.pendingBytes > 0 {
        let result = connection.output.withUnsafeBytes { bytes in
          Socket.write(
            connection.descriptor,
            UnsafeRawBufferPointer(rebasing: bytes[connection.outputOffset...]))
        }
        switch result {
        case .transferred(let count):
          bytesWritten += count
          connection.outputOffset += count
        case .wouldBlock:
          if connection.outputOffset >= 64 * 1024 {
            connection.output.removeFirst(connection.outputOffset)
            connection.outputOffset = 0
          }
          updateInterest(connection)
          resumeProducer(connection)
          return
        case .closed:
          return closeConnection(connection)
        }
      }
      connection.output.removeAll(keepingCapacity: connection.output.capacity <= 64 * 1024)
      connection.outputOffset = 0
      updateInterest(connection)
      resumeProducer(connection)
      if connection.closeWhenFlushed, !connection.lingering { linger(connection) }
    }

    /// Tells a stream's producer what the connection now holds, which lets it go on when
    /// it waits for room.
    private func resumeProducer(_ connection: Connection) {
      guard let credit = connection.streamCredit else { return }
      // What the socket could not take yet is what this connection holds in memory.
      shared.largestStreamBuffer.max(connection.pendingBytes, ordering: .relaxed)
      credit.settle(taken: connection.streamBytesTaken, unsent: connection.pendingBytes)
      connection.streamBytesTaken = 0
    }

    /// Registers the events the connection needs now: reads unless paused, writes while
    /// output waits.
    func updateInterest(_ connection: Connection) {
      var wanted: UInt32 = 0
      if !connection.readingPaused {
        wanted |= kiln_epoll_in | kiln_epoll_rdhup
      } else if connection.streamFraming != nil, !connection.peerFinished {
        // Not reading, but still told when the client goes (a stream's producer must know).
        // Otherwise a paused connection waits: unread pipelined requests stay in the socket
        // until the queue drains, even when the client has already sent FIN after them.
        wanted |= kiln_epoll_rdhup
      }
      if connection.pendingBytes > 0 { wanted |= kiln_epoll_out }
      if connection.registered, wanted == connection.interest { return }
      control(
        connection.registered ? kiln_epoll_mod : kiln_epoll_add, connection.descriptor,
        events: wanted)
      connection.registered = true
      connection.interest = wanted
    }

    /// Sends what is queued, then half-closes and reads and discards for a short time, so
    /// the client reads the answer instead of a reset (RFC 9112 §9.6).
    func closeGracefully(_ connection: Connection) {
      connection.closeWhenFlushed = true
      connection.readingPaused = false
      flush(connection)
    }

    private func linger(_ connection: Connection) {
      connection.lingering = true
      Socket.shutdownWrite(connection.descriptor)
      connection.timer = .linger
      connection.deadline = now + configuration.lingerTimeout.timeInterval
      connection.readingPaused = false
      updateInterest(connection)
    }

    /// The client sent FIN (or reset). A stream's producer is told at once; queued
    /// requests are still answered, then the connection closes.
    func peerClosed(_ connection: Connection) {
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
  }
#endif
