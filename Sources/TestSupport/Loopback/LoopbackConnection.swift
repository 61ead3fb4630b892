import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One client connection, served on its own thread: read a request, send its scripted
/// response, and repeat while the connection stays alive.
///
/// Every wait polls the socket and the server's stop pipe together, so a client that closes
/// its end is noticed even while the script is pausing or stalled, and stopping the server
/// wakes the thread at once.
struct LoopbackConnection {
  enum Interruption {
    case clientClosed
    case stopped
  }

  let descriptor: Int32
  let id: Int
  let core: LoopbackServerCore
  var reader = HTTPRequestReader()

  init(descriptor: Int32, id: Int, core: LoopbackServerCore) {
    self.descriptor = descriptor
    self.id = id
    self.core = core
  }

  mutating func run() {
    while true {
      guard let (head, body) = readRequest() else { return }
      let (request, response) = core.receive(head, body: body, connectionID: id)
      let (outcome, bytes) = respond(response, to: request)
      core.finish(request, outcome: outcome, bodyBytesSent: bytes)
      guard outcome == .completed, !closesAfter(response, request: head) else { return }
    }
  }

  /// The next complete request, or `nil` when the client closed, the server stopped, or the
  /// bytes were not HTTP (answered with 400).
  private mutating func readRequest() -> (HTTPRequestReader.Head, Data)? {
    while true {
      do {
        switch try reader.next() {
        case .complete(let head, let body):
          return (head, body)
        case .continueExpected:
          guard write(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8)) == nil else { return nil }
          continue
        case .needMore:
          break
        }
      } catch {
        core.reportIssue("LoopbackHTTPServer: malformed request on connection \(id): \(error)")
        _ = write(
          Data("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
        return nil
      }
      if waitForInput(milliseconds: -1) != nil { return nil }
    }
  }

  private func closesAfter(_ response: LoopbackResponse, request: HTTPRequestReader.Head) -> Bool {
    if response.closesConnection { return true }
    if case .streamed(nil, _) = response.body { return true }
    let connection = request.headers["Connection"]?.lowercased() ?? ""
    if connection.contains("close") { return true }
    return request.version == "HTTP/1.0" && !connection.contains("keep-alive")
  }

  // MARK: - Waiting

  /// Polls for input for up to `milliseconds` and reads whatever arrived into the request
  /// buffer. Returns why the connection cannot go on, or `nil`.
  mutating func waitForInput(milliseconds: Int32) -> Interruption? {
    let events = POSIXSocket.poll(
      [(descriptor, Int16(POLLIN)), (core.stopRead, Int16(POLLIN))], milliseconds: milliseconds)
    if events[1] != 0 { return .stopped }
    guard events[0] != 0 else { return nil }
    switch POSIXSocket.read(descriptor, into: &reader.buffer) {
    case .transferred, .wouldBlock: return nil
    case .closed: return .clientClosed
    }
  }

  /// Pauses until `deadline` (monotonic nanoseconds) and/or until `gate` opens, watching for
  /// the client closing and the server stopping. Neither given: waits until one of those.
  mutating func pause(until deadline: UInt64?, gate: LoopbackGate?) -> Interruption? {
    while true {
      if let gate, gate.isOpen { return nil }
      let now = DispatchTime.now().uptimeNanoseconds
      if gate == nil, let deadline, now >= deadline { return nil }
      var timeout: Int32 = -1
      if gate != nil {
        timeout = 5
      } else if let deadline {
        timeout = Int32(clamping: (deadline - now + 999_999) / 1_000_000)
      }
      if let interruption = waitForInput(milliseconds: timeout) { return interruption }
    }
  }

  // MARK: - Writing

  /// Writes all of `data`, waiting while the socket is full.
  mutating func write(_ data: Data) -> Interruption? {
    data.withUnsafeBytes { bytes in write(bytes) }
  }

  mutating func write(_ bytes: UnsafeRawBufferPointer) -> Interruption? {
    var offset = 0
    while offset < bytes.count {
      let rest = UnsafeRawBufferPointer(rebasing: bytes[offset...])
      switch POSIXSocket.write(descriptor, rest) {
      case .transferred(let count):
        offset += count
      case .closed:
        return .clientClosed
      case .wouldBlock:
        let events = POSIXSocket.poll(
          [(descriptor, Int16(POLLOUT)), (core.stopRead, Int16(POLLIN))], milliseconds: -1)
        if events[1] != 0 { return .stopped }
        if events[0] & Int16(POLLERR | POLLHUP) != 0 { return .clientClosed }
      }
    }
    return nil
  }
}
