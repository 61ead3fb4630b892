#if os(Linux) && canImport(CCurl)
  import CCurl
  import Foundation

  /// The response as libcurl hands it over: head lines, body chunks, and the end.
  extension CurlWorker {
    func receivedHeader(_ data: UnsafeMutablePointer<CChar>, length: Int) -> Int {
      lastActivity = HTTPTimeouts.uptime()
      guard case .awaitingHead = phase else { return length }  // trailers
      var line = UnsafeRawBufferPointer(start: data, count: length)[...]
      while let last = line.last, last == 0x0A || last == 0x0D { line = line.dropLast() }
      if line.starts(with: "HTTP/".utf8) {
        let parts = String(decoding: line, as: UTF8.self).split(separator: " ", maxSplits: 2)
        statusCode = parts.count > 1 ? Int(parts[1]) : nil
        headerFields = []
        skippingRedirect = false
      } else if line.isEmpty {
        headEnded()
        // A head that cannot be used ends the transfer now.
        if stopReason != nil { return 0 }
      } else if let first = line.first, first == 0x20 || first == 0x09, !headerFields.isEmpty {
        // An obsolete folded line continues the field before it.
        headerFields[headerFields.count - 1].value +=
          " " + String(decoding: Self.withoutSpaces(line), as: UTF8.self)
      } else if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
        let name = String(decoding: Self.withoutSpaces(line[..<colon]), as: UTF8.self)
        let value = String(
          decoding: Self.withoutSpaces(line[line.index(after: colon)...]), as: UTF8.self)
        headerFields.append((name, value))
      }
      return length
    }

    /// `bytes` without the spaces and tabs around it (HTTP's optional white space).
    private static func withoutSpaces(
      _ bytes: Slice<UnsafeRawBufferPointer>
    ) -> Slice<UnsafeRawBufferPointer> {
      var bytes = bytes
      while let first = bytes.first, first == 0x20 || first == 0x09 { bytes = bytes.dropFirst() }
      while let last = bytes.last, last == 0x20 || last == 0x09 { bytes = bytes.dropLast() }
      return bytes
    }

    /// Whether libcurl follows a response with this status and these fields (it follows the
    /// redirect statuses that carry a `Location`).
    private func isFollowedRedirect(_ statusCode: Int, _ headers: HTTPHeaders) -> Bool {
      [300, 301, 302, 303, 307, 308].contains(statusCode) && headers.contains("Location")
    }

    /// The URL that answered: after redirects, the last one.
    /// The URL that answered: the request's own unless a redirect was followed (then read
    /// back from libcurl, which costs a parse the common case does not need).
    private var effectiveURL: URL {
      var redirects = 0
      guard let easy, kiln_curl_get_long(easy, CURLINFO_REDIRECT_COUNT, &redirects) == CURLE_OK,
        redirects > 0
      else { return transfer.request.url }
      var pointer: UnsafeMutablePointer<CChar>?
      guard kiln_curl_get_string(easy, CURLINFO_EFFECTIVE_URL, &pointer) == CURLE_OK,
        let pointer, let url = URL(string: String(cString: pointer))
      else { return transfer.request.url }
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

    func receivedBody(_ data: UnsafeMutablePointer<CChar>, length: Int) -> Int {
      if stopReason != nil { return 0 }
      lastActivity = HTTPTimeouts.uptime()
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
        let room = transfer.maximumErrorBodySize - errorBody.count
        if room > 0 {
          errorBody.append(
            UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: min(room, length))
        }
        return length
      case .streaming:
        if pausesWhenFull { return offer(UnsafeRawBufferPointer(start: data, count: length)) }
        let chunk = Data(bytes: data, count: length)
        let (deadline, expired) = totalDeadline()
        guard mailbox.deliver(chunk, deadline: deadline, expired: expired) else { return 0 }
        // Waiting for the reader is not the server's silence.
        lastActivity = HTTPTimeouts.uptime()
        return length
      }
    }

    /// A pooled transfer's chunk: taken, or the transfer pauses and libcurl keeps the chunk
    /// to hand over again when it is resumed.
    private func offer(_ chunk: UnsafeRawBufferPointer) -> Int {
      switch mailbox.offer(bytes: chunk) {
      case .taken:
        return chunk.count
      case .full:
        bytes -= chunk.count
        paused = true
        onPause?()
        return Int(CURL_WRITEFUNC_PAUSE)
      case .abandoned:
        return 0
      }
    }

    // MARK: - Ending

    func conclude(_ failure: HTTPError?) {
      var outcome = failure
      // An error answer is reported as its status even when its body was cut short: the
      // status and `Retry-After` are what callers act on. (A timeout or a cancellation has
      // already ended the exchange through the mailbox.)
      if case .collectingErrorBody(let head) = phase {
        outcome = head.statusError(body: errorBody, now: transfer.now())
      }
      mailbox.finish(outcome)
      transfer.onDone(TransferSummary(bytes: bytes, error: mailbox.cancellation ?? outcome))
    }
  }
#endif
