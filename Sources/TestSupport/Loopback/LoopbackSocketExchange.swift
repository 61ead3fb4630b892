import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Sends `bytes` to `127.0.0.1:port` on one new connection and returns everything the peer
/// sends until it closes (or nothing more arrives for `timeoutSeconds`), blocking the
/// calling thread: for tests that speak raw HTTP to a real server, or relay to one from a
/// loopback handler's thread.
/// - Throws: `POSIXError` when the socket cannot be made, connected or written.
public func loopbackSocketExchange(
  _ bytes: [UInt8], port: Int, timeoutSeconds: Int = 30
) throws -> [UInt8] {
  let descriptor = try loopbackSocketConnect(port: port, timeoutSeconds: timeoutSeconds)
  defer { close(descriptor) }
  var sent = 0
  while sent < bytes.count {
    let count = bytes[sent...].withUnsafeBytes {
      send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
    }
    guard count > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    sent += count
  }
  var answer: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 65_536)
  while true {
    let count = recv(descriptor, &chunk, chunk.count, 0)
    guard count > 0 else { break }
    answer += chunk[..<count]
  }
  return answer
}

/// A blocking TCP connection to `127.0.0.1:port` whose reads give up after
/// `timeoutSeconds`; the caller closes the descriptor.
/// - Parameter receiveBuffer: the socket's receive buffer (`SO_RCVBUF`), set before it
///   connects; the system's default when `nil`.
/// - Throws: `POSIXError` when the socket cannot be made or the connection is refused.
public func loopbackSocketConnect(
  port: Int, timeoutSeconds: Int = 30, receiveBuffer: Int32? = nil
) throws -> Int32 {
  let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  if var size = receiveBuffer {
    setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
  }
  var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
  setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  var address = loopbackAddress(port: port)
  let connected = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
    }
  }
  guard connected == 0 else {
    let code = errno
    close(descriptor)
    throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
  }
  return descriptor
}

/// The IPv4 loopback address `127.0.0.1:port`.
public func loopbackAddress(port: Int) -> sockaddr_in {
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = in_port_t(UInt16(port)).bigEndian
  address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
  return address
}
