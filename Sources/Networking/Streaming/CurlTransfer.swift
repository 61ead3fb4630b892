#if os(Linux) && canImport(CCurl)
  import CCurl
  import Dispatch
  import Foundation

  /// One streamed exchange driven through libcurl's multi interface on a thread of its own.
  ///
  /// corelibs `URLSession` hands every chunk to its delegate as fast as the socket yields it
  /// and cannot pause a running task, so a reader slower than the network piles the whole
  /// stream up in memory. Here the body callback hands each chunk to a `StreamMailbox` and
  /// waits while the mailbox is full; libcurl then stops reading and TCP slows the sender.
  ///
  /// The curl handles belong to the transfer thread. Other threads reach it only through the
  /// mailbox: `cancel` there sets the reason and calls `curl_multi_wakeup`, which libcurl
  /// allows from any thread, so a transfer sleeping in `curl_multi_poll` stops at once and
  /// closes its connection.
  final class CurlTransfer: @unchecked Sendable {
    // @unchecked: after `init`, the properties below are used only by the transfer thread
    // (`run()` and the libcurl callbacks it triggers); the mailbox is the only shared part,
    // and it has its own lock.

    struct Request: Sendable {
      var url: URL
      var method: String
      var headers: HTTPHeaders
      var body: Data?
    }

    private enum Phase {
      case awaitingHead
      case collectingErrorBody(ResponseHead)
      case streaming
    }

    let mailbox: StreamMailbox
    private let request: Request
    private let timeouts: HTTPTimeouts
    private let maximumErrorBodySize: Int
    private let now: @Sendable () -> Date
    private let onDone: @Sendable (TransferSummary) -> Void

    private var phase = Phase.awaitingHead
    private var statusCode: Int?
    private var headerFields: [(name: String, value: String)] = []
    /// Inside a redirect that libcurl follows: its head and body are skipped.
    private var skippingRedirect = false
    private var easy: UnsafeMutableRawPointer?
    private var errorBody = Data()
    private var bytes = 0
    private var startedAt: UInt64 = 0
    private var lastActivity: UInt64 = 0
    private var stopReason: HTTPError?

    init(
      request: Request, timeouts: HTTPTimeouts, maximumErrorBodySize: Int, bufferCapacity: Int,
      now: @escaping @Sendable () -> Date,
      onDone: @escaping @Sendable (TransferSummary) -> Void
    ) {
      self.request = request
      self.timeouts = timeouts
      self.maximumErrorBodySize = maximumErrorBodySize
      self.now = now
      self.onDone = onDone
      mailbox = StreamMailbox(capacity: bufferCapacity)
    }

    /// Starts the transfer thread.
    func start() {
      let thread = Thread { [self] in run() }
      thread.name = "dev.kiln.networking.stream"
      thread.start()
    }

    // MARK: - The transfer thread

    private func run() {
      // Abandoned before it began: report it without opening a connection.
      if let reason = mailbox.cancellation {
        onDone(TransferSummary(bytes: 0, error: reason))
        return
      }
      CurlGlobal.initialize()
      startedAt = Self.uptime()
      lastActivity = startedAt
      var failure: HTTPError?
      if let easy = curl_easy_init() {
        if let multi = curl_multi_init() {
          failure = perform(easy: easy, multi: multi)
          curl_multi_cleanup(multi)
        } else {
          failure = .transport(code: URLErrorCode.unknown, message: "libcurl could not start")
        }
        curl_easy_cleanup(easy)
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
      defer { curl_slist_free_all(headerList) }
      self.easy = easy
      defer { self.easy = nil }
      if let problem = configure(easy, headerList: &headerList) { return problem }
      guard curl_multi_add_handle(multi, easy) == CURLM_OK else {
        return .transport(code: URLErrorCode.unknown, message: "libcurl refused the transfer")
      }
      defer { curl_multi_remove_handle(multi, easy) }
      // `multi` is a non-Sendable pointer; its address crosses to the waking thread, where
      // libcurl allows exactly this one call.
      let wakeAddress = UInt(bitPattern: multi)
      mailbox.setWaker {
        if let pointer = UnsafeMutableRawPointer(bitPattern: wakeAddress) {
          curl_multi_wakeup(pointer)
        }
      }
      defer { mailbox.setWaker(nil) }

      while true {
        var running: Int32 = 0
        let step = curl_multi_perform(multi, &running)
        if let reason = stopReason ?? mailbox.cancellation { return reason }
        guard step == CURLM_OK else {
          return .transport(
            code: URLErrorCode.unknown, message: String(cString: curl_multi_strerror(step)))
        }
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(multi, &remaining) {
          if message.pointee.msg == CURLMSG_DONE {
            let result = message.pointee.data.result
            return result == CURLE_OK ? nil : CurlErrorMapper.map(result, receivedHead: hasHead)
          }
        }
        let (deadline, expired) = nearestDeadline()
        let current = Self.uptime()
        if current >= deadline {
          mailbox.cancel(expired, keepingBuffered: true)
          return expired
        }
        let waitMilliseconds = Int32(min((deadline - current) / 1_000_000 + 1, 1_000))
        curl_multi_poll(multi, nil, 0, waitMilliseconds, nil)
      }
    }

    private var hasHead: Bool {
      if case .awaitingHead = phase { return false }
      return true
    }

    private func configure(
      _ easy: UnsafeMutableRawPointer, headerList: inout UnsafeMutablePointer<curl_slist>?
    ) -> HTTPError? {
      let context = Unmanaged.passUnretained(self).toOpaque()
      var result = CURLE_OK
      func set(_ code: CURLcode) { if result == CURLE_OK { result = code } }

      set(kiln_curl_set_string(easy, CURLOPT_URL, request.url.absoluteString))
      set(kiln_curl_set_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"))
      set(kiln_curl_set_long(easy, CURLOPT_NOSIGNAL, 1))
      // Redirects are followed as URLSession follows them (POST becomes GET after 301–303).
      set(kiln_curl_set_long(easy, CURLOPT_FOLLOWLOCATION, 1))
      set(kiln_curl_set_long(easy, CURLOPT_MAXREDIRS, 20))
      set(kiln_curl_set_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"))
      // Offer every encoding libcurl can decode, and decode it, as URLSession does.
      set(kiln_curl_set_string(easy, CURLOPT_ACCEPT_ENCODING, ""))
      set(kiln_curl_set_long(easy, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1))
      set(kiln_curl_set_long(easy, CURLOPT_TCP_KEEPALIVE, 1))
      let sendsBody: Bool
      switch (request.method, request.body) {
      case ("GET", nil):
        sendsBody = false
        set(kiln_curl_set_long(easy, CURLOPT_HTTPGET, 1))
      case ("HEAD", _):
        sendsBody = false
        set(kiln_curl_set_long(easy, CURLOPT_NOBODY, 1))
      case (let method, let body):
        // Any other method carries a body, empty when there is none, so the request is
        // framed with `Content-Length: 0` as URLSession frames it.
        sendsBody = true
        let body = body ?? Data()
        set(kiln_curl_set_offset(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
        if body.isEmpty {
          set(kiln_curl_set_string(easy, CURLOPT_COPYPOSTFIELDS, ""))
        } else {
          body.withUnsafeBytes { raw in
            set(kiln_curl_set_pointer(easy, CURLOPT_COPYPOSTFIELDS, raw.baseAddress))
          }
        }
        if method != "POST" {
          set(kiln_curl_set_string(easy, CURLOPT_CUSTOMREQUEST, method))
        }
      }

      for field in request.headers {
        // libcurl reads `Name:` with nothing after it as "remove this header"; `Name;` sends
        // it with an empty value.
        let line = field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)"
        headerList = curl_slist_append(headerList, line)
      }
      // No `Expect: 100-continue` round trip before the body; no form content type unless
      // the request asked for one.
      headerList = curl_slist_append(headerList, "Expect:")
      if sendsBody && !request.headers.contains("Content-Type") {
        headerList = curl_slist_append(headerList, "Content-Type:")
      }
      set(kiln_curl_set_pointer(easy, CURLOPT_HTTPHEADER, headerList))

      set(kiln_curl_set_pointer(easy, CURLOPT_HEADERDATA, context))
      set(
        kiln_curl_set_callback(easy, CURLOPT_HEADERFUNCTION) { data, size, count, context in
          guard let data, let context else { return 0 }
          let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
          return transfer.receivedHeader(data, length: size * count)
        })
      set(kiln_curl_set_pointer(easy, CURLOPT_WRITEDATA, context))
      set(
        kiln_curl_set_callback(easy, CURLOPT_WRITEFUNCTION) { data, size, count, context in
          guard let data, let context else { return 0 }
          let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
          return transfer.receivedBody(data, length: size * count)
        })
      guard result == CURLE_OK else {
        return .invalidRequest(
          "libcurl rejected the request: \(String(cString: curl_easy_strerror(result)))")
      }
      return nil
    }

    // MARK: - Callbacks (on the transfer thread)

    private func receivedHeader(_ data: UnsafeMutablePointer<CChar>, length: Int) -> Int {
      lastActivity = Self.uptime()
      guard case .awaitingHead = phase else { return length }  // trailers
      let raw = UnsafeRawBufferPointer(start: data, count: length)
      let line = String(decoding: raw, as: UTF8.self)
      let trimmed = line.trimmingCharacters(in: .newlines)
      if trimmed.hasPrefix("HTTP/") {
        let parts = trimmed.split(separator: " ", maxSplits: 2)
        statusCode = parts.count > 1 ? Int(parts[1]) : nil
        headerFields = []
        skippingRedirect = false
      } else if trimmed.isEmpty {
        headEnded()
      } else if let first = trimmed.first, first == " " || first == "\t", !headerFields.isEmpty {
        // An obsolete folded line continues the field before it.
        headerFields[headerFields.count - 1].value +=
          " " + trimmed.trimmingCharacters(in: .whitespaces)
      } else if let colon = trimmed.firstIndex(of: ":") {
        let name = String(trimmed[..<colon]).trimmingCharacters(in: .whitespaces)
        let value = String(trimmed[trimmed.index(after: colon)...])
          .trimmingCharacters(in: .whitespaces)
        headerFields.append((name, value))
      }
      return length
    }

    /// Whether libcurl follows a response with this status and these fields (it follows the
    /// redirect statuses that carry a `Location`).
    private func isFollowedRedirect(_ statusCode: Int, _ headers: HTTPHeaders) -> Bool {
      [300, 301, 302, 303, 307, 308].contains(statusCode) && headers.contains("Location")
    }

    /// The URL that answered: after redirects, the last one.
    private var effectiveURL: URL {
      var pointer: UnsafeMutablePointer<CChar>?
      guard let easy, kiln_curl_get_string(easy, CURLINFO_EFFECTIVE_URL, &pointer) == CURLE_OK,
        let pointer, let url = URL(string: String(cString: pointer))
      else { return request.url }
      return url
    }

    private func headEnded() {
      guard let statusCode else {
        stopReason = .transport(
          code: URLErrorCode.badServerResponse, message: "The response has no status line")
        return
      }
      if (100..<200).contains(statusCode) { return }  // an interim response; the real one follows
      var headers = HTTPHeaders()
      for field in headerFields { headers.add(name: field.name, value: field.value) }
      if isFollowedRedirect(statusCode, headers) {
        skippingRedirect = true
        return
      }
      let head = ResponseHead(statusCode: statusCode, headers: headers, url: effectiveURL)
      if head.isSuccess {
        phase = .streaming
        mailbox.deliverHead(head)
      } else {
        phase = .collectingErrorBody(head)
      }
    }

    private func receivedBody(_ data: UnsafeMutablePointer<CChar>, length: Int) -> Int {
      if stopReason != nil { return 0 }
      lastActivity = Self.uptime()
      bytes += length
      switch phase {
      case .awaitingHead where skippingRedirect:
        return length
      case .awaitingHead:
        // Body bytes before the blank line that ends the head: a broken response.
        stopReason = .transport(
          code: URLErrorCode.badServerResponse, message: "The response head is incomplete")
        return 0
      case .collectingErrorBody:
        let room = maximumErrorBodySize - errorBody.count
        if room > 0 {
          errorBody.append(
            UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: min(room, length))
        }
        return length
      case .streaming:
        let chunk = Data(bytes: data, count: length)
        let (deadline, expired) = totalDeadline()
        guard mailbox.deliver(chunk, deadline: deadline, expired: expired) else { return 0 }
        // Waiting for the reader is not the server's silence.
        lastActivity = Self.uptime()
        return length
      }
    }

    // MARK: - Ending

    private func conclude(_ failure: HTTPError?) {
      var outcome = failure
      // An error answer is reported as its status even when its body was cut short: the
      // status and `Retry-After` are what callers act on. (A timeout or a cancellation has
      // already ended the exchange through the mailbox.)
      if case .collectingErrorBody(let head) = phase {
        let response = HTTPResponse(
          statusCode: head.statusCode, headers: head.headers, data: errorBody, url: head.url)
        outcome = .status(response, retryAfter: RetryAfter.delay(in: head.headers, now: now()))
      }
      mailbox.finish(outcome)
      onDone(TransferSummary(bytes: bytes, error: mailbox.cancellation ?? outcome))
    }

    // MARK: - Deadlines

    private func nearestDeadline() -> (UInt64, HTTPError) {
      var candidates: [(UInt64, HTTPError)] = []
      if let total = timeouts.total {
        candidates.append(
          (
            startedAt &+ HTTPTimeouts.nanoseconds(total),
            HTTPTimeouts.expired("the whole exchange", total)
          ))
      }
      switch phase {
      case .awaitingHead:
        candidates.append(
          (
            startedAt &+ HTTPTimeouts.nanoseconds(timeouts.connect),
            HTTPTimeouts.expired("the response head", timeouts.connect)
          ))
      case .collectingErrorBody, .streaming:
        if let idle = timeouts.idle {
          candidates.append(
            (
              lastActivity &+ HTTPTimeouts.nanoseconds(idle),
              HTTPTimeouts.expired("the next body chunk", idle)
            ))
        }
      }
      return candidates.min { $0.0 < $1.0 } ?? (UInt64.max, .cancelled)
    }

    private func totalDeadline() -> (Date?, HTTPError) {
      guard let total = timeouts.total else { return (nil, .cancelled) }
      let elapsed = Double(Self.uptime() &- startedAt) / 1e9
      return (
        Date(timeIntervalSinceNow: total - elapsed),
        HTTPTimeouts.expired("the whole exchange", total)
      )
    }

    private static func uptime() -> UInt64 {
      DispatchTime.now().uptimeNanoseconds
    }
  }

  /// `curl_global_init`, once per process, before the first transfer.
  private enum CurlGlobal {
    private static let initialized: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    static func initialize() {
      _ = initialized
    }
  }

  /// Turns libcurl result codes into `HTTPError`, with the same codes `URLSession` reports.
  enum CurlErrorMapper {
    static func map(_ code: CURLcode, receivedHead: Bool) -> HTTPError {
      let message = String(cString: curl_easy_strerror(code))
      switch code {
      case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
        return .transport(code: URLErrorCode.cannotFindHost, message: message)
      case CURLE_COULDNT_CONNECT:
        return .transport(code: URLErrorCode.cannotConnectToHost, message: message)
      case CURLE_OPERATION_TIMEDOUT:
        return .transport(code: URLErrorCode.timedOut, message: message)
      case CURLE_SSL_CONNECT_ERROR:
        return .transport(code: URLErrorCode.secureConnectionFailed, message: message)
      case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE:
        return .transport(code: URLErrorCode.serverCertificateUntrusted, message: message)
      case CURLE_GOT_NOTHING:
        return .transport(
          code: URLErrorCode.networkConnectionLost,
          message: "The connection closed without a response: \(message)")
      case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_HTTP2,
        CURLE_HTTP2_STREAM:
        return .transport(
          code: URLErrorCode.networkConnectionLost, message: "The connection was lost: \(message)")
      case CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING,
        // The request's own scheme was checked before sending, so this is the server's
        // doing: an answer that is not HTTP (HTTP/0.9), or a redirect to another protocol.
        CURLE_UNSUPPORTED_PROTOCOL:
        return .transport(code: URLErrorCode.badServerResponse, message: message)
      case CURLE_TOO_MANY_REDIRECTS:
        return .transport(code: URLErrorCode.httpTooManyRedirects, message: message)
      case CURLE_URL_MALFORMAT:
        return .invalidRequest(message)
      default:
        return .transport(
          code: receivedHead ? URLErrorCode.networkConnectionLost : URLErrorCode.unknown,
          message: message)
      }
    }
  }
#endif
