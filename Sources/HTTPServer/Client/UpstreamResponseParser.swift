import Foundation

/// The head of a response read from an upstream server.
public struct UpstreamResponseHead: Sendable, Hashable {
  /// The status code (100-599).
  public var status: Int
  /// The header fields as received.
  public var fields: HTTPFields
  /// Whether the connection may carry another request once this response has ended.
  var keepsConnection: Bool
}

/// Why an upstream response could not be read. Every message names the fault, never the
/// bytes that caused it.
public struct UpstreamResponseParseError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What was wrong.
  public var reason: String
  public var description: String { "malformed upstream response: \(reason)" }
}

/// Reads one HTTP/1.1 response after another from the bytes of a client connection
/// (RFC 9112): the status line and fields, then the body framed by `Transfer-Encoding:
/// chunked`, `Content-Length` or the end of the connection. Interim (1xx) responses are
/// skipped.
///
/// Every part fed from the network has a bound: the head, a chunk-size line and the trailer
/// section. The body's bytes are handed out as they arrive, decoded from their chunks and
/// joined into one `Data` per call to `feed`, so a reply's many small chunks cost one copy.
struct UpstreamResponseParser {
  /// The bounds on what the upstream may send.
  struct Limits: Sendable {
    /// The longest head (status line and fields, with their line ends).
    var headBytes = 64 * 1024
    /// The most field lines in a head.
    var fieldCount = 200
    /// The longest chunk-size line (with its extensions).
    var chunkLineBytes = 4 * 1024
    /// The longest trailer section.
    var trailerBytes = 64 * 1024
  }

  enum State {
    /// Reading a head (the response's or an interim one's).
    case head
    /// Reading a chunk-size line.
    case chunkSize
    /// This many bytes of the current chunk are still to come.
    case chunkData(Int)
    /// The line end after a chunk's data.
    case chunkEnd
    /// The trailer section after the last chunk.
    case trailers
    /// This many bytes of a `Content-Length` body are still to come.
    case length(Int)
    /// The body runs until the connection closes.
    case untilClose
    /// The response has ended.
    case done
  }

  /// What one call to `feed` found.
  struct Output {
    /// The head, when it arrived in this call.
    var head: UpstreamResponseHead?
    /// The body's bytes that arrived in this call.
    var body = Data()
    /// Whether the response ended in this call.
    var ended = false
    /// How many of the fed bytes were used: after the end, the rest belongs to nothing
    /// (a server must not send ahead of a request) and the connection is not reused.
    var consumed = 0
    /// Why the bytes after those handed out here cannot be read.
    var failure: UpstreamResponseParseError?
  }

  let limits: Limits
  /// Whether the request was `HEAD`, whose response has no body whatever its fields say.
  let requestWasHead: Bool
  var state = State.head
  /// The bytes of a line or head not yet complete.
  var pending: [UInt8] = []
  /// The trailer section's bytes so far, for its bound.
  private var trailerBytes = 0

  init(limits: Limits = Limits(), requestWasHead: Bool = false) {
    self.limits = limits
    self.requestWasHead = requestWasHead
  }

  /// Whether the final (non-1xx) head has been read.
  var hasHead: Bool {
    if case .head = state { return false }
    return true
  }

  /// Whether the response has ended.
  var isDone: Bool {
    if case .done = state { return true }
    return false
  }

  /// Whether any byte of a response (an interim one included) has arrived; the few line
  /// ends that may come before one do not count.
  var sawResponse = false
  /// Line ends skipped before the status line (at most `skippableLineEndBytes`).
  var skippedLineEndBytes = 0
  static let skippableLineEndBytes = 4

  /// Reads `bytes`, stopping at the end of the response, or at bytes no valid response
  /// holds (`Output.failure`, with what came before them).
  mutating func feed(_ bytes: UnsafeRawBufferPointer) -> Output {
    var output = Output()
    do {
      try parse(bytes, into: &output)
    } catch {
      // What came before the fault is still handed out.
      output.failure = error
    }
    return output
  }

