import Foundation
import Networking

extension LoopbackResponse {
  /// An empty response with `status`.
  public static func status(_ status: Int, headers: HTTPHeaders = HTTPHeaders()) -> Self {
    LoopbackResponse(status: status, headers: headers)
  }

  /// A `text/plain` response.
  public static func text(_ text: String, status: Int = 200) -> Self {
    LoopbackResponse(
      status: status, headers: ["Content-Type": "text/plain; charset=utf-8"],
      body: .bytes(Data(text.utf8)))
  }

  /// An `application/json` response from JSON text.
  public static func json(_ json: String, status: Int = 200) -> Self {
    LoopbackResponse(
      status: status, headers: ["Content-Type": "application/json"], body: .bytes(Data(json.utf8)))
  }

  /// An `application/json` response encoding `value`.
  /// - Throws: `EncodingError` when `value` cannot be encoded.
  public static func json<Value: Encodable>(
    encoding value: Value, status: Int = 200, encoder: JSONEncoder = JSONEncoder()
  ) throws -> Self {
    LoopbackResponse(
      status: status, headers: ["Content-Type": "application/json"],
      body: .bytes(try encoder.encode(value)))
  }

  /// A chunked response: each `.data` step is sent as one chunk when reached.
  public static func chunked(
    _ steps: [Step], status: Int = 200, headers: HTTPHeaders = HTTPHeaders()
  ) -> Self {
    LoopbackResponse(status: status, headers: headers, body: .chunked(steps))
  }

  /// A chunked `text/event-stream` response, as SSE servers send.
  public static func eventStream(_ steps: [Step], status: Int = 200) -> Self {
    LoopbackResponse(
      status: status, headers: ["Content-Type": "text/event-stream", "Cache-Control": "no-cache"],
      body: .chunked(steps))
  }

  /// `byteCount` bytes of `pattern` repeated, sent as fast as the client reads.
  public static func generated(
    byteCount: Int, pattern: Data = Data("0123456789abcdef".utf8), chunkSize: Int = 64 * 1024,
    chunked: Bool = false, contentType: String = "application/octet-stream"
  ) -> Self {
    LoopbackResponse(
      status: 200, headers: ["Content-Type": contentType],
      body: .generated(
        pattern: pattern, byteCount: byteCount, chunkSize: chunkSize, chunked: chunked))
  }

  /// Accepts the request and never answers, until the client gives up or the server stops.
  public static func stall() -> Self {
    LoopbackResponse(beforeHead: [.stall])
  }

  /// Closes the connection after reading the request, without any response.
  public static func dropConnection() -> Self {
    LoopbackResponse(beforeHead: [.dropConnection])
  }

  /// A copy with the header set.
  public func header(_ name: String, _ value: String) -> Self {
    var copy = self
    copy.headers[name] = value
    return copy
  }

  /// A copy that waits `duration` before the status line: a slow first byte.
  public func delayed(by duration: Duration) -> Self {
    var copy = self
    copy.beforeHead.append(.delay(duration))
    return copy
  }

  /// A copy that waits for `gate` before the status line.
  public func waiting(for gate: LoopbackGate) -> Self {
    var copy = self
    copy.beforeHead.append(.gate(gate))
    return copy
  }

  /// A copy after which the server closes the connection.
  public func closingConnection() -> Self {
    var copy = self
    copy.closesConnection = true
    return copy
  }
}
