#if os(Linux) && canImport(CCurl)
  import CCurl
  import Foundation

  /// Starting a pooled transfer and ending it.
  extension CurlMultiDriver {
    func add(_ id: Int, _ transfer: CurlTransfer) {
      // Abandoned before it began: report it without touching a connection.
      if let reason = transfer.mailbox.cancellation {
        transfer.onDone(TransferSummary(bytes: 0, error: reason))
        return
      }
      let worker = CurlWorker(transfer, pausesWhenFull: true)
      let now = HTTPTimeouts.uptime()
      worker.startedAt = now
      worker.lastActivity = now
      guard let easy = kiln_curl_easy_init() else {
        worker.conclude(.transport(code: URLErrorCode.unknown, message: "libcurl could not start"))
        return
      }
      var headerList: UnsafeMutablePointer<curl_slist>?
      var problem = worker.configure(easy, headerList: &headerList)
      worker.headerList = headerList
      if problem == nil {
        problem = configureForReuse(easy)
      }
      if problem == nil, kiln_curl_multi_add_handle(multi, easy) != CURLM_OK {
        problem = .transport(code: URLErrorCode.unknown, message: "libcurl refused the transfer")
      }
      if let problem {
        kiln_curl_easy_cleanup(easy)
        kiln_curl_slist_free_all(worker.headerList)
        worker.headerList = nil
        worker.conclude(problem)
        return
      }
      worker.easy = easy
      workers[id] = worker
      loop.statistics.withLock { statistics in
        statistics.started += 1
        statistics.running += 1
      }
      worker.onPause = { [loop] in
        loop.statistics.withLock { statistics in
          statistics.pauses += 1
          statistics.paused += 1
        }
      }
      idsByHandle[UInt(bitPattern: easy)] = id
      let loop = self.loop
      // The waker runs with the mailbox locked; posting only takes the loop's own lock.
      transfer.mailbox.setWaker { loop.post(.cancel(id: id)) }
      transfer.mailbox.setRoomHandler { loop.post(.resume(id: id)) }
      // A cancellation between the check above and the waker being set has no waker to call.
      if let reason = transfer.mailbox.cancellation {
        finish(id, reason)
        return
      }
      if let (deadline, _) = transfer.timeouts.nearestDeadline(
        startedAt: now, lastActivity: now, headArrived: false)
      {
        nearestDeadline = min(nearestDeadline ?? deadline, deadline)
      }
    }

    /// The options that make a connection worth keeping: no Nagle delay on small requests,
    /// and idle connections retired before servers drop them.
    private func configureForReuse(_ easy: UnsafeMutableRawPointer) -> HTTPError? {
      let options: [(CURLoption, Int)] = [
        (CURLOPT_TCP_NODELAY, 1),
        (CURLOPT_MAXAGE_CONN, limits.maximumIdleTime),
      ]
      for (option, value) in options {
        let code = kiln_curl_set_long(easy, option, value)
        if code != CURLE_OK {
          return .invalidRequest(
            "libcurl rejected a pool option: \(String(cString: kiln_curl_easy_strerror(code)))")
        }
      }
      return nil
    }

    /// Takes the transfer out of the multi handle and reports `failure` (or success). A
    /// transfer that completed leaves its connection in libcurl's cache for the next one; one
    /// that is still running has its connection closed, so the server sees it go at once.
    func finish(_ id: Int, _ failure: HTTPError?) {
      guard let worker = workers.removeValue(forKey: id) else { return }
      let wasPaused = worker.paused
      loop.statistics.withLock { statistics in
        statistics.running -= 1
        if wasPaused { statistics.paused -= 1 }
      }
      worker.mailbox.setWaker(nil)
      worker.mailbox.setRoomHandler(nil)
      if let easy = worker.easy {
        idsByHandle[UInt(bitPattern: easy)] = nil
        kiln_curl_multi_remove_handle(multi, easy)
        kiln_curl_easy_cleanup(easy)
        worker.easy = nil
      }
      kiln_curl_slist_free_all(worker.headerList)
      worker.headerList = nil
      worker.conclude(failure)
    }
  }
#endif
