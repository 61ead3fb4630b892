import Foundation
import Networking

extension Benchmark {
  /// `kiln-bench sse [--runs N] [--megabytes M]`: the SSE parser against a newline count.
  static let sse = Benchmark(
    name: "sse",
    summary: "SSE parser throughput on chat-completion events and one 8 MiB line",
    run: { arguments in try SSEBenchmark(arguments: arguments).run() }
  )
}

/// Measures `ServerSentEventParser` on in-memory streams pushed in network-sized chunks,
/// next to a plain count of LF bytes over the same bytes in the same run.
struct SSEBenchmark {
  /// Measured runs per figure; the median is reported.
  var runs = 5
  /// Size of the chat-completion stream, in MB (10^6 bytes).
  var megabytes = 100
  /// Bytes per `push`, like one network read.
  let chunkSize = 16 * 1024
  /// Length of the single `data:` line payload.
  let longLineBytes = 8 * 1024 * 1024

  init(arguments: [String]) throws {
    let options = try BenchmarkSupport.positiveOptions(
      arguments, allowed: ["--runs", "--megabytes"])
    runs = options["--runs"] ?? runs
    megabytes = options["--megabytes"] ?? megabytes
  }

  func run() throws {
    let events = SSEBenchmarkStreams.chatCompletions(byteCount: megabytes * 1_000_000)
    print(
      "sse: \(format(megabytes: events.bytes.count)) of chat-completion events"
        + " (\(events.eventCount) events), \(chunkSize / 1024) KiB chunks,"
        + " median of \(runs) runs (MB = 10^6 bytes)")
    let typical = try measure(events.bytes, expectedEvents: events.eventCount)
    let rate = { (seconds: Double) in Double(events.bytes.count) / seconds / 1e6 }
    let ratio = typical.parser / typical.scan
    report(
      "parser", "\(format(rate(typical.parser))) MB/s", "target >= 300 MB/s",
      rate(typical.parser) >= 300)
    report("newline scan", "\(format(rate(typical.scan))) MB/s", "baseline: byte loop", nil)
    report("parser / newline scan", "\(format(ratio))x", "target <= 5x", ratio <= 5)
    report("memchr newline count", "\(format(rate(typical.memchr))) MB/s", "reference only", nil)
    report("parser / memchr count", "\(format(typical.parser / typical.memchr))x", "", nil)

    let line = SSEBenchmarkStreams.singleLine(payloadBytes: longLineBytes)
    print("sse: one \(longLineBytes / (1024 * 1024)) MiB data: line, same chunks")
    let long = try measure(line, expectedEvents: 1)
    let milliseconds = long.parser * 1000
    report("parser", "\(format(milliseconds)) ms", "target < 50 ms", milliseconds < 50)
    report("newline scan", "\(format(long.scan * 1000)) ms", "baseline: byte loop", nil)
    report("parser / newline scan", "\(format(long.parser / long.scan))x", "", nil)
    report("memchr newline count", "\(format(long.memchr * 1000)) ms", "reference only", nil)
  }

  /// Median seconds for parsing `bytes` and for counting its LF bytes two ways, after
  /// checking that the parser found the expected events and both counts agree.
  private func measure(
    _ bytes: [UInt8], expectedEvents: Int
  ) throws -> (parser: Double, scan: Double, memchr: Double) {
    var parserTimes: [Double] = []
    var scanTimes: [Double] = []
    var memchrTimes: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<runs {
      var lineFeeds = 0
      scanTimes.append(seconds(clock.measure { lineFeeds = Self.countLineFeeds(bytes) }))
      var memchrLineFeeds = 0
      memchrTimes.append(
        seconds(clock.measure { memchrLineFeeds = Self.countLineFeedsWithMemchr(bytes) }))
      var parsed = (events: 0, dataBytes: 0)
      parserTimes.append(
        seconds(clock.measure { parsed = Self.parse(bytes, chunkSize: chunkSize) }))
      guard parsed.events == expectedEvents, parsed.dataBytes > 0 else {
        throw BenchmarkError(
          description: "parsed \(parsed.events) events, expected \(expectedEvents)")
      }
      guard lineFeeds == memchrLineFeeds, lineFeeds > 0 else {
        throw BenchmarkError(description: "LF counts differ: \(lineFeeds) and \(memchrLineFeeds)")
      }
    }
    return (median(parserTimes), median(scanTimes), median(memchrTimes))
  }

