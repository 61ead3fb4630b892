#if os(Linux) && canImport(CCurl)
  import CCurl
  import Foundation

  /// The running state of one `CurlTransfer`: the curl handles, the response head being
  /// read, the error body, the clock readings.
  ///
  /// Created on the transfer thread and used only there (libcurl's callbacks run inside
  /// `curl_multi_perform` on that thread and reach the worker through an unretained pointer
  /// while `run()` keeps it alive), so it needs no lock and is not `Sendable`.
  final class CurlWorker {
    enum Phase {
      case awaitingHead
      case collectingErrorBody(ResponseHead)
      case streaming
    }

    let transfer: CurlTransfer
    var mailbox: StreamMailbox { transfer.mailbox }

    var phase = Phase.awaitingHead
    var statusCode: Int?
    var headerFields: [(name: String, value: String)] = []
    /// Inside a redirect that libcurl follows: its head and body are skipped.
    var skippingRedirect = false
    var easy: UnsafeMutableRawPointer?
    var errorBody = Data()
    var bytes = 0
    var startedAt: UInt64 = 0
    var lastActivity: UInt64 = 0
    var stopReason: HTTPError?
    /// Whether a full buffer pauses the transfer (`CURL_WRITEFUNC_PAUSE`) instead of waiting
    /// for room: a pooled transfer shares its thread with every other, so it must not block.
    let pausesWhenFull: Bool
    /// Pooled transfers: paused until the reader makes room.
    var paused = false
    /// Pooled transfers: runs each time the transfer pauses, for the pool's statistics.
    var onPause: (() -> Void)?
    /// Pooled transfers: the request's header lines, freed when the transfer ends.
    var headerList: UnsafeMutablePointer<curl_slist>?

    init(_ transfer: CurlTransfer, pausesWhenFull: Bool = false) {
      self.transfer = transfer
      self.pausesWhenFull = pausesWhenFull
    }

    func run() {
      // Abandoned before it began: report it without opening a connection.
      if let reason = mailbox.cancellation {
        transfer.onDone(TransferSummary(bytes: 0, error: reason))
        return
      }
      startedAt = HTTPTimeouts.uptime()
      lastActivity = startedAt
      var failure: HTTPError?
      if let easy = kiln_curl_easy_init() {
        if let multi = kiln_curl_multi_init() {
          failure = perform(easy: easy, multi: multi)
          kiln_curl_multi_cleanup(multi)
        } else {
          failure = .transport(code: URLErrorCode.unknown, message: "libcurl could not start")
        }
        kiln_curl_easy_cleanup(easy)
      } else {
        failure = .transport(code: URLErrorCode.unknown, message: "libcurl could not start")
      }
      conclude(failure)
    }

    /// Runs the exchange to its end and returns its failure, if any.
    private func perform(
      easy: UnsafeMutableRawPointer, multi: UnsafeMutableRawPointer
    ) -> HTTPError? {
      var headerList: UnsafeMutablePointer<curl_slist>?
      defer { kiln_curl_slist_free_all(headerList) }
      self.easy = easy
      defer { self.easy = nil }
      if let problem = configure(easy, headerList: &headerList) { return problem }
      guard kiln_curl_multi_add_handle(multi, easy) == CURLM_OK else {
        return .transport(code: URLErrorCode.unknown, message: "libcurl refused the transfer")
      }
      defer { kiln_curl_multi_remove_handle(multi, easy) }
      // `multi` is a non-Sendable pointer; its address crosses to the waking thread, where
      // libcurl allows exactly this one call.
      let wakeAddress = UInt(bitPattern: multi)
      mailbox.setWaker {
        if let pointer = UnsafeMutableRawPointer(bitPattern: wakeAddress) {
          kiln_curl_multi_wakeup(pointer)
        }
      }
      defer { mailbox.setWaker(nil) }

      while true {
        var running: Int32 = 0
        let step = kiln_curl_multi_perform(multi, &running)
        if let reason = stopReason ?? mailbox.cancellation { return reason }
        guard step == CURLM_OK else {
          return .transport(
            code: URLErrorCode.unknown, message: String(cString: kiln_curl_multi_strerror(step)))
        }
        var remaining: Int32 = 0
        while let message = kiln_curl_multi_info_read(multi, &remaining) {
          if message.pointee.msg == CURLMSG_DONE {
            let result = message.pointee.data.result
            return result == CURLE_OK ? nil : CurlErrorMapper.map(result, receivedHead: hasHead)
          }
        }
        let now = HTTPTimeouts.uptime()
        let nearest = transfer.timeouts.nearestDeadline(
          startedAt: startedAt, lastActivity: lastActivity, headArrived: hasHead)
        if let (deadline, expired) = nearest, now >= deadline {
          mailbox.cancel(expired, keepingBuffered: true)
          return expired
        }
        let wait = nearest.map { ($0.0 - now) / 1_000_000 + 1 } ?? 1_000
        kiln_curl_multi_poll(multi, nil, 0, Int32(min(wait, 1_000)), nil)
      }
    }

    var hasHead: Bool {
      if case .awaitingHead = phase { return false }
      return true
    }

    /// When waiting for the reader gives up: the exchange's total deadline, if it has one.
    func totalDeadline() -> (Date?, HTTPError) {
      guard let total = transfer.timeouts.total else { return (nil, .cancelled) }
      let elapsed = Double(HTTPTimeouts.uptime() &- startedAt) / 1e9
      return (
        Date(timeIntervalSinceNow: total - elapsed),
        HTTPTimeouts.expired("the whole exchange", total)
      )
    }
  }
#endif
