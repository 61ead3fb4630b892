import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A blocking TCP client for checking the loopback server's bytes on the wire exactly.
/// Reads time out after 5 s so a broken server fails a test instead of hanging it.
final class RawConnection {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  private let descriptor: Int32
  private var received: [UInt8] = []

  init(port: Int) throws {
    // The socket is stored only once connected: a throwing initializer that had set every
    // property would also run `deinit`, closing the descriptor a second time.
    #if canImport(Darwin)
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #else
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #endif
    guard descriptor >= 0 else { throw Failure(description: "socket failed") }
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
    let result = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      let code = errno
      close(descriptor)
      throw Failure(description: "connect failed: errno \(code)")
    }
    self.descriptor = descriptor
  }

  deinit {
    close(descriptor)
  }

  func send(_ text: String) throws {
    try send(Data(text.utf8))
  }

  func send(_ data: Data) throws {
    let sent = data.withUnsafeBytes { Foundation.send(descriptor, $0.baseAddress, $0.count, 0) }
    guard sent == data.count else { throw Failure(description: "send failed") }
  }

  /// Reads until `marker` has arrived; returns everything up to and including it.
  func read(through marker: String) throws -> String {
    let bytes = Array(marker.utf8)
    while true {
      if let range = find(bytes) {
        let text = String(decoding: received[..<range], as: UTF8.self)
        received.removeFirst(range)
        return text
      }
      guard try fill() else {
        throw Failure(description: "closed before \(marker.debugDescription)")
      }
    }
  }

  /// Reads exactly `count` bytes.
  func read(count: Int) throws -> Data {
    while received.count < count {
      guard try fill() else { throw Failure(description: "closed after \(received.count) bytes") }
    }
    defer { received.removeFirst(count) }
    return Data(received[..<count])
  }

  /// Reads until the server closes; returns what remained.
  func readToEnd() throws -> String {
    while try fill() {}
    defer { received.removeAll() }
    return String(decoding: received, as: UTF8.self)
  }

  /// Shuts the connection down in both directions now.
  func hangUp() {
    shutdown(descriptor, Int32(SHUT_RDWR))
  }

  private func find(_ marker: [UInt8]) -> Int? {
    guard received.count >= marker.count else { return nil }
    for start in 0...(received.count - marker.count)
    where received[start..<start + marker.count].elementsEqual(marker) {
      return start + marker.count
    }
    return nil
  }

  private func fill() throws -> Bool {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
    if count > 0 {
      received.append(contentsOf: buffer[0..<count])
      return true
    }
    if count == 0 || errno == ECONNRESET { return false }
    throw Failure(description: "recv failed: errno \(errno)")
  }
}

/// Collects what the server or a stub reports, for tests that expect reports.
final class Reports: Sendable {
  private let lines = Mutex<[String]>([])
  var all: [String] { lines.withLock { $0 } }
  var reporter: @Sendable (String) -> Void { { [self] line in lines.withLock { $0.append(line) } } }
}
