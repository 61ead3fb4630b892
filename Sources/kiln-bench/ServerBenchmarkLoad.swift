import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Loopback clients for `kiln-bench server`: SSE readers, slow-head holders and a latency
/// probe. Every loop is bounded in count and in time.
enum ServerBenchmarkLoad {
  /// A connection to `127.0.0.1:port` (reads time out after 10 s, no Nagle delay), or
  /// `nil` with `errno` saying why.
  static func connect(port: Int) -> Int32? {
    guard let descriptor = try? loopbackSocketConnect(port: port, timeoutSeconds: 10) else {
      return nil
    }
    var yes: Int32 = 1
    setsockopt(
      descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
    return descriptor
  }

  static func send(_ descriptor: Int32, _ text: String) -> Bool {
    let bytes = Array(text.utf8)
    return Glibc.send(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count
  }

  /// Runs blocking work on a thread of its own, off Swift's cooperative pool.
  static func onThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: work()) }.start()
    }
  }

  /// What the SSE readers saw.
  struct StreamResult: Sendable {
    var connected = 0
    var events = 0
    var completedStreams = 0
    /// Delay from the server's write to the client's read, in microseconds, sorted.
    var delays: [Int] = []

    func percentile(_ fraction: Double) -> Double {
      guard !delays.isEmpty else { return .nan }
      let index = min(delays.count - 1, Int((Double(delays.count) * fraction).rounded(.up)) - 1)
      return Double(delays[max(0, index)]) / 1000
    }
  }

  /// Opens `streams` SSE requests of `count` events `interval` ms apart and reads them all
  /// with `poll` on one thread until they end or `deadline` seconds pass.
  static func readStreams(
    port: Int, streams: Int, count: Int, intervalMilliseconds: Int, deadline: Double
  ) -> StreamResult {
    var result = StreamResult()
    var descriptors: [Int32] = []
    for _ in 0..<streams {
      guard let descriptor = connect(port: port),
        send(
          descriptor,
          "GET /events?count=\(count)&interval_ms=\(intervalMilliseconds) HTTP/1.1\r\n"
            + "Host: bench\r\n\r\n")
      else { continue }
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
      descriptors.append(descriptor)
    }
    result.connected = descriptors.count
    var pending = [[UInt8]](repeating: [], count: descriptors.count)
    var open = [Bool](repeating: true, count: descriptors.count)
    var polls = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    let marker = Array("data: ".utf8)
    let end = Array("\r\n0\r\n\r\n".utf8)
    let stop = ServerBenchmarkTarget.wallClockNanoseconds() + Int(deadline * 1e9)
    var openCount = descriptors.count
    result.delays.reserveCapacity(streams * count)
    while openCount > 0, ServerBenchmarkTarget.wallClockNanoseconds() < stop {
      let ready = poll(&polls, nfds_t(polls.count), 200)
      guard ready > 0 else { continue }
      for index in polls.indices where open[index] && polls[index].revents != 0 {
        polls[index].revents = 0
        let received = read(polls[index].fd, &buffer, buffer.count)
        let now = ServerBenchmarkTarget.wallClockNanoseconds()
        if received <= 0 {
          if received < 0, errno == EAGAIN { continue }
          open[index] = false
          openCount -= 1
          close(polls[index].fd)
          polls[index].fd = -1
          continue
        }
        pending[index] += buffer[..<received]
        // Every complete `data: N\n` in what arrived is one event.
        var cursor = 0
        var bytes = pending[index]
        while let start = find(marker, in: bytes, from: cursor) {
          guard let lineEnd = bytes[(start + marker.count)...].firstIndex(of: 0x0A) else { break }
          let digits = bytes[(start + marker.count)..<lineEnd]
          if let sent = Int(String(decoding: digits, as: UTF8.self)) {
            result.events += 1
            result.delays.append(max(0, (now - sent) / 1000))
          }
          cursor = lineEnd + 1
        }
        let finished = find(end, in: bytes, from: max(0, cursor - 2)) != nil
        bytes.removeFirst(min(cursor, bytes.count))
        pending[index] = bytes
        if finished {
          result.completedStreams += 1
          open[index] = false
          openCount -= 1
          close(polls[index].fd)
          polls[index].fd = -1
        }
      }
    }
    for index in polls.indices where open[index] { close(polls[index].fd) }
    result.delays.sort()
    return result
  }

  private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard haystack.count >= needle.count, start <= haystack.count - needle.count else {
      return nil
    }
    var index = start
    while index <= haystack.count - needle.count {
      if haystack[index] == needle[0], Array(haystack[index..<index + needle.count]) == needle {
        return index
      }
      index += 1
    }
    return nil
  }

  /// Connections that sent part of a head and wait; `stillOpen` counts those the server
  /// has not closed.
  final class SlowHeads {
    private(set) var descriptors: [Int32] = []

    init(port: Int, count: Int) {
      for _ in 0..<count {
        guard let descriptor = ServerBenchmarkLoad.connect(port: port) else { continue }
        _ = ServerBenchmarkLoad.send(descriptor, "GET /health HTTP/1.1\r\nHost: slow\r\nX-Slow: ")
        descriptors.append(descriptor)
      }
    }

    var stillOpen: Int {
      var polls = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      _ = poll(&polls, nfds_t(polls.count), 0)
      return polls.filter { $0.revents == 0 }.count
    }

    func close() {
      for descriptor in descriptors { Glibc.close(descriptor) }
      descriptors = []
    }
  }

  /// `requests` sequential keep-alive `GET /health` on one connection: p50 and p99 in ms.
  static func probeLatency(port: Int, requests: Int) -> (p50: Double, p99: Double)? {
    guard let descriptor = connect(port: port) else { return nil }
    defer { close(descriptor) }
    var samples: [Double] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    let clock = ContinuousClock()
    for _ in 0..<requests {
      let began = clock.now
      guard send(descriptor, "GET /health HTTP/1.1\r\nHost: probe\r\n\r\n") else { return nil }
      var received: [UInt8] = []
      // A small answer: read until the head and its Content-Length body are in.
      for _ in 0..<64 {
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return nil }
        received += buffer[..<count]
        if isCompleteResponse(received) { break }
      }
      samples.append((clock.now - began).timeInterval * 1000)
    }
    samples.sort()
    return (samples[samples.count / 2], samples[min(samples.count - 1, samples.count * 99 / 100)])
  }

  static func isCompleteResponse(_ bytes: [UInt8]) -> Bool {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let headEnd = text.range(of: "\r\n\r\n") else { return false }
    let head = text[..<headEnd.lowerBound].lowercased()
    guard
      let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
      let length = Int(line.dropFirst(15).trimmingCharacters(in: .whitespaces))
    else { return true }
    return text.utf8.count - text.utf8.distance(from: text.startIndex, to: headEnd.upperBound)
      >= length
  }
}
