#if os(Linux) && canImport(CCurl)
  import Foundation

  /// One streamed exchange driven through libcurl's multi interface on a thread of its own.
  ///
  /// corelibs `URLSession` hands every chunk to its delegate as fast as the socket yields it
  /// and cannot pause a running task, so a reader slower than the network piles the whole
  /// stream up in memory. Here the body callback hands each chunk to a `StreamMailbox` and
  /// waits while the mailbox is full; libcurl then stops reading and TCP slows the sender.
  ///
  /// This value holds only what the exchange was asked to do. Its running state lives in a
  /// `CurlWorker` that is created on the transfer thread and never leaves it. Other threads
  /// reach the transfer only through the mailbox: `cancel` there sets the reason and wakes
  /// the transfer's thread (`curl_multi_wakeup` for a lone transfer, the pool's wake-up pipe
  /// for a pooled one), so a transfer waiting for the network stops at once and closes its
  /// connection.
  struct CurlTransfer: Sendable {
    struct Request: Sendable {
      var url: URL
      var method: String
      var headers: HTTPHeaders
      var body: Data?
    }

    let mailbox: StreamMailbox
    let request: Request
    let timeouts: HTTPTimeouts
    let maximumErrorBodySize: Int
    let now: @Sendable () -> Date
    let onDone: @Sendable (TransferSummary) -> Void

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
      let thread = Thread { [self] in CurlWorker(self).run() }
      thread.name = "dev.kiln.networking.stream"
      thread.start()
    }
  }
#endif
