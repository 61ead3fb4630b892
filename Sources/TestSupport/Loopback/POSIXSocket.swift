#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Thin wrappers over the POSIX socket calls the loopback server needs, hiding the
/// differences between Glibc and Darwin. Every descriptor is close-on-exec, so a child
/// process (the `kiln` binary under test) never inherits the server's sockets.
enum POSIXSocket {
  /// A failed system call and its `errno`.
  struct Failure: Error, CustomStringConvertible {
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

  /// A listening socket on 127.0.0.1 with an ephemeral port.
  static func listen() throws -> (descriptor: Int32, port: UInt16) {
    #if canImport(Darwin)
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #else
      let descriptor = socket(
        AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    #endif
    guard descriptor >= 0 else { throw Failure(call: "socket", code: errno) }
    do {
      setCloseOnExec(descriptor)
      var yes: Int32 = 1
      setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = 0
      address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
      #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
      #endif
      let length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let bound = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
      }
      guard bound == 0 else { throw Failure(call: "bind", code: errno) }
      guard systemListen(descriptor, 128) == 0 else { throw Failure(call: "listen", code: errno) }
      var actual = sockaddr_in()
      var actualLength = length
      let named = withUnsafeMutablePointer(to: &actual) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          getsockname(descriptor, $0, &actualLength)
        }
      }
      guard named == 0 else { throw Failure(call: "getsockname", code: errno) }
      try setNonBlocking(descriptor)
      return (descriptor, UInt16(bigEndian: actual.sin_port))
    } catch {
      close(descriptor)
      throw error
    }
  }

  /// Accepts one pending connection as a non-blocking socket; `nil` when none is pending.
  static func accept(_ listener: Int32) -> Int32? {
    // accept4 with SOCK_CLOEXEC is not exported by Glibc's module map; FD_CLOEXEC is set
    // right after instead.
    let descriptor = systemAccept(listener, nil, nil)
    guard descriptor >= 0 else { return nil }
    setCloseOnExec(descriptor)
    #if canImport(Darwin)
      var yes: Int32 = 1
      setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
    #endif
    var noDelay: Int32 = 1
    setsockopt(
      descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
    do {
      try setNonBlocking(descriptor)
    } catch {
      close(descriptor)
      return nil
    }
    return descriptor
  }

  /// A pipe whose read end becomes readable, for every poller at once, when written to.
  static func pipe() throws -> (read: Int32, write: Int32) {
    var ends: [Int32] = [0, 0]
    guard systemPipe(&ends) == 0 else { throw Failure(call: "pipe", code: errno) }
    for end in ends { setCloseOnExec(end) }
    return (ends[0], ends[1])
  }

  /// Reads what is available into `buffer`.
  static func read(_ descriptor: Int32, into buffer: inout [UInt8]) -> IOResult {
    var scratch = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = scratch.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count > 0 {
        buffer.append(contentsOf: scratch[0..<count])
        return .transferred(count)
      }
      if count == 0 { return .closed }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK: return .wouldBlock
      default: return .closed
      }
    }
  }

  /// Writes as much of `bytes` as the socket takes now.
  static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> IOResult {
    #if canImport(Darwin)
      let flags: Int32 = 0
    #else
      let flags = Int32(MSG_NOSIGNAL)
    #endif
    while true {
      let count = send(descriptor, bytes.baseAddress, bytes.count, flags)
      if count >= 0 { return .transferred(count) }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK: return .wouldBlock
      default: return .closed
      }
    }
  }

  /// Waits until one of `descriptors` is ready for `events`, up to `milliseconds` (-1 forever).
  /// Returns each descriptor's returned events, in order.
  static func poll(_ descriptors: [(Int32, Int16)], milliseconds: Int32) -> [Int16] {
    var entries = descriptors.map { pollfd(fd: $0.0, events: $0.1, revents: 0) }
    while true {
      let result = entries.withUnsafeMutableBufferPointer { buffer in
        systemPoll(buffer.baseAddress, nfds_t(buffer.count), milliseconds)
      }
      if result >= 0 || errno != EINTR { break }
    }
    return entries.map(\.revents)
  }

  /// Closes a descriptor.
  static func close(_ descriptor: Int32) {
    _ = systemClose(descriptor)
  }

  /// Stops both directions at once, so a peer blocked on the socket sees the end now.
  static func shutdown(_ descriptor: Int32) {
    _ = systemShutdown(descriptor, Int32(SHUT_RDWR))
  }

  private static func setNonBlocking(_ descriptor: Int32) throws {
    let flags = fcntl(descriptor, F_GETFL, 0)
    guard flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 else {
      throw Failure(call: "fcntl", code: errno)
    }
  }

  private static func setCloseOnExec(_ descriptor: Int32) {
    let flags = fcntl(descriptor, F_GETFD, 0)
    if flags >= 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
  }
}

// The C functions, named so the wrappers above can reuse their names.
private func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 {
  listen(descriptor, backlog)
}
private func systemAccept(
  _ descriptor: Int32, _ address: UnsafeMutablePointer<sockaddr>?,
  _ length: UnsafeMutablePointer<socklen_t>?
) -> Int32 {
  accept(descriptor, address, length)
}
private func systemPipe(_ ends: UnsafeMutablePointer<Int32>) -> Int32 { pipe(ends) }
private func systemPoll(
  _ fds: UnsafeMutablePointer<pollfd>?, _ count: nfds_t, _ timeout: Int32
)
  -> Int32
{
  poll(fds, count, timeout)
}
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func systemShutdown(_ descriptor: Int32, _ how: Int32) -> Int32 {
  shutdown(descriptor, how)
}
