#if canImport(Glibc)
  import CEpoll
  import Glibc

  extension EventLoop {
    /// Writes as much queued output as the socket takes; wakes a stream producer once its
    /// connection's buffer is back under the limit.
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

    private func resumeProducer(_ connection: Connection) {
      guard connection.pendingBytes <= configuration.streamBufferLimit,
        let waiter = connection.streamWaiter
      else { return }
      connection.streamWaiter = nil
      waiter.resume()
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

    /// Closes at once; a stream's producer learns that the client is gone.
    func closeConnection(_ connection: Connection) {
      guard connections[connection.descriptor] === connection else { return }
      control(kiln_epoll_del, connection.descriptor, events: 0)
      close(connection.descriptor)
      connections[connection.descriptor] = nil
      descriptors[connection.id] = nil
      shared.openConnections.subtract(1, ordering: .relaxed)
      shared.metrics.openConnections.subtract(1, ordering: .relaxed)
      connection.streamTask?.cancel()
      connection.streamTask = nil
      if connection.streamFraming != nil {
        connection.streamFraming = nil
        shared.metrics.openStreams.subtract(1, ordering: .relaxed)
      }
      if let waiter = connection.streamWaiter {
        connection.streamWaiter = nil
        waiter.resume(throwing: HTTPBodyWriterError.clientGone)
      }
    }

    /// Closes connections whose timer ran out: a slow head or body gets 408, an idle or
    /// lingering one just closes; past the shutdown deadline everything closes.
    func checkTimers(at time: Double) {
      if let deadline = shutdownDeadline, time >= deadline {
        for connection in Array(connections.values) { closeConnection(connection) }
        return
      }
      for connection in Array(connections.values) {
        guard let deadline = connection.deadline, time >= deadline else { continue }
        connection.deadline = nil
        switch connection.timer {
        case .idle, .linger:
          closeConnection(connection)
        case .head, .body:
          guard connection.current == nil, connection.pending.isEmpty else { continue }
          // A connection that never sent a byte has no request to answer.
          guard connection.everReceived else {
            closeConnection(connection)
            continue
          }
          connection.append(
            HTTPResponseWriter.errorResponse(status: .requestTimeout, date: date))
          closeGracefully(connection)
        }
      }
    }
  }
#endif
