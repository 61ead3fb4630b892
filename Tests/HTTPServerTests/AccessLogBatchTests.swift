import Foundation
import Glibc
import Testing

@testable import HTTPServer

/// An event loop's batch shares the text of the current second between its lines: every
/// line must still read exactly as one formatted alone.
@Suite struct AccessLogBatchTests {
  @Test func linesSharingASecondReadAsLinesFormattedAlone() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]) }
    // Same second twice, the next second, back to an earlier second, a new day and year,
    // and a time before 1970: each change of second must renew the shared text.
    let times: [TimeInterval] = [
      1_764_640_775.123, 1_764_640_775.999, 1_764_640_776.000, 1_764_640_775.5,
      1_767_225_599.999, 1_767_225_600.001, -0.5, -86_400.25,
    ]
    let records = times.enumerated().map { index, time in
      HTTPExchangeRecord(
        start: Date(timeIntervalSince1970: time), requestID: "req-\(index)", method: .get,
        route: "/health", status: 200, latency: .microseconds(index * 1_001),
        duration: .microseconds(index * 1_001), bodyBytes: index, completed: true)
    }
    let log = AccessLog(sink: FileDescriptorAccessLogSink(descriptor: ends[1]))
    let batch = AccessLogBatch()
    AccessLogBatch.install(batch)
    for record in records { log.exchangeFinished(record) }
    AccessLogBatch.install(nil)
    batch.flush()
    close(ends[1])
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while case let count = read(ends[0], &buffer, buffer.count), count > 0 {
      received += buffer[..<count]
    }
    let lines = String(decoding: received, as: UTF8.self).split(separator: "\n").map(String.init)
    #expect(lines == records.map { AccessLog.line(for: $0) })
    #expect(lines.first?.hasPrefix("{\"time\":\"2025-12-02T01:59:35.123Z\"") == true)
    #expect(lines.dropFirst(5).first?.hasPrefix("{\"time\":\"2026-01-01T00:00:00.001Z\"") == true)
    #expect(lines.dropFirst(6).first?.hasPrefix("{\"time\":\"1969-12-31T23:59:59.500Z\"") == true)
  }

  /// A task answering for a loop posts its line to the loop's mailbox instead of writing
  /// it; once the loop has stopped, the line is written at once, never lost.
  @Test func aTasksLineGoesToItsLoopsMailboxAndIsWrittenWhenTheLoopHasStopped() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]) }
    _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
    let sink = FileDescriptorAccessLogSink(descriptor: ends[1])
    let log = AccessLog(sink: sink)
    let record = HTTPExchangeRecord(
      start: Date(timeIntervalSince1970: 1_764_640_775.5), requestID: "req-task", method: .post,
      route: "/v1/chat/completions", status: 200, latency: .microseconds(900),
      duration: .milliseconds(12), bodyBytes: 4_096, completed: true)
    let expected = Array((AccessLog.line(for: record) + "\n").utf8)
    let mailbox = try LoopMailbox()
    AccessLogForwarding.$mailbox.withValue(mailbox) {
      log.exchangeFinished(record)
    }
    var buffer = [UInt8](repeating: 0, count: 4096)
    #expect(read(ends[0], &buffer, buffer.count) == -1, "the line was written, not posted")
    let posted = mailbox.drain()
    #expect(posted.count == 1)
    guard case .accessLog(let postedSink, let line)? = posted.first else {
      Issue.record("expected an access-log message, got \(posted)")
      return
    }
    #expect(postedSink === sink)
    #expect(line == expected)
    // A stopped loop takes no message: the line is written here instead.
    _ = mailbox.seal()
    AccessLogForwarding.$mailbox.withValue(mailbox) {
      log.exchangeFinished(record)
    }
    let count = read(ends[0], &buffer, buffer.count)
    #expect(count > 0 && Array(buffer[..<max(0, count)]) == expected)
    close(ends[1])
  }

  @Test func decimalsAndPaddedDigitsMatchTheirText() {
    for value in [0, 1, 9, 10, 99, 100, 999, 1_000, 65_535, Int.max] {
      var bytes: [UInt8] = []
      bytes.appendDecimal(value)
      #expect(String(decoding: bytes, as: UTF8.self) == String(value))
    }
    var negative: [UInt8] = []
    negative.appendDecimal(-42)
    #expect(String(decoding: negative, as: UTF8.self) == "-42")
    for (value, count, text) in [
      (7, 3, "007"), (123, 3, "123"), (12_345, 3, "12345"), (0, 2, "00"),
    ] {
      var bytes: [UInt8] = []
      bytes.appendDigits(value, count: count)
      #expect(String(decoding: bytes, as: UTF8.self) == text)
    }
  }
}