  private mutating func parse(
    _ bytes: UnsafeRawBufferPointer, into output: inout Output
  ) throws(UpstreamResponseParseError) {
    var index = 0
    let count = bytes.count
    while index < count {
      switch state {
      case .done:
        output.consumed = index
        return
      case .head:
        let (used, head) = try readHead(bytes, from: index)
        index += used
        guard let head else { continue }
        output.head = head
        // A response without a body (204, 304, a `HEAD`, `Content-Length: 0`) ends here.
        if case .done = state {
          output.ended = true
          output.consumed = index
          return
        }
      case .chunkSize:
        guard let end = lineEnd(bytes, from: index) else {
          try keepPartialLine(bytes, from: index, limit: limits.chunkLineBytes)
          index = count
          continue
        }
        guard pending.count + end - index <= limits.chunkLineBytes else {
          throw failure("a line too long")
        }
        let size: Int
        if pending.isEmpty {
          size = try Self.chunkSize(UnsafeRawBufferPointer(rebasing: bytes[index..<end]))
        } else {
          let line = takeLine(bytes, from: index, to: end, keepingCarriageReturn: true)
          size = try line.withUnsafeBytes { line in
            Result { () throws(UpstreamResponseParseError) in try Self.chunkSize(line) }
          }.get()
        }
        index = end + 1
        state = size == 0 ? .trailers : .chunkData(size)
        trailerBytes = 0
      case .chunkData(let remaining):
        let taken = min(remaining, count - index)
        // One allocation for what this read holds of the body, not one per chunk.
        if output.body.isEmpty { output.body.reserveCapacity(count - index) }
        output.body.append(
          contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<index + taken]))
        index += taken
        state = taken == remaining ? .chunkEnd : .chunkData(remaining - taken)
      case .chunkEnd:
        // CRLF (or a bare LF) after a chunk's data; a CR may end one read and its LF start
        // the next.
        let byte = bytes[index]
        if pending.isEmpty, byte == HTTPSyntax.carriageReturn {
          pending = [byte]
          index += 1
          continue
        }
        guard byte == HTTPSyntax.lineFeed else {
          throw failure("no line end after a chunk's data")
        }
        pending = []
        index += 1
        state = .chunkSize
      case .trailers:
        guard let end = lineEnd(bytes, from: index) else {
          try keepPartialLine(bytes, from: index, limit: limits.trailerBytes - trailerBytes)
          index = count
          continue
        }
        // The line's start kept from earlier reads counts too.
        trailerBytes += pending.count + end + 1 - index
        guard trailerBytes <= limits.trailerBytes else { throw failure("trailers too long") }
        let line = takeLine(bytes, from: index, to: end)
        index = end + 1
        if line.isEmpty {
          state = .done
          output.ended = true
        } else if case .failure(let problem) = HTTPRequestParser.field(line) {
          // Trailer fields are not used, but they must be fields.
          throw failure("a bad trailer line (\(problem))")
        }
      case .length(let remaining):
        let taken = min(remaining, count - index)
        output.body.append(
          contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<index + taken]))
        index += taken
        if taken == remaining {
          state = .done
          output.ended = true
        } else {
          state = .length(remaining - taken)
        }
      case .untilClose:
        output.body.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<count]))
        index = count
      }
    }
    output.consumed = index
  }

  /// The connection closed: whether that ends the response properly (a body that runs until
  /// the close).
  /// - Throws: `UpstreamResponseParseError` when the close cut the response short.
  mutating func finishAtClose() throws(UpstreamResponseParseError) {
    switch state {
    case .untilClose:
      state = .done
    case .done:
      break
    case .head:
      throw failure(pending.isEmpty ? "the connection closed before a response" : "a cut head")
    case .chunkSize, .chunkData, .chunkEnd, .trailers, .length:
      throw failure("the connection closed inside the body")
    }
  }

  // MARK: - Lines

  /// The index of the next line feed at or after `index`, with the bytes kept from
  /// earlier reads counted as before it.
  func lineEnd(_ bytes: UnsafeRawBufferPointer, from index: Int) -> Int? {
    guard index < bytes.count, let base = bytes.baseAddress else { return nil }
    guard let found = memchr(base + index, Int32(HTTPSyntax.lineFeed), bytes.count - index)
    else { return nil }
    return base.distance(to: UnsafeRawPointer(found))
  }

  /// Keeps the start of a line that continues in the next read, within `limit` bytes.
  private mutating func keepPartialLine(
    _ bytes: UnsafeRawBufferPointer, from index: Int, limit: Int
  ) throws(UpstreamResponseParseError) {
    guard pending.count + bytes.count - index <= limit else { throw failure("a line too long") }
    pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<bytes.count]))
  }

  /// The line ending at the line feed `end` (its start kept from earlier reads), without
  /// its line end.
  private mutating func takeLine(
    _ bytes: UnsafeRawBufferPointer, from index: Int, to end: Int,
    keepingCarriageReturn: Bool = false
  ) -> [UInt8] {
    var line = pending
    pending = []
    line.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<end]))
    if !keepingCarriageReturn, line.last == HTTPSyntax.carriageReturn { line.removeLast() }
    return line
  }

  /// The size on a chunk-size line (without its LF, with or without its CR).
  private static func chunkSize(
    _ line: UnsafeRawBufferPointer
  ) throws(UpstreamResponseParseError) -> Int {
    let end = line.last == HTTPSyntax.carriageReturn ? line.count - 1 : line.count
    switch HTTPMessageFraming.chunkSize(line[..<end], atMost: Int.max) {
    case .success(let size): return size
    case .failure(.tooLarge): throw UpstreamResponseParseError(reason: "a chunk size too large")
    case .failure(.malformed): throw UpstreamResponseParseError(reason: "a bad chunk-size line")
    }
  }

  func failure(_ reason: String) -> UpstreamResponseParseError {
    UpstreamResponseParseError(reason: reason)
  }
}
