#if os(Linux) && canImport(CCurl)
  import CCurl
  import Foundation

  /// The pool's thread: one libcurl multi handle driving every pooled transfer, so libcurl's
  /// connection cache (which belongs to the multi handle) keeps connections open between
  /// transfers and hands them to the next transfer to the same origin.
  ///
  /// Created on that thread and used only there, like `CurlWorker`, whose instances it keeps
  /// alive while their easy handles are in the multi handle (libcurl's callbacks reach them
  /// through unretained pointers). Other threads reach it only through `CurlMultiLoop`.
  final class CurlMultiDriver {
    /// How often, at most, every transfer's deadlines are checked (in nanoseconds): often
    /// enough for a timeout to fire within a few milliseconds of its time, rarely enough that
    /// a thousand streams cost nothing between network events.
    static let scanInterval: UInt64 = 10_000_000

    let multi: UnsafeMutableRawPointer
    let loop: CurlMultiLoop
    let limits: HTTPConnectionPool.Limits
    var workers: [Int: CurlWorker] = [:]
    var idsByHandle: [UInt: Int] = [:]
    var lastScan: UInt64 = 0
    /// The nearest deadline the last scan found (or an added transfer brought).
    var nearestDeadline: UInt64?

    init(multi: UnsafeMutableRawPointer, loop: CurlMultiLoop, limits: HTTPConnectionPool.Limits) {
      self.multi = multi
      self.loop = loop
      self.limits = limits
    }

    func run() {
      while true {
        let (commands, stopping) = loop.takeCommands()
        for command in commands { handle(command) }
        if stopping && workers.isEmpty { break }
        var running: Int32 = 0
        let step = kiln_curl_multi_perform(multi, &running)
        if step != CURLM_OK {
          let message = String(cString: kiln_curl_multi_strerror(step))
          for id in Array(workers.keys) {
            finish(id, .transport(code: URLErrorCode.unknown, message: message))
          }
        }
        readMessages()
        let now = HTTPTimeouts.uptime()
        if now &- lastScan >= Self.scanInterval || nearestDeadline.map({ now >= $0 }) == true {
          checkDeadlines(now)
        }
        kiln_curl_multi_poll(multi, nil, 0, pollTimeout(now), nil)
      }
      loop.closeWaker()
      kiln_curl_multi_cleanup(multi)
    }

    /// How long the thread may sleep when nothing happens on the network: until the next
    /// deadline scan while transfers run, else until a command wakes it.
    private func pollTimeout(_ now: UInt64) -> Int32 {
      guard !workers.isEmpty else { return 1_000 }
      var wait = Self.scanInterval
      if let nearestDeadline { wait = min(wait, nearestDeadline > now ? nearestDeadline - now : 0) }
      return Int32(wait / 1_000_000) + 1
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
#endif
