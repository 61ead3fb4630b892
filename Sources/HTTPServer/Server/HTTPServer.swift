#if canImport(Glibc)
  import Foundation
  import Glibc
  import Synchronization

  /// An HTTP/1.1 server on non-blocking sockets and epoll, one event loop per thread.
  ///
  /// Each loop owns the connections it accepts (no lock on the hot path); the responder
  /// runs on Swift tasks and hands its answer back to the connection's loop, which sends
  /// answers in request order. A router's synchronous routes skip the task: the loop
  /// answers them inline. `shutdown` stops accepting, lets requests and streams in
  /// flight finish until its deadline, then closes the rest.
  public final class HTTPServer: Sendable {
    private struct Running {
      var listener: Int32
      var port: Int
      var mailboxes: [LoopMailbox]
    }

    /// Why the server could not start.
    public enum StartError: Error, Sendable, Equatable {
      /// `start` was called twice.
      case alreadyStarted
      /// A system call failed (bind: address in use, permission, bad host).
      case system(call: String, errno: Int32)
    }

    /// The address to bind: an IPv4 or IPv6 address (`::1`, `[::1]`) or `localhost`.
    public let host: String
    /// The requested port; 0 lets the system pick one (see `boundPort`).
    public let port: Int
    /// Limits and timeouts.
    public let configuration: HTTPServerConfiguration
    /// Connections, streams and bytes, counted by the event loops.
    public let metrics: HTTPServerMetrics
    private let responder: HTTPOutcomeResponder
    private let shared: ServerShared
    private let state = Mutex<Running?>(nil)

    /// A server for `host:port` that answers with `responder`, each request on a task of its
    /// own; call `start()`.
    public convenience init(
      host: String = "127.0.0.1", port: Int = 0,
      configuration: HTTPServerConfiguration = HTTPServerConfiguration(),
      metrics: HTTPServerMetrics = HTTPServerMetrics(), responder: @escaping HTTPResponder
    ) {
      self.init(
        host: host, port: port, configuration: configuration, metrics: metrics,
        outcomes: { _ in .later(responder, onEventLoop: false) })
    }

    private init(
      host: String, port: Int, configuration: HTTPServerConfiguration,
      metrics: HTTPServerMetrics, outcomes: @escaping HTTPOutcomeResponder
    ) {
      self.host = host
      self.port = port
      self.configuration = configuration
      self.metrics = metrics
      self.responder = outcomes
      shared = ServerShared(metrics: metrics)
    }

    /// A server that answers with `router`, whose routes' body limits replace the default.
    /// Its synchronous routes are answered on the event loops, without a task.
    public convenience init(
      host: String = "127.0.0.1", port: Int = 0,
      configuration: HTTPServerConfiguration = HTTPServerConfiguration(),
      metrics: HTTPServerMetrics = HTTPServerMetrics(), router: HTTPRouter
    ) {
      var configuration = configuration
      configuration.routeBodyLimit = { method, path in router.bodyLimit(method: method, path: path)
      }
      self.init(
        host: host, port: port, configuration: configuration, metrics: metrics,
        outcomes: router.outcomeResponder)
    }

    /// The port the server listens on once started.
    public var boundPort: Int? { state.withLock { $0?.port } }

    /// The open connections across all loops.
    public var openConnections: Int { shared.openConnections.load(ordering: .relaxed) }

    /// The most bytes any streaming connection has had queued for a slow client since
    /// start: bounded by `streamBufferLimit` plus one write.
    public var largestStreamBuffer: Int { shared.largestStreamBuffer.load(ordering: .relaxed) }

    /// Binds, starts the event loops and returns the bound port.
    ///
    /// - Throws: `StartError` when already started or when binding fails.
    @discardableResult
    public func start() throws(StartError) -> Int {
      let started: Int? = try state.withLock {
        (running: inout Running?) throws(StartError) -> Int? in
        guard running == nil else { throw .alreadyStarted }
        let listener: Int32
        let boundPort: Int
        var mailboxes: [LoopMailbox] = []
        do {
          (listener, boundPort) = try Socket.listen(host: host, port: port, backlog: 1024)
          for _ in 0..<configuration.eventLoopCount { mailboxes.append(try LoopMailbox()) }
        } catch let failure as Socket.Failure {
          throw .system(call: failure.call, errno: failure.code)
        } catch {
          throw .system(call: "start", errno: EINVAL)
        }
        running = Running(listener: listener, port: boundPort, mailboxes: mailboxes)
        return boundPort
      }
      guard let started, let running = state.withLock({ $0 }) else { throw .alreadyStarted }
      for index in running.mailboxes.indices {
        shared.loopStarted()
        let thread = Thread { [configuration, responder, shared] in
          do {
            let loop = try EventLoop(
              listener: running.listener, mailboxes: running.mailboxes, index: index,
              configuration: configuration, responder: responder, shared: shared)
            loop.run()
          } catch {
            shared.closeUnstartedMailbox(running.mailboxes[index])
            shared.loopFinished()
          }
        }
        thread.name = "kiln-http-loop"
        thread.start()
      }
      return started
    }

    /// Stops accepting, lets requests and streams in flight finish for up to `deadline`,
    /// closes what is left, and returns once every loop has stopped.
    public func shutdown(deadline: Duration = .seconds(10)) async {
      guard let running = state.withLock({ $0 }) else { return }
      let at = configuration.clock.now().timeIntervalSince1970 + deadline.timeInterval
      for mailbox in running.mailboxes { mailbox.post(.shutdown(deadlineSeconds: at)) }
      // Refuse new connections now (Linux resets them); the descriptor closes once no loop
      // watches it any more.
      Socket.stopListening(running.listener)
      await shared.waitForLoops()
      state.withLock { current in
        if let listener = current?.listener { close(listener) }
        current = nil
      }
    }
  }
#endif
