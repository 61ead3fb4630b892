import Foundation
import Glibc
import HTTPServer
import Testing

/// The access-log line: fixed keys, JSON escaping, UTC milliseconds.
@Suite struct AccessLogTests {
  @Test func escapesWhatJSONRequiresAndKeepsOtherUTF8() throws {
    let record = HTTPExchangeRecord(
      start: Date(timeIntervalSince1970: 951_782_400.007), requestID: nil,
      method: HTTPRequestMethod(rawValue: String(repeating: "M", count: 40)),
      route: "/é/\"q\"\\\n\t\u{1}", status: 503, latency: .microseconds(1_234_567),
      duration: .zero, bodyBytes: 0, completed: false)
    let line = AccessLog.line(for: record)
    #expect(
      line
        == "{\"time\":\"2000-02-29T00:00:00.007Z\",\"request_id\":null,\"method\":\""
        + String(repeating: "M", count: 32) + "\",\"route\":\"/é/\\\"q\\\"\\\\\\n\\t\\u0001\","
        + "\"status\":503,\"latency_ms\":1234.567,\"duration_ms\":0.000,\"bytes\":0,"
        + "\"completed\":false}")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(object["route"] as? String == "/é/\"q\"\\\n\t\u{1}")
  }

  @Test func writesToADescriptorTheSameLineItFormats() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let records = [
      HTTPExchangeRecord(
        start: Date(timeIntervalSince1970: 1_764_640_775.123), requestID: "req-1",
        method: .get, route: "/health", status: 200, latency: .microseconds(412),
        duration: .microseconds(412), bodyBytes: 16, completed: true),
      HTTPExchangeRecord(
        start: Date(timeIntervalSince1970: 0), requestID: nil, method: .post,
        route: "/\"é\"\u{7F}", status: 404, latency: .zero, duration: .zero, bodyBytes: 0,
        completed: false),
    ]
    let log = AccessLog(sink: FileDescriptorAccessLogSink(descriptor: ends[1]))
    for record in records { log.exchangeFinished(record) }
    close(ends[1])
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while case let count = read(ends[0], &buffer, buffer.count), count > 0 {
      received += buffer[..<count]
    }
    let expected = records.map { AccessLog.line(for: $0) + "\n" }.joined()
    #expect(String(decoding: received, as: UTF8.self) == expected)
    #expect(expected.contains("\"route\":\"/\\\"é\\\"\\u007f\""))
  }

  @Test func writesEveryLineWholeFromManyThreadsAtOnce() async throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    let (readEnd, writeEnd) = (ends[0], ends[1])
    let sink = FileDescriptorAccessLogSink(descriptor: writeEnd)
    // Every fifth line is longer than a pipe writes whole (4 KiB): only the sink's lock
    // keeps the other writers' lines out of it. (Writing short lines without the lock let
    // them land inside a long one: this test failed.)
    func line(_ writer: Int, _ index: Int) -> String {
      let tag = "w\(writer)-\(index)-"
      return tag + String(repeating: "x", count: (index % 5 == 0 ? 10_000 : 300) - tag.count)
    }
    async let received: [UInt8] = withCheckedContinuation { continuation in
      // A reader of its own, so full pipe buffers never stall the writers for good.
      Thread {
        var all: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
          let count = read(readEnd, &buffer, buffer.count)
          guard count > 0 else { break }
          all += buffer[..<count]
        }
        close(readEnd)
        continuation.resume(returning: all)
      }.start()
    }
    await withTaskGroup(of: Void.self) { group in
      for writer in 0..<8 {
        group.addTask { for index in 0..<200 { sink.writeLine(line(writer, index)) } }
      }
    }
    close(writeEnd)
    let lines = String(decoding: await received, as: UTF8.self).split(separator: "\n")
    let expected = Set((0..<8).flatMap { writer in (0..<200).map { line(writer, $0) } })
    #expect(lines.count == 1600)
    #expect(Set(lines.map(String.init)) == expected)
    #expect(sink.droppedLines == 0)
  }

  @Test func countsALineThatCannotBeWritten() {
    let sink = FileDescriptorAccessLogSink(descriptor: -1)
    sink.writeLine("short")
    sink.writeLine(String(repeating: "y", count: 1000))
    #expect(sink.droppedLines == 2)
  }
}
