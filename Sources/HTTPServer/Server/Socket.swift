#if canImport(Glibc)
  import Glibc

  /// The POSIX calls the server needs, on non-blocking, close-on-exec descriptors.
  enum Socket {
    /// A failed system call and its `errno`.
    struct Failure: Error, Sendable, CustomStringConvertible {
      var call: String
      var code: Int32
      var description: String { "\(call) failed: errno \(code)" }
    }

    /// The outcome of a non-blocking read or write.
    enum IOResult {
      case transferred(Int)
      case wouldBlock
      case closed
    }

    /// A listening IPv4 socket bound to `host:port` (port 0 picks one); returns it and the
    /// bound port.
    static func listen(host: String, port: Int, backlog: Int32) throws -> (Int32, Int) {
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = in_port_t(UInt16(clamping: port)).bigEndian
      guard inet_pton(AF_INET, host == "localhost" ? "127.0.0.1" : host, &address.sin_addr) == 1
      else { throw Failure(call: "inet_pton(\(host))", code: EINVAL) }
      let descriptor = socket(
        AF_INET,
        Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
          | Int32(SOCK_CLOEXEC.rawValue), 0)
      guard descriptor >= 0 else { throw Failure(call: "socket", code: errno) }
      do {
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
          $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0 else { throw Failure(call: "bind", code: errno) }
        guard Glibc.listen(descriptor, backlog) == 0 else {
          throw Failure(call: "listen", code: errno)
        }
        var actual = sockaddr_in()
        var actualLength = length
        let named = withUnsafeMutablePointer(to: &actual) {
          $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            getsockname(descriptor, $0, &actualLength)
          }
        }
        guard named == 0 else { throw Failure(call: "getsockname", code: errno) }
        return (descriptor, Int(UInt16(bigEndian: actual.sin_port)))
      } catch {
        close(descriptor)
        throw error
      }
    }

    /// Accepts one pending connection (non-blocking, close-on-exec, no Nagle delay);
    /// `nil` when none is pending.
    static func accept(_ listener: Int32) -> Int32? {
      // accept4 is not in Swift's Glibc module (it needs _GNU_SOURCE): accept, then flags.
      let descriptor = Glibc.accept(listener, nil, nil)
      guard descriptor >= 0 else { return nil }
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
      var yes: Int32 = 1
      setsockopt(
        descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
      return descriptor
    }

    static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> IOResult {
      let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
      if count > 0 { return .transferred(count) }
      if count == 0 { return .closed }
      return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .wouldBlock : .closed
    }

    static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> IOResult {
      let count = send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
      if count >= 0 { return .transferred(count) }
      return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .wouldBlock : .closed
    }

    /// Makes a listening socket refuse new connections while it stays open.
    static func stopListening(_ listener: Int32) {
      _ = Glibc.shutdown(listener, Int32(SHUT_RD))
    }

    /// Stops sending (a FIN) while still reading: the first step of a graceful close.
    static func shutdownWrite(_ descriptor: Int32) {
      _ = Glibc.shutdown(descriptor, Int32(SHUT_WR))
    }
  }
#endif
