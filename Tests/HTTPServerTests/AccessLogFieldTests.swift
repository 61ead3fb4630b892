import Core
import Foundation
import HTTPServer
import Synchronization
import Testing

/// Fields a responder adds to its access-log line (decision 134): after the fixed keys, in
/// the responder's order, escaped; for a stream, read once its body has ended.
@Suite struct AccessLogFieldTests {
  @Test func addedFieldsFollowTheFixedKeysEscapedAndInOrder() throws {
    let record = HTTPExchangeRecord(
      start: Date(timeIntervalSince1970: 0), requestID: "r", method: .post, route: "/ai",
      status: 200, latency: .zero, duration: .zero, bodyBytes: 3, completed: true,
      fields: [
        AccessLogField("user_id", .string("u\"1\n")), AccessLogField("prompt_tokens", .integer(12)),
        AccessLogField("free_refunded", .boolean(true)),
      ])
    let line = AccessLog.line(for: record)
    #expect(
      line.hasSuffix(
        #""bytes":3,"completed":true,"user_id":"u\"1\n","prompt_tokens":12,"free_refunded":true}"#
      ))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(object["user_id"] as? String == "u\"1\n")
  }

  @Test func aStreamsFieldsAreReadWhenItsBodyHasEnded() async throws {
    let sink = RecordingSink()
    let outcome = Mutex("not yet")
    let middleware = ObservationMiddleware(
      clock: .fixed(Date(timeIntervalSince1970: 0)), observers: [sink])
    var response = HTTPServerResponse(
      stream: HTTPResponseStream { writer in
        try await writer.write(Array("data".utf8))
        outcome.withLock { $0 = "finished" }
      })
    response.accessLogFields = AccessLogFieldSource {
      [AccessLogField("reply", .string(outcome.withLock { $0 }))]
    }
    let answered = response
    let request = HTTPServerRequest(
      head: HTTPRequestHead(method: .get, target: "/events", version: .http11, fields: HTTPFields())
    )
    let observed = middleware.respondSynchronously(
      to: request, route: HTTPRouteMatch(pattern: "/events")
    ) { _ in answered }
    guard case .stream(let stream) = observed.body else {
      Issue.record("the stream was not passed through")
      return
    }
    #expect(sink.records.isEmpty)
    try await stream.produce(DiscardingWriter())
    #expect(sink.records.map(\.fields) == [[AccessLogField("reply", .string("finished"))]])
  }
}

/// Takes every write and keeps nothing.
private struct DiscardingWriter: HTTPBodyWriter {
  func write(_ bytes: [UInt8]) async throws {}
}
