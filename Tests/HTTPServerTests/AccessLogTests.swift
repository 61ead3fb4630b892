import Foundation
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
}