  /// The baseline: the plainest possible pass over the same bytes, one byte at a time.
  @inline(never)
  static func countLineFeeds(_ bytes: [UInt8]) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      var count = 0
      for byte in buffer where byte == 0x0A { count &+= 1 }
      return count
    }
  }

  /// A stricter reference: the C library's vectorized `memchr`, one call per LF.
  @inline(never)
  static func countLineFeedsWithMemchr(_ bytes: [UInt8]) -> Int {
    bytes.withUnsafeBytes { buffer in
      guard let start = buffer.baseAddress else { return 0 }
      let end = start + buffer.count
      var cursor = start
      var count = 0
      while cursor < end, let found = memchr(cursor, 0x0A, end - cursor) {
        count &+= 1
        cursor = UnsafeRawPointer(found) + 1
      }
      return count
    }
  }

  /// Pushes `bytes` in chunks as a transport would, touching every event so none of the
  /// work can be skipped.
  @inline(never)
  static func parse(_ bytes: [UInt8], chunkSize: Int) -> (events: Int, dataBytes: Int) {
    var parser = ServerSentEventParser(limits: .unlimited)
    var events = 0
    var dataBytes = 0
    var start = 0
    while start < bytes.count {
      let end = min(start + chunkSize, bytes.count)
      for event in parser.push(bytes[start..<end]) {
        events += 1
        dataBytes &+= event.data.utf8.count &+ event.type.utf8.count
      }
      start = end
    }
    events += parser.finish().count
    return (events, dataBytes)
  }

  private func report(_ name: String, _ value: String, _ target: String, _ passed: Bool?) {
    let verdict = passed.map { $0 ? "PASS" : "MISS" } ?? ""
    print("  \(pad(name, 24))\(pad(value, 16))\(pad(target, 24))\(verdict)")
  }

  private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }

  private func seconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }

  private func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
  }

  private func format(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return "\(rounded)"
  }

  private func format(megabytes bytes: Int) -> String {
    "\(format(Double(bytes) / 1e6)) MB"
  }
}

/// The in-memory streams `kiln-bench sse` parses.
enum SSEBenchmarkStreams {
  /// Words for the `content` deltas, with some multibyte UTF-8 as real chats have.
  private static let words = [
    "The", " quick", " brown", " fox", " jumps", " over", " the", " lazy", " dog", ".",
    " Streaming", " tokens", " arrive", " one", " chunk", " at", " a", " time", ",",
    " café", " naïve", " 東京", " 🙂", " \\\"quoted\\\"", "\\n\\n", " résumé", " —", " 42",
  ]

  /// OpenAI-style `chat.completion.chunk` events, about `byteCount` bytes in all, with an
  /// OpenRouter keep-alive comment now and then.
  static func chatCompletions(byteCount: Int) -> (bytes: [UInt8], eventCount: Int) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(byteCount + 512)
    var eventCount = 0
    var completion = 0
    while bytes.count < byteCount {
      let id = "chatcmpl-9x\(100_000 + completion)AbCdEfGhIjKlMnOpQrStUv"
      let created = 1_718_000_000 + completion
      for index in 0..<200 {
        let word = words[(index &* 7 &+ completion) % words.count]
        let event =
          "data: {\"id\":\"\(id)\",\"object\":\"chat.completion.chunk\",\"created\":\(created),"
          + "\"model\":\"gpt-4o-mini-2024-07-18\",\"system_fingerprint\":\"fp_0aa8d3e20b\","
          + "\"choices\":[{\"index\":0,\"delta\":{\"content\":\"\(word)\"},"
          + "\"logprobs\":null,\"finish_reason\":null}]}\n\n"
        bytes.append(contentsOf: event.utf8)
        eventCount += 1
        if index % 50 == 0 {
          bytes.append(contentsOf: ": OPENROUTER PROCESSING\n\n".utf8)
        }
      }
      bytes.append(contentsOf: "data: [DONE]\n\n".utf8)
      eventCount += 1
      completion += 1
    }
    return (bytes, eventCount)
  }

  /// One event whose single `data:` line carries `payloadBytes` of base64-like text.
  static func singleLine(payloadBytes: Int) -> [UInt8] {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var bytes = Array("data: ".utf8)
    bytes.reserveCapacity(payloadBytes + 8)
    for index in 0..<payloadBytes {
      bytes.append(alphabet[(index &* 31) & 63])
    }
    bytes.append(contentsOf: "\n\n".utf8)
    return bytes
  }
}
