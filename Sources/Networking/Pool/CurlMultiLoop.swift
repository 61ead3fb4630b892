#if os(Linux) && canImport(CCurl)
  import CCurl
  import Foundation
  import Synchronization

  /// The thread-safe side of an `HTTPConnectionPool`'s libcurl thread: other threads post
  /// commands here (start a transfer, stop one, resume a paused one) and wake the thread with
  /// `curl_multi_wakeup`, the one libcurl call allowed from any thread. Everything else about
  /// the multi handle and its transfers lives in `CurlMultiDriver`, on the pool's thread.
  final class CurlMultiLoop: Sendable {
    enum Command: Sendable {
      case add(id: Int, CurlTransfer)
      case cancel(id: Int)
      case resume(id: Int)
    }

    struct Inbox {
      var commands: [Command] = []
      var stopping = false
      /// The multi handle's address while it exists; `nil` once the thread has freed it.
      var multiAddress: UInt?
      var nextID = 0
    }

    /// Why the pool's thread could not start.
    struct StartFailure: Error, CustomStringConvertible {
      let description: String
    }

    let inbox: Mutex<Inbox>
    /// Kept by the pool's thread, read by anyone.
    let statistics = Mutex(HTTPConnectionPool.Statistics())

    private init(multiAddress: UInt) {
      inbox = Mutex(Inbox(multiAddress: multiAddress))
    }

    /// Creates the multi handle with `limits` and starts the thread that drives it.
    static func start(
      limits: HTTPConnectionPool.Limits
    ) -> Result<CurlMultiLoop, StartFailure> {
      guard let multi = kiln_curl_multi_init() else {
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
          return .failure(
            StartFailure(
              description:
                "libcurl refused a pool limit: \(String(cString: kiln_curl_multi_strerror(code)))"
            ))
        }
      }
      let address = UInt(bitPattern: multi)
      let loop = CurlMultiLoop(multiAddress: address)
      // The multi handle is used only on this thread from here on; its address crosses over
      // because raw pointers are not Sendable.
      let thread = Thread {
        guard let multi = UnsafeMutableRawPointer(bitPattern: address) else { return }
        CurlMultiDriver(multi: multi, loop: loop, limits: limits).run()
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

    /// Called by the thread just before it frees the multi handle: no wake-up reaches it
    /// after this returns.
    func closeWaker() {
      inbox.withLock { $0.multiAddress = nil }
    }

    private func post(_ change: (inout Inbox) -> Void) {
      inbox.withLock { inbox in
        change(&inbox)
        // Under the lock, so the thread cannot free the handle in between.
        if let address = inbox.multiAddress,
          let multi = UnsafeMutableRawPointer(bitPattern: address)
        {
          kiln_curl_multi_wakeup(multi)
        }
      }
    }
  }
#endif
