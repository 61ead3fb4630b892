/// An incremental HTTP/1.1 request parser (RFC 9112): bytes in, heads and requests out.
///
/// It needs no socket: feed it whatever arrived, in pieces of any size (one byte at a time
/// gives the same result as all at once, because the head is judged byte by byte), then
/// drain `nextEvent()`. Pipelined requests come out in order. Body bytes are copied once,
/// from the input straight into the request's body.
///
/// It is strict where RFC 9112 says MUST and refuses every ambiguous framing, so no two
/// parsers in a chain can disagree about where a request ends. After an error it ignores
/// all further input: the connection must be closed.
public struct HTTPRequestParser: Sendable {
  enum State: Sendable {
    case requestLine
    case fields
    case body(remaining: Int)
    case chunkSize
    case chunkData(remaining: Int)
    case chunkDataCarriageReturn
    case chunkDataLineFeed
    case trailers
    case failed(HTTPRequestParseError)
  }

  /// A request's own body limit, asked with its method and path once its head is
  /// complete; `nil` from it (or no function) means `limits.maxBodyBytes`.
  public typealias BodyLimit = @Sendable (HTTPRequestMethod, String) -> Int?

  /// The limits this parser enforces.
  public let limits: HTTPParserLimits
  let bodyLimit: BodyLimit?
  /// The body limit of the request being read.
  var currentBodyLimit: Int

  var state = State.requestLine
  /// The line being collected (request line, field line, chunk-size line, trailer line).
  var line: [UInt8] = []
  /// Bytes of the current head or trailer section so far, for the 431 limit.
  var sectionBytes = 0
  var firstSpace: Int?
  var secondSpace: Int?
  var method = HTTPRequestMethod.get
  var target = ""
  var version = HTTPVersion.http11
  var fields: [HTTPField] = []
  var head: HTTPRequestHead?
  var body: [UInt8] = []
  var trailers: [HTTPField] = []
  var events: [HTTPParserEvent] = []
  var eventCursor = 0

  /// A parser that enforces `limits`, with per-request body limits from `bodyLimit`.
  public init(limits: HTTPParserLimits = HTTPParserLimits(), bodyLimit: BodyLimit? = nil) {
    self.limits = limits
    self.bodyLimit = bodyLimit
    currentBodyLimit = limits.maxBodyBytes
  }

  /// Whether no request has started since the last one ended (only empty lines, if
  /// anything, have arrived): the connection is idle rather than mid-request.
  public var isBetweenMessages: Bool {
    guard case .requestLine = state else { return false }
    return line.isEmpty
  }

  /// The error that stopped the parser, if any.
  public var failure: HTTPRequestParseError? {
    if case .failed(let error) = state { return error }
    return nil
  }

  /// Parses bytes that arrived; finished heads and requests queue up for `nextEvent()`.
  public mutating func feed(_ bytes: some Collection<UInt8>) {
    if let done = bytes.withContiguousStorageIfAvailable({ buffer in
      feed(UnsafeRawBufferPointer(buffer))
    }) {
      return done
    }
    Array(bytes).withUnsafeBytes { feed($0) }
  }

