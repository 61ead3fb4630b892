#if os(Linux) && canImport(CCurl)
  import CCurl
  import CEpoll
  import Core
  import Foundation
  import Glibc
  import Synchronization

  /// The thread-safe side of an `HTTPConnectionPool`'s libcurl thread: other threads post
  /// commands here (start a transfer, stop one, resume a paused one) and wake the thread
  /// through a pipe its epoll instance watches. Everything else about the multi handle and
  /// its transfers lives in `CurlMultiDriver`, on the pool's thread.
  final class CurlMultiLoop: Sendable {
    enum Command: Sendable {
      case add(id: Int, CurlTransfer)
      case cancel(id: Int)
      case resume(id: Int)
    }

    struct Inbox {
      var commands: [Command] = []
      var stopping = false
      /// The thread's wake-up pipe while the thread runs; `nil` once it has ended.
      var waker: WakePipe?
      var nextID = 0
    }

    /// Why the pool's thread could not start.
    struct StartFailure: Error, CustomStringConvertible {
      let description: String
    }

    let inbox: Mutex<Inbox>
    /// Kept by the pool's thread, read by anyone.
    let statistics = Mutex(HTTPConnectionPool.Statistics())

    private init(waker: WakePipe) {
      inbox = Mutex(Inbox(waker: waker))
    }

    /// Creates the multi handle with `limits`, the epoll instance and the wake-up pipe, and
    /// starts the thread that drives them.
    static func start(
      limits: HTTPConnectionPool.Limits
    ) -> Result<CurlMultiLoop, StartFailure> {
      let poller: CurlPoller
      switch CurlPoller.make() {
      case .success(let made): poller = made
      case .failure(let failure): return .failure(failure)
      }
      guard let multi = kiln_curl_multi_init() else {
        poller.close()
        return .failure(StartFailure(description: "libcurl could not create a multi handle"))
      }
      let options: [(CURLMoption, Int)] = [
        (CURLMOPT_MAX_HOST_CONNECTIONS, limits.maximumConnectionsPerHost),
        (CURLMOPT_MAXCONNECTS, limits.maximumIdleConnections),
        (CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX)),
      ]
      for (option, value) in options {
        let code = kiln_curl_multi_set_long(multi, option, value)
        guard code == CURLM_OK else {
          kiln_curl_multi_cleanup(multi)
          poller.close()
          return .failure(
            StartFailure(
              description:
                "libcurl refused a pool limit: \(String(cString: kiln_curl_multi_strerror(code)))"
            ))
        }
      }
      let address = UInt(bitPattern: multi)
      let loop = CurlMultiLoop(waker: poller.wake)
      // The multi handle is used only on this thread from here on; its address crosses over
      // because raw pointers are not Sendable.
      let thread = Thread {
        guard let multi = UnsafeMutableRawPointer(bitPattern: address) else { return }
        CurlMultiDriver(multi: multi, poller: poller, loop: loop, limits: limits).run()
      }
      thread.name = "dev.kiln.networking.pool"
      thread.start()
      return .success(loop)
    }

    /// Hands `transfer` to the pool's thread, which starts it at its next turn.
    func submit(_ transfer: CurlTransfer) {
      post { inbox in
        inbox.nextID += 1
        inbox.commands.append(.add(id: inbox.nextID, transfer))
      }
    }

    /// Queues `command` and wakes the thread.
    func post(_ command: Command) {
      post { $0.commands.append(command) }
    }

    /// Lets the thread end once its last transfer has (the pool itself is gone).
    func stopWhenIdle() {
      post { $0.stopping = true }
    }

    /// The commands posted since the last call, and whether the pool is gone.
    func takeCommands() -> ([Command], stopping: Bool) {
      inbox.withLock { inbox in
        let commands = inbox.commands
        inbox.commands = []
        return (commands, inbox.stopping)
      }
    }

    /// Called by the thread just before it closes the pipe: no wake-up reaches it after
    /// this returns.
    func closeWaker() {
      inbox.withLock { $0.waker = nil }
    }

    /// Applies `change` and wakes the thread. Only the change that finds no command waiting
    /// writes to the pipe: the thread empties the pipe before it takes the commands, so it
    /// takes every command posted before that wake-up in the same turn.
    private func post(_ change: (inout Inbox) -> Void) {
      inbox.withLock { inbox in
        let wasEmpty = inbox.commands.isEmpty
        change(&inbox)
        // Under the lock, so the thread cannot close the pipe in between.
        if wasEmpty, let waker = inbox.waker { waker.wake() }
      }
    }
  }

  /// The pool thread's epoll instance and its wake-up pipe, whose read end it watches.
  struct CurlPoller: Sendable {
    let descriptor: Int32
    let wake: WakePipe

    static func make() -> Result<CurlPoller, CurlMultiLoop.StartFailure> {
      let descriptor = kiln_epoll_create()
      guard descriptor >= 0 else {
        return .failure(.init(description: "epoll_create1 failed (errno \(errno))"))
      }
      let wake: WakePipe
      do {
        wake = try WakePipe()
      } catch {
        Glibc.close(descriptor)
        return .failure(.init(description: "pipe failed (errno \(error.code))"))
      }
      guard kiln_epoll_ctl(descriptor, kiln_epoll_add, wake.reader, kiln_epoll_in) == 0 else {
        let code = errno
        Glibc.close(descriptor)
        wake.close()
        return .failure(.init(description: "epoll_ctl failed (errno \(code))"))
      }
      return .success(CurlPoller(descriptor: descriptor, wake: wake))
    }

    func close() {
      Glibc.close(descriptor)
      wake.close()
    }
  }
#endif
