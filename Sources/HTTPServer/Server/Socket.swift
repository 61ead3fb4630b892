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

    /// A listening socket bound to `host:port` (port 0 picks one); returns it and the bound
    /// port. `host` is an IPv4 address, an IPv6 address (`::1`, `[::1]`) or `localhost`.
    static func listen(host: String, port: Int, backlog: Int32) throws -> (Int32, Int) {
      let unbracketed =
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
      let name = unbracketed == "localhost" ? "127.0.0.1" : unbracketed
      guard
        case (var storage, let length)? = socketAddress(
          name, isIPv6: name.contains(":"), port: port)
      else { throw Failure(call: "inet_pton(\(host))", code: EINVAL) }
      let family = Int32(storage.ss_family)
      let descriptor = socket(
        family,
        Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
          | Int32(SOCK_CLOEXEC.rawValue), 0)
      guard descriptor >= 0 else { throw Failure(call: "socket", code: errno) }
      do {
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &storage) {
          $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0 else { throw Failure(call: "bind", code: errno) }
        guard Glibc.listen(descriptor, backlog) == 0 else {
          throw Failure(call: "listen", code: errno)
        }
        var actual = sockaddr_storage()
        var actualLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &actual) {
          $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            getsockname(descriptor, $0, &actualLength)
          }
        }
        guard named == 0 else { throw Failure(call: "getsockname", code: errno) }
        return (descriptor, address(actual)?.port ?? port)
      } catch {
        close(descriptor)
        throw error
      }
    }

    /// The socket address of a numeric IPv4 or IPv6 address and a port; `nil` when the
    /// text is no such address.
    static func socketAddress(
      _ numeric: String, isIPv6: Bool, port: Int
    ) -> (sockaddr_storage, socklen_t)? {
      var storage = sockaddr_storage()
      let portBytes = in_port_t(UInt16(clamping: port)).bigEndian
      let parsed: Int32
      let length: socklen_t
      if isIPv6 {
        length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        parsed = withUnsafeMutablePointer(to: &storage) {
          $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
            address.pointee.sin6_family = sa_family_t(AF_INET6)
            address.pointee.sin6_port = portBytes
            return inet_pton(AF_INET6, numeric, &address.pointee.sin6_addr)
          }
        }
      } else {
        length = socklen_t(MemoryLayout<sockaddr_in>.size)
        parsed = withUnsafeMutablePointer(to: &storage) {
          $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
            address.pointee.sin_family = sa_family_t(AF_INET)
            address.pointee.sin_port = portBytes
            return inet_pton(AF_INET, numeric, &address.pointee.sin_addr)
          }
        }
      }
      return parsed == 1 ? (storage, length) : nil
    }

    /// Accepts one pending connection (non-blocking, close-on-exec, no Nagle delay) and
    /// its peer; `nil` when none is pending.
    static func accept(_ listener: Int32) -> (Int32, HTTPRemoteAddress?)? {
      var peer = sockaddr_storage()
      var peerLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
      // accept4 is not in Swift's Glibc module (it needs _GNU_SOURCE): accept, then flags.
      let descriptor = withUnsafeMutablePointer(to: &peer) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          Glibc.accept(listener, $0, &peerLength)
        }
      }
      guard descriptor >= 0 else { return nil }
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
      var yes: Int32 = 1
      setsockopt(
        descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
      return (descriptor, address(peer))
    }

    /// The numeric host and port of an IPv4 or IPv6 socket address.
    static func address(_ storage: sockaddr_storage) -> HTTPRemoteAddress? {
      var storage = storage
      var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
      switch Int32(storage.ss_family) {
      case AF_INET:
        return withUnsafeMutablePointer(to: &storage) {
          $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
            guard
              inet_ntop(AF_INET, &address.pointee.sin_addr, &text, socklen_t(text.count))
                != nil
            else { return nil }
            let host = String(
              decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return HTTPRemoteAddress(
              host: host, port: Int(UInt16(bigEndian: address.pointee.sin_port)))
          }
        }
      case AF_INET6:
        return withUnsafeMutablePointer(to: &storage) {
          $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
            guard
              inet_ntop(AF_INET6, &address.pointee.sin6_addr, &text, socklen_t(text.count))
                != nil
            else { return nil }
            let host = String(
              decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return HTTPRemoteAddress(
              host: host, port: Int(UInt16(bigEndian: address.pointee.sin6_port)))
          }
        }
      default:
        return nil
      }
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
