import Foundation
import Networking

/// What the loopback server sends for one request: a status, headers and a body, with
/// optional pauses, gates, stalls and dropped connections along the way.
///
/// Build one with the static helpers and modifiers:
///
/// ```swift
/// .json(#"{"ok":true}"#)
/// .text("slow", status: 503).header("Retry-After", "2")
/// .eventStream([.text("data: a\n\n"), .gate(gate), .text("data: b\n\n")])
/// .chunked([.text("partial"), .dropConnection])
/// .stall()                                // accepts the request and never answers
/// .json("{}").delayed(by: .milliseconds(300)) // a slow first byte
/// ```
public struct LoopbackResponse: Sendable {
  /// One step in sending a body (or, in `beforeHead`, before the status line).
  public enum Step: Sendable {
    /// Sends bytes (as one chunk in a chunked body).
    case data(Data)
    /// Waits this long (real time). Prefer `gate` in tests: it needs no timing.
    case delay(Duration)
    /// Waits until the test opens the gate.
    case gate(LoopbackGate)
    /// Closes the connection at once, leaving the response unfinished.
    case dropConnection
    /// Sends nothing more and keeps the connection open until the client closes it or the
    /// server stops.
    case stall

    /// Sends UTF-8 text.
    public static func text(_ text: String) -> Step { .data(Data(text.utf8)) }
  }

  /// How the body is framed and produced.
  public enum Body: Sendable {
    /// No body (`Content-Length: 0`).
    case empty
    /// A body with a `Content-Length`.
    case bytes(Data)
    /// `Transfer-Encoding: chunked`; each `.data` step is one chunk.
    case chunked([Step])
    /// Raw writes with the given `Content-Length` (or none: the body ends when the
    /// connection closes). Use it to cut a fixed-length body short.
    case streamed(contentLength: Int?, [Step])
    /// `byteCount` bytes of `pattern` repeated, written as fast as the client reads, in
    /// writes of about `chunkSize` bytes; chunked or with a `Content-Length`.
    case generated(pattern: Data, byteCount: Int, chunkSize: Int, chunked: Bool)
  }

  /// The status code.
  public var status: Int
  /// The reason phrase; a standard one is used when `nil`.
  public var reason: String?
  /// Header fields. Framing headers (`Content-Length`, `Transfer-Encoding`) are added from
  /// the body unless set here.
  public var headers: HTTPHeaders
  /// The body.
  public var body: Body
  /// Steps before the status line: delays and gates make a slow first byte, `.stall` never
  /// answers, `.dropConnection` closes without answering.
  public var beforeHead: [Step]
  /// Whether the server closes the connection after this response (`Connection: close`).
  public var closesConnection: Bool

  /// A response with the given parts.
  public init(
    status: Int = 200, reason: String? = nil, headers: HTTPHeaders = HTTPHeaders(),
    body: Body = .empty, beforeHead: [Step] = [], closesConnection: Bool = false
  ) {
    self.status = status
    self.reason = reason
    self.headers = headers
    self.body = body
    self.beforeHead = beforeHead
    self.closesConnection = closesConnection
  }
}
