#if os(Linux) && canImport(CCurl)
  import Foundation

  /// Streams one exchange through libcurl with flow control (see `CurlTransfer`).
  enum CurlStreamTransport {
    /// How far, in bytes, the transfer may read ahead of the body's reader.
    static let readAhead = 64 * 1024

    /// Whether `url` can go through this transport.
    static func supports(_ url: URL) -> Bool {
      guard let scheme = url.scheme?.lowercased() else { return false }
      return scheme == "http" || scheme == "https"
    }

    /// Sends `request` to `url` and waits for a 2xx head; the body then streams, read from
    /// the network only as fast as it is consumed.
    /// - Throws: `HTTPError` (`.status` with the error body, `.transport`, `.cancelled`).
    static func start(
      _ request: HTTPRequest, url: URL, timeouts: HTTPTimeouts, maximumErrorBodySize: Int,
      now: @escaping @Sendable () -> Date,
      onDone: @escaping @Sendable (TransferSummary) -> Void
    ) async throws -> (ResponseHead, HTTPResponseBody) {
      let transfer = CurlTransfer(
        request: CurlTransfer.Request(
          url: url, method: request.method.rawValue, headers: request.headers,
          body: request.body),
        timeouts: timeouts, maximumErrorBodySize: maximumErrorBodySize, bufferCapacity: readAhead,
        now: now, onDone: onDone)
      let mailbox = transfer.mailbox
      let head = try await mailbox.waitForHead { transfer.start() }
      let body = HTTPResponseBody(
        batches: { try await mailbox.nextChunks() }, arrived: { mailbox.chunksIfArrived() }
      ) {
        mailbox.cancel(.cancelled)
      }
      return (head, body)
    }
  }
#endif
