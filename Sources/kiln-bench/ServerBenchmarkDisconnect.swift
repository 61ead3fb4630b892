import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension ServerBenchmarkLoad {
  /// How long streaming producers took to learn that their client had gone.
  struct DisconnectResult: Sendable {
    /// Milliseconds from the client's `close` to the producer being told, sorted.
    var delays: [Double] = []
    /// Disconnects whose notice never came (within 5 s) or could not be measured.
    var missing = 0

    func percentile(_ fraction: Double) -> Double {
      guard !delays.isEmpty else { return .nan }
      let index = min(delays.count - 1, Int((Double(delays.count) * fraction).rounded(.up)) - 1)
      return delays[max(0, index)]
    }
  }

  /// `count` disconnects one after another: open `GET /disconnect?id=N`, read its first
  /// event, note the monotonic time and close the socket; then ask the target, on a kept-
  /// alive connection, when the producer was told (polling every millisecond for up to 5 s).
  static func measureDisconnects(port: Int, count: Int, firstID: Int) -> DisconnectResult {
    var result = DisconnectResult()
    guard let probe = connect(port: port) else {
      result.missing = count
      return result
    }
    defer { close(probe) }
    for id in firstID..<firstID + count {
      guard let closedAt = openReadAndClose(port: port, id: id),
        let told = notice(probe: probe, id: id, within: 5)
      else {
        result.missing += 1
        continue
      }
      result.delays.append(Double(told - closedAt) / 1_000_000)
    }
    result.delays.sort()
    return result
  }

  /// Opens the stream, waits for its first event and closes; the monotonic time of the close.
  private static func openReadAndClose(port: Int, id: Int) -> Int? {
    guard let descriptor = connect(port: port) else { return nil }
    guard send(descriptor, "GET /disconnect?id=\(id) HTTP/1.1\r\nHost: bench\r\n\r\n") else {
      close(descriptor)
      return nil
    }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    let ready = Array("data: ready\n\n".utf8)
    // Bounded: the socket's receive timeout is 10 s, and at most 64 reads.
    for _ in 0..<64 {
      let count = read(descriptor, &buffer, buffer.count)
      guard count > 0 else { break }
      received += buffer[..<count]
      if received.count >= ready.count,
        String(decoding: received, as: UTF8.self).contains("data: ready\n\n")
      {
        let closedAt = ServerBenchmarkTarget.monotonicNanoseconds()
        close(descriptor)
        return closedAt
      }
    }
    close(descriptor)
    return nil
  }

  /// The monotonic nanoseconds at which the producer of stream `id` was told, asked on
  /// `probe` until it is known or `seconds` pass.
  private static func notice(probe: Int32, id: Int, within seconds: Double) -> Int? {
    let stop = ServerBenchmarkTarget.monotonicNanoseconds() + Int(seconds * 1e9)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while ServerBenchmarkTarget.monotonicNanoseconds() < stop {
      guard send(probe, "GET /disconnect-notice?id=\(id) HTTP/1.1\r\nHost: probe\r\n\r\n")
      else { return nil }
      var received: [UInt8] = []
      for _ in 0..<64 {
        let count = read(probe, &buffer, buffer.count)
        guard count > 0 else { return nil }
        received += buffer[..<count]
        if isCompleteResponse(received) { break }
      }
      let text = String(decoding: received, as: UTF8.self)
      if text.hasPrefix("HTTP/1.1 200"), let bodyStart = text.range(of: "\r\n\r\n") {
        return Int(text[bodyStart.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines))
      }
      usleep(1000)
    }
    return nil
  }
}
