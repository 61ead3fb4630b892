#if canImport(Glibc)
  import Foundation
  import CEpoll
  import Glibc

  /// One loop's connections and their sockets: it takes connections in (accepting, adopting
  /// a hand-over, refusing beyond the limit), registers their events with epoll, writes
  /// their output, runs their timers out and closes them. It knows nothing of exchanges:
  /// the loop parses and answers, and calls in here for the socket side. Touched only on
  /// its loop's thread, like the connections it holds.
  final class ConnectionTable {
    let epoll: Int32
    let listener: Int32
    /// Every loop's mailbox, the owning loop's at `index`: accepted connections are handed
    /// round.
    let mailboxes: [LoopMailbox]
    let index: Int
    let configuration: HTTPServerConfiguration
    let shared: ServerShared
    private var connections: [Int32: Connection] = [:]
    private var descriptors: [Int: Int32] = [:]
    private var nextID = 0
    private var cachedDate: (second: Int, text: String) = (-1, "")
    /// Bytes written since the loop last added them to the shared metrics.
    var bytesWritten = 0

    init(
      listener: Int32, mailboxes: [LoopMailbox], index: Int,
      configuration: HTTPServerConfiguration, shared: ServerShared
    ) throws {
      let epoll = kiln_epoll_create()
      guard epoll >= 0 else { throw Socket.Failure(call: "epoll_create1", code: errno) }
      self.epoll = epoll
      self.listener = listener
      self.mailboxes = mailboxes
      self.index = index
      self.configuration = configuration
      self.shared = shared
    }

    deinit { close(epoll) }

    var now: Double { configuration.clock.now().timeIntervalSince1970 }

    /// The `Date` value, formatted once per second.
    var date: String {
      let seconds = configuration.clock.now()
      let second = Int(seconds.timeIntervalSince1970)
      if second != cachedDate.second { cachedDate = (second, HTTPDate.format(seconds)) }
      return cachedDate.text
    }

    var isEmpty: Bool { connections.isEmpty }

    /// The open connection with this id (messages from other threads name connections so).
    func connection(_ id: Int) -> Connection? {
      descriptors[id].flatMap { connections[$0] }
    }

    /// The open connection on `descriptor` (epoll reports descriptors).
    func connection(on descriptor: Int32) -> Connection? { connections[descriptor] }

    /// Whether `connection` is still open; its descriptor may already serve another one.
    /// A flag the table keeps on the connection: asked several times per request, it
    /// costs no lookup.
    func isOpen(_ connection: Connection) -> Bool { connection.isOpen }

    func control(_ operation: Int32, _ descriptor: Int32, events: UInt32) {
      _ = kiln_epoll_ctl(epoll, operation, descriptor, events)
    }

    /// Accepts every waiting connection: each is refused beyond the limit, handed to the
    /// loop whose turn it is, or kept.
    func acceptAll() {
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
    @discardableResult
    func adopt(_ descriptor: Int32, peer: HTTPRemoteAddress?) -> Connection {
      nextID += 1
      let connection = Connection(
        id: nextID, descriptor: descriptor, peer: peer, limits: configuration.parserLimits,
        bodyLimit: configuration.routeBodyLimit)
      connection.deadline = now + configuration.headTimeout.timeInterval
      connections[descriptor] = connection
      descriptors[nextID] = descriptor
      connection.isOpen = true
      updateInterest(connection)
      return connection
    }

    /// Beyond the connection limit: a 503 written once without waiting, then close.
    private func refuse(_ descriptor: Int32) {
      let answer = HTTPResponseWriter.errorResponse(status: .serviceUnavailable, date: date)
      _ = answer.withUnsafeBytes { Socket.write(descriptor, $0) }
      Socket.shutdownWrite(descriptor)
      close(descriptor)
    }

    /// Closes at once; a stream's producer learns that the client is gone.
    func closeConnection(_ connection: Connection) {
      guard isOpen(connection) else { return }
      connection.isOpen = false
      control(kiln_epoll_del, connection.descriptor, events: 0)
      close(connection.descriptor)
      connections[connection.descriptor] = nil
      descriptors[connection.id] = nil
      shared.releaseBody(connection.takeReservations())
      shared.openConnections.subtract(1, ordering: .relaxed)
      shared.metrics.openConnections.subtract(1, ordering: .relaxed)
      connection.streamTask?.cancel()
      connection.streamTask = nil
      if connection.streamFraming != nil {
        connection.streamFraming = nil
        shared.metrics.openStreams.subtract(1, ordering: .relaxed)
      }
      connection.streamCredit?.close()
      connection.streamCredit = nil
    }

    /// Closes every connection with nothing in progress (shutdown has begun).
    func closeIdle() {
      for connection in Array(connections.values) where connection.isIdle {
        closeConnection(connection)
      }
    }

    /// Closes every connection (the shutdown deadline has passed).
    func closeAll() {
      for connection in Array(connections.values) { closeConnection(connection) }
    }

    /// Closes connections whose timer ran out: a slow head or body gets 408, an idle or
    /// lingering one just closes.
    func expireDeadlines(at time: Double) {
      for connection in Array(connections.values) {
        guard let deadline = connection.deadline, time >= deadline else { continue }
        connection.deadline = nil
        switch connection.timer {
        case .idle, .linger:
          closeConnection(connection)
        case .heldHead:
          flush(connection)
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