  /// Parses bytes that arrived, from raw memory (a socket's read buffer).
  public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
    var index = 0
    while index < bytes.count {
      switch state {
      case .failed:
        return
      case .body(let remaining):
        let taken = min(remaining, bytes.count - index)
        body.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<index + taken]))
        index += taken
        if taken == remaining {
          finishMessage()
        } else {
          state = .body(remaining: remaining - taken)
        }
      case .chunkData(let remaining):
        let taken = min(remaining, bytes.count - index)
        body.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<index + taken]))
        index += taken
        state =
          taken == remaining ? .chunkDataCarriageReturn : .chunkData(remaining: remaining - taken)
      case .chunkDataCarriageReturn:
        state =
          bytes[index] == HTTPSyntax.carriageReturn
          ? .chunkDataLineFeed : .failed(.malformedChunkTerminator)
        index += 1
      case .chunkDataLineFeed:
        state =
          bytes[index] == HTTPSyntax.lineFeed
          ? .chunkSize : .failed(.malformedChunkTerminator)
        index += 1
      case .requestLine, .fields, .trailers:
        // Bytes that need no judging alone join the line at once; the rest go one by one.
        let run = plainRun(bytes, from: index)
        if run > 0 {
          line.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<index + run]))
          sectionBytes += run
          index += run
        } else {
          lineByte(bytes[index])
          index += 1
        }
      case .chunkSize:
        lineByte(bytes[index])
        index += 1
      }
    }
  }

  /// The next head or request found, in order; `nil` when more bytes are needed.
  ///
  /// - Throws: `HTTPRequestParseError` once every event before the error has been returned.
  public mutating func nextEvent() throws(HTTPRequestParseError) -> HTTPParserEvent? {
    if eventCursor < events.count {
      defer {
        eventCursor += 1
        if eventCursor == events.count {
          events.removeAll(keepingCapacity: true)
          eventCursor = 0
        }
      }
      return events[eventCursor]
    }
    if case .failed(let error) = state { throw error }
    return nil
  }

  mutating func fail(_ error: HTTPRequestParseError) {
    state = .failed(error)
    line = []
  }

  /// One byte of a line-oriented part: limits, bare CR, then the line at its LF.
  private mutating func lineByte(_ byte: UInt8) {
    if case .chunkSize = state {
      guard line.count < limits.maxChunkLineBytes else { return fail(.malformedChunkSize) }
    } else {
      sectionBytes += 1
      guard sectionBytes <= limits.maxHeadBytes else { return fail(.headTooLarge) }
    }
    if byte == HTTPSyntax.lineFeed {
      let endedWithCarriageReturn = line.last == HTTPSyntax.carriageReturn
      if endedWithCarriageReturn { line.removeLast() }
      // The line's buffer is lent to `endLine` and taken back emptied: copying it out and
      // emptying `line` would copy the shared buffer once per line.
      var content: [UInt8] = []
      swap(&content, &line)
      endLine(content, endedWithCarriageReturn: endedWithCarriageReturn)
      if case .failed = state { return }
      content.removeAll(keepingCapacity: true)
      line = content
      return
    }
    if line.last == HTTPSyntax.carriageReturn { return fail(.bareCarriageReturn) }
    line.append(byte)
    if case .requestLine = state { requestLineByte(byte, at: line.count - 1) }
  }

  /// Judges the request line as it grows, so a huge target is refused (414) before the
  /// head limit (431) is reached, whatever the pieces the bytes arrive in.
  private mutating func requestLineByte(_ byte: UInt8, at position: Int) {
    if byte == HTTPSyntax.space {
      if firstSpace == nil {
        guard HTTPSyntax.isToken(line[..<position]) else { return fail(.invalidMethod) }
        firstSpace = position
      } else if let first = firstSpace, secondSpace == nil {
        guard position > first + 1 else { return fail(.malformedRequestLine) }
        secondSpace = position
      } else {
        return fail(.malformedRequestLine)
      }
    }
    if let first = firstSpace, secondSpace == nil, position - first > limits.maxTargetBytes {
      fail(.targetTooLong)
    }
  }

  private mutating func endLine(_ content: [UInt8], endedWithCarriageReturn: Bool) {
    switch state {
    case .requestLine:
      // RFC 9112 §2.2: empty lines before the request line are ignored.
      if !content.isEmpty { parseRequestLine(content) }
    case .fields:
      if content.isEmpty {
        finishHead()
      } else if let field = parseField(content) {
        fields.append(field)
      }
    case .trailers:
      if content.isEmpty {
        finishMessage()
      } else if let field = parseField(content) {
        trailers.append(field)
      }
    case .chunkSize:
      guard endedWithCarriageReturn else { return fail(.malformedChunkSize) }
      parseChunkSize(content)
    default:
      break
    }
  }

  /// Queues the finished request and resets for the next one on the connection.
  mutating func finishMessage() {
    guard let head else { return }
    let request = HTTPServerRequest(head: head, body: body, trailers: HTTPFields(trailers))
    events.append(.request(request))
    self.head = nil
    body = []
    fields = []
    trailers = []
    sectionBytes = 0
    firstSpace = nil
    secondSpace = nil
    state = .requestLine
  }
}
