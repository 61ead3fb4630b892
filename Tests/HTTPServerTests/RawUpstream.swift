import Foundation
import Glibc
import Synchronization

/// A loopback server that plays a script of raw bytes, one list of steps per connection it
/// accepts, for responses no well-behaved server sends (and for closing a kept connection
/// at a chosen moment). A script left unplayed, or a connection beyond the script, fails
/// the test through `finish()`.
final class RawUpstream: Sendable {
  enum Step: Sendable {
    /// Reads one request: its head and a `Content-Length` body.
    case readRequest
    /// Reads one request's head only, leaving its body unread.
    case readHead
    case write(String)
    /// Closes the connection.
    case close
    /// Waits before the next step.
    case pause(Duration)
    /// Resets the connection (a close with no lingering: the peer reads `ECONNRESET`).
    case reset
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  let port: Int
  private let listener: Int32
  private let state = Mutex<(requests: [String], accepted: Int, problems: [String])>(([], 0, []))
  private let finished = Mutex<Bool>(false)
  private let scripts: [[Step]]

  /// Listens on 127.0.0.1, or on `::1` alone with `ipv6`.
  init(_ scripts: [[Step]], ipv6: Bool = false) throws {
    self.scripts = scripts
    let family = ipv6 ? AF_INET6 : AF_INET
    let descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
    var storage = sockaddr_storage()
    var length: socklen_t
    if ipv6 {
      var yes: Int32 = 1
      setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &yes, 4)
      length = socklen_t(MemoryLayout<sockaddr_in6>.size)
      withUnsafeMutablePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
          $0.pointee.sin6_family = sa_family_t(AF_INET6)
          $0.pointee.sin6_addr = in6addr_loopback
        }
      }
    } else {
      length = socklen_t(MemoryLayout<sockaddr_in>.size)
      withUnsafeMutablePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
          $0.pointee.sin_family = sa_family_t(AF_INET)
          $0.pointee.sin_addr.s_addr = inet_addr("127.0.0.1")
        }
      }
    }
    let bound = withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && listen(descriptor, 16) == 0
          && getsockname(descriptor, $0, &length) == 0
      }
    }
    guard bound else {
      close(descriptor)
      throw Failure(description: "bind: errno \(errno)")
    }
    listener = descriptor
    // The port sits at the same offset in both address structures.
    port = withUnsafePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
        Int(UInt16(bigEndian: $0.pointee.sin_port))
      }
    }
    Thread { [self] in play() }.start()
  }

  /// The requests read so far (heads and bodies as text).
  var requests: [String] { state.withLock { $0.requests } }

  /// How many connections were accepted.
  var accepted: Int { state.withLock { $0.accepted } }

  /// Stops accepting; returns what went wrong (an unplayed script, a read that failed).
  func finish() -> [String] {
    finished.withLock { $0 = true }
    Glibc.shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
    return state.withLock { state in
      var problems = state.problems
      if state.accepted < scripts.count {
        problems.append("\(scripts.count - state.accepted) scripted connection(s) never came")
      }
      return problems
    }
  }

  private func play() {
    var index = 0
    while true {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { return }
      guard index < scripts.count else {
        state.withLock { $0.problems.append("an unexpected connection") }
        close(connection)
        continue
      }
      var timeout = timeval(tv_sec: 10, tv_usec: 0)
      setsockopt(
        connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      state.withLock { $0.accepted += 1 }
      let script = scripts[index]
      index += 1
      Thread { [self] in run(script, on: connection) }.start()
    }
  }

  private func run(_ script: [Step], on connection: Int32) {
    var buffer: [UInt8] = []
    defer { close(connection) }
    for step in script {
      switch step {
      case .readRequest:
        guard let request = readRequest(connection, buffer: &buffer) else {
          state.withLock { $0.problems.append("a scripted request never came") }
          return
        }
        state.withLock { $0.requests.append(request) }
      case .readHead:
        guard readHead(connection, buffer: &buffer) else {
          state.withLock { $0.problems.append("a scripted request head never came") }
          return
        }
      case .write(let text):
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes {
          send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
      case .close:
        return
      case .pause(let duration):
        Thread.sleep(
          forTimeInterval: Double(duration.components.attoseconds) / 1e18
            + Double(duration.components.seconds))
      case .reset:
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(
          connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        return
      }
    }
    // The script is played out: wait for the client to close.
    var byte: UInt8 = 0
    _ = recv(connection, &byte, 1, 0)
  }

  private func readRequest(_ connection: Int32, buffer: inout [UInt8]) -> String? {
    let end = Array("\r\n\r\n".utf8)
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      if let headEnd = firstRange(of: end, in: buffer) {
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        let length =
          head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
          .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
        let total = headEnd + 4 + length
        if buffer.count >= total {
          let request = String(decoding: buffer[..<total], as: UTF8.self)
          buffer.removeFirst(total)
          return request
        }
      }
      let count = recv(connection, &chunk, chunk.count, 0)
      guard count > 0 else { return nil }
      buffer += chunk[..<count]
    }
  }

  private func readHead(_ connection: Int32, buffer: inout [UInt8]) -> Bool {
    let end = Array("\r\n\r\n".utf8)
    var chunk = [UInt8](repeating: 0, count: 4096)
    while firstRange(of: end, in: buffer) == nil {
      let count = recv(connection, &chunk, chunk.count, 0)
      guard count > 0 else { return false }
      buffer += chunk[..<count]
    }
    return true
  }

  private func firstRange(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
    guard bytes.count >= pattern.count else { return nil }
    for start in 0...(bytes.count - pattern.count)
    where bytes[start..<start + pattern.count].elementsEqual(pattern) {
      return start
    }
    return nil
  }
}
