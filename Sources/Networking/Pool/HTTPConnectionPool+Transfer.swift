#if os(Linux) && canImport(CCurl)
  import Foundation

  extension HTTPConnectionPool {
    /// Sends `request` to `url` through the pool's thread and waits for a 2xx head; the body
    /// then streams, paused whenever `limits.readAhead` bytes wait for the reader. `nil` when
    /// the pool is unavailable (see `unavailableReason`).
    /// - Throws: `HTTPError` (`.status` with the error body, `.transport`, `.cancelled`).
    func start(
      _ request: HTTPRequest, url: URL, timeouts: HTTPTimeouts, maximumErrorBodySize: Int,
      now: @escaping @Sendable () -> Date,
      onDone: @escaping @Sendable (TransferSummary) -> Void
    ) async throws -> (ResponseHead, HTTPResponseBody)? {
      guard let loop else { return nil }
      let transfer = CurlTransfer(
        request: CurlTransfer.Request(
          url: url, method: request.method.rawValue, headers: request.headers,
          body: request.body),
        timeouts: timeouts, maximumErrorBodySize: maximumErrorBodySize,
        bufferCapacity: limits.readAhead, now: now, onDone: onDone)
      let mailbox = transfer.mailbox
      let head = try await mailbox.waitForHead { loop.submit(transfer) }
      let body = HTTPResponseBody(
        batches: { try await mailbox.nextChunks() }, arrived: { mailbox.chunksIfArrived() }
      ) {
        mailbox.cancel(.cancelled)
      }
      return (head, body)
    }
  }
#endif
