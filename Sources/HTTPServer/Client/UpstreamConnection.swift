#if canImport(Glibc)
  import Foundation
  import Glibc

  /// One client connection of an event loop: its socket, the request it is sending and the
  /// response it is reading. Touched only on its loop's thread (`LoopUpstreams`).
  final class UpstreamConnection {
    enum WriteOutcome {
      case done
      case blocked
      case failed
    }

    enum ReadOutcome {
      /// Read on.
      case more
      /// The reader has enough waiting: stop reading until it takes it.
      case paused
      /// The response ended; whether the connection may carry another request.
      case ended(keep: Bool)
      case failed(UpstreamError)
    }

    var descriptor: Int32
    let origin: UpstreamOrigin
    /// Which of the origin's addresses it connects to.
    let address: Int
    let limits: UpstreamLimits
    var isConnected: Bool
    /// The epoll events registered for the descriptor.
    var interest: UInt32 = 0
    /// Whether an exchange ran on this connection before the current one.
    private(set) var wasReused = false
    /// Whether the current exchange is already on its second connection.
    var retried = false
    private(set) var exchange: UpstreamExchange?
    private(set) var request: [UInt8] = []
    private var written = 0
    private var parser: UpstreamResponseParser
    private(set) var startedAt: Double = 0
    var lastActivity: Double = 0

    private init(
      descriptor: Int32, origin: UpstreamOrigin, address: Int, limits: UpstreamLimits,
      connected: Bool
    ) {
      self.descriptor = descriptor
      self.origin = origin
      self.address = address
      self.limits = limits
      self.isConnected = connected
      parser = UpstreamResponseParser(limits: limits.response)
    }

    /// A new non-blocking connection to `origin` (its connect may still be in progress), or
    /// why it was refused.
    static func connect(
      to origin: UpstreamOrigin, address index: Int, limits: UpstreamLimits
    ) -> Result<UpstreamConnection, UpstreamError> {
      let address = origin.addresses[index]
      let family = address.isIPv6 ? AF_INET6 : AF_INET
      let descriptor = socket(
        family,
        Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
          | Int32(SOCK_CLOEXEC.rawValue), 0)
      guard descriptor >= 0 else { return .failure(.connect(errno)) }
      var yes: Int32 = 1
      setsockopt(
        descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
      guard
        case (var storage, let length)? = Socket.socketAddress(
          address.text, isIPv6: address.isIPv6, port: origin.port)
      else {
        Glibc.close(descriptor)
        return .failure(.connect(EINVAL))
      }
      let result = withUnsafePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          Glibc.connect(descriptor, $0, length)
        }
      }
      if result == 0 || errno == EINPROGRESS {
        return .success(
          UpstreamConnection(
            descriptor: descriptor, origin: origin, address: index, limits: limits,
            connected: result == 0))
      }
      let code = errno
      Glibc.close(descriptor)
      return .failure(.connect(code))
    }

    /// The outcome of a connect that was in progress: 0, or its `errno`.
    func connectResult() -> Int32 {
      var code: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &code, &length) == 0 else { return errno }
      return code
    }

    /// Whether the connect has finished (the socket has a peer).
    var hasPeer: Bool {
      var address = sockaddr_storage()
      var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
      return withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          getpeername(descriptor, $0, &length) == 0
        }
      }
    }

    /// Whether nothing waits to be read on a kept idle connection and the server has not
    /// closed it (one `recv` with `MSG_PEEK`).
    var isQuiet: Bool {
      var byte: UInt8 = 0
      let count = recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
      return count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
    }

    /// Whether nothing of the current response (not even an interim one) has arrived.
    var hasNoResponse: Bool { !parser.sawResponse }

    /// Whether part of the request is still to be sent.
    var hasPendingWrite: Bool { written < request.count }

    func begin(_ exchange: UpstreamExchange, bytes: [UInt8], startedAt: Double) {
      self.exchange = exchange
      request = bytes
      written = 0
      self.startedAt = startedAt
      lastActivity = startedAt
      keepsConnection = true
      writeAbandoned = false
      wasReset = false
      parser = UpstreamResponseParser(
        limits: limits.response, requestWasHead: exchange.request.method == "HEAD")
    }

    /// The exchange ended and the connection is kept for another.
    func endExchange(at time: Double) {
      exchange = nil
      request = []
      wasReused = true
      retried = false
      lastActivity = time
    }

    /// Sends what is left of the request.
    func writePending() -> WriteOutcome {
      while written < request.count {
        let count = request.withUnsafeBytes { bytes -> Int in
          guard let base = bytes.baseAddress else { return 0 }
          return send(descriptor, base + written, bytes.count - written, Int32(MSG_NOSIGNAL))
        }
        if count > 0 {
          written += count
        } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
          return .blocked
        } else {
          // A reset that `send` reports is gone from the socket afterwards: a later read
          // sees only an end, which must not pass for the end of the answer.
          wasReset = count < 0 && errno != EPIPE
          return .failed
        }
      }
      return .done
    }

    /// Sends nothing more of the request (the server answered without reading it all); the
    /// connection is not kept after this exchange.
    func abandonWrite() {
      request = Array(request[..<written])
      writeAbandoned = true
    }

    /// Reads `bytes` of the response and hands what they hold to the exchange.
    func consume(_ bytes: UnsafeRawBufferPointer) -> ReadOutcome {
      guard let exchange else { return .failed(.lost) }
      let output = parser.feed(bytes)
      if let head = output.head {
        keepsConnection = head.keepsConnection
        exchange.deliver(head: head)
      }
      var paused = false
      if !output.body.isEmpty { paused = exchange.deliver(body: output.body) }
      // The body before a fault has been handed over; the reader gets the fault after it.
      if let failure = output.failure { return .failed(.malformed(failure)) }
      if output.ended {
        // Bytes after the response's end were not asked for: the connection is not reused.
        let keep =
          keepsConnection && !writeAbandoned && output.consumed == bytes.count
          && written == request.count
        return .ended(keep: keep)
      }
      return paused ? .paused : .more
    }

    /// Whether the response's head allowed keeping the connection.
    private var keepsConnection = true
    /// Whether the request was cut short because the server stopped reading it.
    private var writeAbandoned = false
    /// Whether sending found the connection reset (not merely closed by the server).
    private var wasReset = false

    /// The connection closed: `.ended` when that ends the response.
    func finishAtClose() -> ReadOutcome {
      if wasReset, !parser.isDone { return .failed(.lost) }
      do {
        try parser.finishAtClose()
        return .ended(keep: false)
      } catch {
        return .failed(hasNoResponse ? .lost : .malformed(error))
      }
    }

    /// The limit that ran out at `now`, if any.
    func expired(at now: Double) -> String? {
      guard let exchange else { return nil }
      let request = exchange.request
      if let total = request.totalSeconds, now - startedAt >= total { return "the exchange" }
      if !parser.hasHead {
        if now - startedAt >= request.headSeconds { return "the response head" }
      } else if let idle = request.idleSeconds,
        let silentSince = exchange.upstreamSilentSince(lastActivity), now - silentSince >= idle
      {
        return "the body"
      }
      return nil
    }
  }
#endif
