import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The client of `kiln-bench proxy`: `clients` keep-alive connections on one thread with
/// `poll`, each sending its request `rounds` times, one after the other. Each answer is
/// timed from the request's send to its first content delta (`"content"` in the body) and
/// to its end (its `Content-Length`, or the chunked body's last chunk). Every loop is
/// bounded in count and in time.
enum ProxyBenchmarkLoad {
  /// What the clients saw.
  struct Result: Sendable {
    /// Answers that were 200 and complete (a stream with its `[DONE]`).
    var completed = 0
    /// Connections refused, answers not 200, cut short or missing at the deadline.
    var errors = 0
    /// The first error seen, for the report (status line or what went wrong).
    var firstError: String?
    /// Whole-answer times in milliseconds, sorted.
    var latencies: [Double] = []
    /// Times to the first content delta in milliseconds, sorted.
    var firstTokens: [Double] = []
    /// From the first send to the last answer, in seconds.
    var seconds = 0.0

    var perSecond: Double { seconds > 0 ? Double(completed) / seconds : 0 }

    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
      guard !sorted.isEmpty else { return .nan }
      let index = min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)
      return sorted[max(0, index)]
    }
  }

  /// One connection's state.
  private struct Connection {
    var descriptor: Int32 = -1
    var remaining: Int
    var received: [UInt8] = []
    var sentAt: ContinuousClock.Instant?
    var firstTokenSeen = false
  }

  static func run(
    port: Int, requests: [[UInt8]], clients: Int, rounds: Int, stream: Bool, deadline: Double
  ) -> Result {
    var result = Result()
    let clock = ContinuousClock()
    var connections = (0..<clients).map { _ in Connection(remaining: rounds) }
    let began = clock.now
    func record(_ error: String) {
      result.errors += 1
      if result.firstError == nil { result.firstError = error }
    }
    func send(_ index: Int) {
      if connections[index].descriptor < 0 {
        guard let descriptor = ServerBenchmarkLoad.connect(port: port) else {
          record("connect failed (errno \(errno))")
          connections[index].remaining = 0
          return
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        connections[index].descriptor = descriptor
      }
      connections[index].remaining -= 1
      connections[index].received.removeAll(keepingCapacity: true)
      connections[index].firstTokenSeen = false
      connections[index].sentAt = clock.now
      let bytes = requests[index % requests.count]
      guard
        Glibc.send(connections[index].descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL))
          == bytes.count
      else {
        record("send failed (errno \(errno))")
        hangUp(index)
        return
      }
    }
    func hangUp(_ index: Int) {
      if connections[index].descriptor >= 0 { close(connections[index].descriptor) }
      connections[index].descriptor = -1
      connections[index].sentAt = nil
    }
    for index in connections.indices { send(index) }
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    let stop = began + .milliseconds(Int(deadline * 1000))
    var last = began
    while clock.now < stop {
      let active = connections.indices.filter { connections[$0].sentAt != nil }
      guard !active.isEmpty else { break }
      var polls = active.map {
        pollfd(fd: connections[$0].descriptor, events: Int16(POLLIN), revents: 0)
      }
      guard poll(&polls, nfds_t(polls.count), 200) > 0 else { continue }
      for (slot, index) in active.enumerated() where polls[slot].revents != 0 {
        let count = read(connections[index].descriptor, &buffer, buffer.count)
        if count < 0, errno == EAGAIN { continue }
        guard count > 0 else {
          record("the connection closed mid-answer")
          hangUp(index)
          if connections[index].remaining > 0 { send(index) }
          continue
        }
        connections[index].received += buffer[..<count]
        let now = clock.now
        guard let sentAt = connections[index].sentAt else { continue }
        if stream, !connections[index].firstTokenSeen,
          contains(connections[index].received, Self.contentMarker)
        {
          connections[index].firstTokenSeen = true
          result.firstTokens.append((now - sentAt).milliseconds)
        }
        guard let answer = Answer(connections[index].received) else { continue }
        last = now
        if answer.status != 200 {
          record(answer.statusLine)
        } else if stream && !contains(connections[index].received, Self.doneMarker) {
          record("a stream ended without [DONE]")
        } else {
          result.completed += 1
          result.latencies.append((now - sentAt).milliseconds)
        }
        connections[index].sentAt = nil
        if answer.closes { hangUp(index) }
        if connections[index].remaining > 0 { send(index) }
      }
    }
    for index in connections.indices {
      if connections[index].sentAt != nil { record("no answer before the deadline") }
      result.errors += max(0, connections[index].remaining)
      hangUp(index)
    }
    result.seconds = (last - began).timeInterval
    result.latencies.sort()
    result.firstTokens.sort()
    return result
  }

  static let contentMarker = Array("\"content\"".utf8)
  static let doneMarker = Array("[DONE]".utf8)

  /// A complete answer's status and whether the server closes the connection after it;
  /// `nil` while the answer is still arriving.
  struct Answer {
    let status: Int
    let statusLine: String
    let closes: Bool

    init?(_ bytes: [UInt8]) {
      guard let headEnd = ProxyBenchmarkLoad.find(Array("\r\n\r\n".utf8), in: bytes) else {
        return nil
      }
      let head = String(decoding: bytes[..<headEnd], as: UTF8.self)
      let lines = head.split(separator: "\r\n")
      let lower = lines.dropFirst().map { $0.lowercased() }
      let bodyCount = bytes.count - headEnd - 4
      if lower.contains(where: { $0.hasPrefix("transfer-encoding:") && $0.contains("chunked") }) {
        guard bytes.count >= 5, Array(bytes[(bytes.count - 5)...]) == Array("0\r\n\r\n".utf8)
        else { return nil }
      } else {
        let length =
          lower.first { $0.hasPrefix("content-length:") }
          .flatMap { Int($0.dropFirst(15).trimmingCharacters(in: .whitespaces)) } ?? 0
        guard bodyCount >= length else { return nil }
      }
      statusLine = lines.first.map(String.init) ?? ""
      status = Int(statusLine.split(separator: " ").dropFirst().first ?? "") ?? 0
      closes = lower.contains { $0.hasPrefix("connection:") && $0.contains("close") }
    }
  }

  static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    var index = 0
    while index <= haystack.count - needle.count {
      if haystack[index] == needle[0], haystack[index..<index + needle.count].elementsEqual(needle)
      {
        return index
      }
      index += 1
    }
    return nil
  }

  static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
    find(needle, in: bytes) != nil
  }
}

extension Duration {
  /// This duration in milliseconds.
  var milliseconds: Double { timeInterval * 1000 }
}
