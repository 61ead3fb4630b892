#if os(Linux) && canImport(CCurl)
  import CCurl
  import CEpoll
  import Foundation
  import Glibc

  /// The pool's thread: one libcurl multi handle driving every pooled transfer, so libcurl's
  /// connection cache (which belongs to the multi handle) keeps connections open between
  /// transfers and hands them to the next transfer to the same origin.
  ///
  /// It drives libcurl event by event (`curl_multi_socket_action`): libcurl names the
  /// sockets it wants watched and the timer it wants run, an epoll instance watches them, and
  /// each ready socket is handed back alone. So a network event costs the same with a
  /// thousand transfers running as with one. (`curl_multi_perform` and `curl_multi_poll`
  /// visit every transfer and every socket on each turn; with 50 streams that was most of
  /// the thread's time, decision 200.)
  ///
  /// Created on that thread and used only there, like `CurlWorker`, whose instances it keeps
  /// alive while their easy handles are in the multi handle (libcurl's callbacks reach them
  /// through unretained pointers). Other threads reach it only through `CurlMultiLoop`.
  final class CurlMultiDriver {
    /// How often, at most, every transfer's deadlines are checked (in nanoseconds): often
    /// enough for a timeout to fire within a few milliseconds of its time, rarely enough that
    /// a thousand streams cost nothing between network events.
    static let scanInterval: UInt64 = 10_000_000
    /// The most ready sockets one wait returns.
    static let batch = 256

    let multi: UnsafeMutableRawPointer
    let poller: CurlPoller
    let loop: CurlMultiLoop
    let limits: HTTPConnectionPool.Limits
    var workers: [Int: CurlWorker] = [:]
    var idsByHandle: [UInt: Int] = [:]
    var lastScan: UInt64 = 0
    /// The nearest deadline the last scan found (or an added transfer brought).
    var nearestDeadline: UInt64?
    /// The sockets libcurl has asked to be watched.
    private var watched: Set<Int32> = []
    /// The timer libcurl asked for.
    private var curlTimer = CurlTimer()

    init(
      multi: UnsafeMutableRawPointer, poller: CurlPoller, loop: CurlMultiLoop,
      limits: HTTPConnectionPool.Limits
    ) {
      self.multi = multi
      self.poller = poller
      self.loop = loop
      self.limits = limits
    }

    func run() {
      let context = Unmanaged.passUnretained(self).toOpaque()
      kiln_curl_multi_set_socket_callback(
        multi,
        { _, socket, what, context, _ in
          guard let context else { return 0 }
          Unmanaged<CurlMultiDriver>.fromOpaque(context).takeUnretainedValue()
            .watch(socket, what)
          return 0
        }, context)
      kiln_curl_multi_set_timer_callback(
        multi,
        { _, milliseconds, context in
          guard let context else { return 0 }
          Unmanaged<CurlMultiDriver>.fromOpaque(context).takeUnretainedValue()
            .setTimer(milliseconds)
          return 0
        }, context)
      var descriptors = [Int32](repeating: 0, count: Self.batch)
      var events = [UInt32](repeating: 0, count: Self.batch)
      while true {
        let (commands, stopping) = loop.takeCommands()
        for command in commands { handle(command) }
        if stopping && workers.isEmpty { break }
        runTimerIfDue()
        readMessages()
        let now = HTTPTimeouts.uptime()
        if now &- lastScan >= Self.scanInterval || nearestDeadline.map({ now >= $0 }) == true {
          checkDeadlines(now)
        }
        let ready = kiln_epoll_wait(
          poller.descriptor, &descriptors, &events, Int32(Self.batch), waitTimeout(now))
        for index in 0..<max(0, Int(ready)) {
          if descriptors[index] == poller.wake.reader {
            poller.wake.drain()
            loop.statistics.withLock { $0.wakeUps += 1 }
          } else {
            act(on: descriptors[index], events[index])
          }
        }
        runTimerIfDue()
        readMessages()
      }
      loop.closeWaker()
      kiln_curl_multi_cleanup(multi)
      poller.close()
    }

    /// Hands one ready socket to libcurl.
    private func act(on socket: Int32, _ events: UInt32) {
      var mask: Int32 = 0
      if events & (kiln_epoll_in | kiln_epoll_hup | kiln_epoll_rdhup) != 0 {
        mask |= Int32(KILN_CURL_CSELECT_IN)
      }
      if events & kiln_epoll_out != 0 { mask |= Int32(KILN_CURL_CSELECT_OUT) }
      if events & kiln_epoll_err != 0 { mask |= Int32(KILN_CURL_CSELECT_ERR) }
      var running: Int32 = 0
      check(kiln_curl_multi_socket_action(multi, socket, mask, &running))
    }

    /// Runs libcurl's timer once it is due: its own timeouts, and the first step of a
    /// transfer just added or resumed.
    private func runTimerIfDue() {
      // Cleared first: the call may ask for the next timer.
      guard curlTimer.takeIfDue(at: HTTPTimeouts.uptime()) else { return }
      var running: Int32 = 0
      check(
        kiln_curl_multi_socket_action(
          multi, Int32(KILN_CURL_SOCKET_TIMEOUT), 0, &running))
    }

    /// A failing multi handle fails every transfer, rather than leaving them waiting.
    private func check(_ step: CURLMcode) {
      guard step != CURLM_OK else { return }
      let message = String(cString: kiln_curl_multi_strerror(step))
      for id in Array(workers.keys) {
        finish(id, .transport(code: URLErrorCode.unknown, message: message))
      }
    }

    /// libcurl's socket callback: watch `socket` for what it asks (`KILN_CURL_POLL_*`).
    fileprivate func watch(_ socket: Int32, _ what: Int32) {
      if what == Int32(KILN_CURL_POLL_REMOVE) {
        // Already gone from the epoll set when libcurl has closed it.
        if watched.remove(socket) != nil {
          _ = kiln_epoll_ctl(poller.descriptor, kiln_epoll_del, socket, 0)
        }
        return
      }
      var events: UInt32 = 0
      if what & Int32(KILN_CURL_POLL_IN) != 0 { events |= kiln_epoll_in }
      if what & Int32(KILN_CURL_POLL_OUT) != 0 { events |= kiln_epoll_out }
      // A socket closed without a removal leaves the set by itself, and its number can come
      // back as a new socket: each operation falls back to the other.
      let first = watched.contains(socket) ? kiln_epoll_mod : kiln_epoll_add
      if kiln_epoll_ctl(poller.descriptor, first, socket, events) != 0 {
        let second = first == kiln_epoll_mod ? kiln_epoll_add : kiln_epoll_mod
        _ = kiln_epoll_ctl(poller.descriptor, second, socket, events)
      }
      watched.insert(socket)
    }

    /// libcurl's timer callback: run the timer in `milliseconds` (at once for 0), or never
    /// (-1).
    fileprivate func setTimer(_ milliseconds: Int) {
      curlTimer.set(milliseconds: milliseconds, at: HTTPTimeouts.uptime())
    }

    /// How long the thread may sleep when nothing happens on the network: until libcurl's
    /// timer or the next deadline scan while transfers run, else until a command wakes it.
    private func waitTimeout(_ now: UInt64) -> Int32 {
      var wait: UInt64 = workers.isEmpty ? 1_000_000_000 : Self.scanInterval
      if let timer = curlTimer.wait(at: now) { wait = min(wait, timer) }
      if !workers.isEmpty, let nearestDeadline {
        wait = min(wait, nearestDeadline > now ? nearestDeadline - now : 0)
      }
      // Rounded up, so a wait never ends just before its time.
      return Int32((wait + 999_999) / 1_000_000)
    }

    private func handle(_ command: CurlMultiLoop.Command) {
      switch command {
      case .add(let id, let transfer):
        add(id, transfer)
      case .cancel(let id):
        guard let worker = workers[id] else { return }
        finish(id, worker.mailbox.cancellation ?? .cancelled)
      case .resume(let id):
        guard let worker = workers[id], worker.paused, let easy = worker.easy else { return }
        worker.paused = false
        loop.statistics.withLock { $0.paused -= 1 }
        // Waiting for the reader is not the server's silence.
        worker.lastActivity = HTTPTimeouts.uptime()
        // libcurl may hand the kept chunk over inside this call, and pause again.
        kiln_curl_easy_pause(easy, CURLPAUSE_CONT)
      }
    }

    /// Transfers that libcurl has finished, with their outcome.
    private func readMessages() {
      var remaining: Int32 = 0
      while let message = kiln_curl_multi_info_read(multi, &remaining) {
        guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
          let id = idsByHandle[UInt(bitPattern: easy)], let worker = workers[id]
        else { continue }
        let result = message.pointee.data.result
        let failure =
          worker.stopReason ?? worker.mailbox.cancellation
          ?? (result == CURLE_OK ? nil : CurlErrorMapper.map(result, receivedHead: worker.hasHead))
        finish(id, failure)
      }
    }

    /// Ends every transfer whose head, idle or total deadline has passed. A paused transfer
    /// waits for its reader, not for the server, so only its total deadline applies.
    private func checkDeadlines(_ now: UInt64) {
      lastScan = now
      nearestDeadline = nil
      var expired: [(Int, HTTPError)] = []
      for (id, worker) in workers {
        guard
          let (deadline, failure) = worker.transfer.timeouts.nearestDeadline(
            startedAt: worker.startedAt, lastActivity: worker.paused ? now : worker.lastActivity,
            headArrived: worker.hasHead)
        else { continue }
        if now >= deadline {
          expired.append((id, failure))
        } else {
          nearestDeadline = min(nearestDeadline ?? deadline, deadline)
        }
      }
      for (id, failure) in expired {
        // Everything that arrived before the deadline is still handed to the reader.
        workers[id]?.mailbox.cancel(failure, keepingBuffered: true)
        finish(id, failure)
      }
    }
  }

  /// The one timer libcurl keeps through `CURLMOPT_TIMERFUNCTION`: a number of milliseconds
  /// from when it asked (0: as soon as possible, outside the callback), or none (-1). Times
  /// are `HTTPTimeouts.uptime()` nanoseconds.
  struct CurlTimer: Equatable {
    private(set) var due: UInt64?

    /// What libcurl asked for at `now`.
    mutating func set(milliseconds: Int, at now: UInt64) {
      due = milliseconds < 0 ? nil : now &+ UInt64(milliseconds) &* 1_000_000
    }

    /// Whether the timer is due at `now`; a due timer is cleared, so the call it leads to
    /// can set the next one.
    mutating func takeIfDue(at now: UInt64) -> Bool {
      guard let due, now >= due else { return false }
      self.due = nil
      return true
    }

    /// Nanoseconds from `now` until the timer is due (0 when it is), or `nil` for none.
    func wait(at now: UInt64) -> UInt64? {
      due.map { $0 > now ? $0 - now : 0 }
    }
  }
#endif
