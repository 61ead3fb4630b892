import Dispatch
import Foundation
import Networking

/// Sending a scripted response: pauses before the head, the head with framing headers, and
/// the body as fixed bytes, chunks, raw writes or a generated stream.
extension LoopbackConnection {
  /// Sends `response` and reports how it ended and how many body bytes were written.
  mutating func respond(
    _ response: LoopbackResponse, to request: LoopbackRequest
  ) -> (LoopbackOutcome, Int) {
    for step in response.beforeHead {
      if case .stop(let outcome) = perform(step, chunked: false) { return (outcome, 0) }
    }
    if let interruption = write(head(for: response, request: request)) {
      return (Self.outcome(interruption), 0)
    }
    if request.method == "HEAD" || response.status == 204 || response.status == 304 {
      return (.completed, 0)
    }
    var sent = 0
    switch response.body {
    case .empty:
      return (.completed, 0)
    case .bytes(let data):
      if let interruption = write(data) { return (Self.outcome(interruption), 0) }
      return (.completed, data.count)
    case .chunked(let steps):
      for step in steps {
        switch perform(step, chunked: true) {
        case .proceed(let bytes): sent += bytes
        case .stop(let outcome): return (outcome, sent)
        }
      }
      if let interruption = write(Data("0\r\n\r\n".utf8)) {
        return (Self.outcome(interruption), sent)
      }
      return (.completed, sent)
    case .streamed(_, let steps):
      for step in steps {
        switch perform(step, chunked: false) {
        case .proceed(let bytes): sent += bytes
        case .stop(let outcome): return (outcome, sent)
        }
      }
      return (.completed, sent)
    case .generated(let pattern, let byteCount, let chunkSize, let chunked):
      return generate(
        pattern: pattern, byteCount: byteCount, chunkSize: chunkSize, chunked: chunked)
    }
  }

  private enum StepResult {
    case proceed(bytes: Int)
    case stop(LoopbackOutcome)
  }

  /// Runs one step: how many body bytes it wrote, or how the response ended.
  private mutating func perform(_ step: LoopbackResponse.Step, chunked: Bool) -> StepResult {
    switch step {
    case .data(let data):
      if data.isEmpty { return .proceed(bytes: 0) }
      var frame = Data()
      if chunked { frame.append(Data((String(data.count, radix: 16) + "\r\n").utf8)) }
      frame.append(data)
      if chunked { frame.append(Data("\r\n".utf8)) }
      if let interruption = write(frame) { return .stop(Self.outcome(interruption)) }
      return .proceed(bytes: data.count)
    case .delay(let duration):
      let deadline = DispatchTime.now().uptimeNanoseconds + Self.nanoseconds(duration)
      return Self.result(pause(until: deadline, gate: nil))
    case .gate(let gate):
      gate.markReached()
      return Self.result(pause(until: nil, gate: gate))
    case .dropConnection:
      POSIXSocket.shutdown(descriptor)
      return .stop(.droppedByScript)
    case .stall:
      return .stop(Self.outcome(pause(until: nil, gate: nil) ?? .stopped))
    }
  }

  private static func result(_ interruption: Interruption?) -> StepResult {
    interruption.map { .stop(outcome($0)) } ?? .proceed(bytes: 0)
  }

  private mutating func generate(
    pattern: Data, byteCount: Int, chunkSize: Int, chunked: Bool
  ) -> (LoopbackOutcome, Int) {
    let unit = pattern.isEmpty ? Data([0x2E]) : pattern
    // Frames of at most `chunkSize` bytes, cut from whole repeats of a short pattern or from a
    // long pattern itself: the server never copies more than one frame, so its memory stays
    // flat however large the body (benchmarks measure the client in this same process).
    let block: Data
    if unit.count >= chunkSize {
      block = unit
    } else {
      var repeated = Data(capacity: (chunkSize / unit.count) * unit.count)
      for _ in 0..<(chunkSize / unit.count) { repeated.append(unit) }
      block = repeated
    }
    var sent = 0
    var offset = 0
    while sent < byteCount {
      let size = min(chunkSize, block.count - offset, byteCount - sent)
      let start = block.startIndex + offset
      var frame = Data()
      if chunked { frame.append(Data((String(size, radix: 16) + "\r\n").utf8)) }
      frame.append(block[start..<(start + size)])
      if chunked { frame.append(Data("\r\n".utf8)) }
      if let interruption = write(frame) { return (Self.outcome(interruption), sent) }
      sent += size
      offset += size
      if offset == block.count { offset = 0 }
    }
    if chunked, let interruption = write(Data("0\r\n\r\n".utf8)) {
      return (Self.outcome(interruption), sent)
    }
    return (.completed, sent)
  }

  private func head(for response: LoopbackResponse, request: LoopbackRequest) -> Data {
    var headers = response.headers
    switch response.body {
    case .empty:
      headers.setIfAbsent("Content-Length", "0")
    case .bytes(let data):
      headers.setIfAbsent("Content-Length", String(data.count))
    case .chunked:
      if !headers.contains("Content-Length") { headers.setIfAbsent("Transfer-Encoding", "chunked") }
    case .streamed(let length, _):
      if let length { headers.setIfAbsent("Content-Length", String(length)) }
    case .generated(_, let byteCount, _, let chunked):
      if chunked {
        headers.setIfAbsent("Transfer-Encoding", "chunked")
      } else {
        headers.setIfAbsent("Content-Length", String(byteCount))
      }
    }
    if response.closesConnection { headers.setIfAbsent("Connection", "close") }
    let reason = response.reason ?? Self.reasonPhrase(response.status)
    var text = "HTTP/1.1 \(response.status) \(reason)\r\n"
    for field in headers { text += "\(field.name): \(field.value)\r\n" }
    text += "\r\n"
    return Data(text.utf8)
  }

  private static func outcome(_ interruption: Interruption) -> LoopbackOutcome {
    switch interruption {
    case .clientClosed: return .clientClosed
    case .stopped: return .serverStopped
    }
  }

  private static func nanoseconds(_ duration: Duration) -> UInt64 {
    let parts = duration.components
    return UInt64(max(0, parts.seconds)) * 1_000_000_000 + UInt64(max(0, parts.attoseconds))
      / 1_000_000_000
  }

  private static func reasonPhrase(_ status: Int) -> String {
    switch status {
    case 200: return "OK"
    case 201: return "Created"
    case 204: return "No Content"
    case 304: return "Not Modified"
    case 400: return "Bad Request"
    case 401: return "Unauthorized"
    case 403: return "Forbidden"
    case 404: return "Not Found"
    case 408: return "Request Timeout"
    case 413: return "Content Too Large"
    case 425: return "Too Early"
    case 429: return "Too Many Requests"
    case 500: return "Internal Server Error"
    case 502: return "Bad Gateway"
    case 503: return "Service Unavailable"
    case 504: return "Gateway Timeout"
    default: return "Status"
    }
  }
}
