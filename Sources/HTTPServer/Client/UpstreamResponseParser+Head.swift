extension UpstreamResponseParser {
  /// Reads head bytes from `index`; returns how many were used and the head when a final
  /// (non-1xx) one is complete.
  mutating func readHead(
    _ bytes: UnsafeRawBufferPointer, from index: Int
  ) throws(UpstreamResponseParseError) -> (Int, UpstreamResponseHead?) {
    // The head ends at the first empty line: "\n\n" or "\n\r\n" (a bare LF ends a line as
    // RFC 9112 §2.2 lets a recipient accept).
    var cursor = index
    // Empty lines before a status line (a stray line end after the body before) are
    // skipped, as a server skips them before a request line (RFC 9112 §2.2).
    if pending.isEmpty {
      while cursor < bytes.count, skippedLineEndBytes < Self.skippableLineEndBytes,
        bytes[cursor] == HTTPSyntax.carriageReturn || bytes[cursor] == HTTPSyntax.lineFeed
      {
        cursor += 1
        skippedLineEndBytes += 1
      }
      guard cursor < bytes.count else { return (bytes.count - index, nil) }
    }
    sawResponse = true
    let start = cursor
    var end: Int?
    while let lineFeed = lineEnd(bytes, from: cursor) {
      if endsHead(bytes, at: lineFeed) {
        end = lineFeed
        break
      }
      cursor = lineFeed + 1
    }
    guard let end else {
      guard pending.count + bytes.count - start <= limits.headBytes else {
        throw failure("head too long")
      }
      pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<bytes.count]))
      return (bytes.count - index, nil)
    }
    guard pending.count + end + 1 - start <= limits.headBytes else {
      throw failure("head too long")
    }
    pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start...end]))
    let headBytes = pending
    pending = []
    let head = try parseHead(headBytes)
    if (100..<200).contains(head.status) {
      guard head.status != 101 else { throw failure("an unasked-for protocol switch") }
      return (end + 1 - index, nil)
    }
    state = try bodyState(for: head)
    return (end + 1 - index, head)
  }

  /// Whether the line feed at `index` ends an empty line, counting the bytes kept from
  /// earlier reads.
  private func endsHead(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Bool {
    func byte(_ back: Int) -> UInt8? {
      let position = index - back
      if position >= 0 { return bytes[position] }
      let kept = pending.count + position
      return kept >= 0 ? pending[kept] : nil
    }
    if byte(1) == HTTPSyntax.lineFeed { return true }
    return byte(1) == HTTPSyntax.carriageReturn && byte(2) == HTTPSyntax.lineFeed
  }

  private func parseHead(
    _ bytes: [UInt8]
  ) throws(UpstreamResponseParseError)
    -> UpstreamResponseHead
  {
    var lines = lines(of: bytes)
    guard !lines.isEmpty else { throw failure("an empty head") }
    let statusLine = lines.removeFirst()
    // status-line = HTTP-version SP status-code SP [ reason-phrase ]
    let start = statusLine.startIndex
    guard statusLine.count >= 12,
      let version = HTTPRequestParser.version(statusLine[start..<start + 8]),
      version.major == 1, statusLine[start + 8] == HTTPSyntax.space,
      let hundreds = HTTPSyntax.decimalValue(statusLine[start + 9]),
      let tens = HTTPSyntax.decimalValue(statusLine[start + 10]),
      let units = HTTPSyntax.decimalValue(statusLine[start + 11]),
      statusLine.count == 12 || statusLine[start + 12] == HTTPSyntax.space
    else { throw failure("a bad status line") }
    let status = hundreds * 100 + tens * 10 + units
    guard (100..<600).contains(status) else { throw failure("a status out of range") }
    guard lines.count <= limits.fieldCount else { throw failure("too many fields") }
    var fields: [HTTPField] = []
    fields.reserveCapacity(lines.count)
    for line in lines {
      // The same rules as a request's fields: no folding, no space before the colon.
      switch HTTPRequestParser.field(Array(line)) {
      case .success(let field): fields.append(field)
      case .failure(let problem): throw failure("a bad field line (\(problem))")
      }
    }
    let headFields = HTTPFields(fields)
    let connection = headFields.listElements(named: "Connection").map { $0.lowercased() }
    let keeps =
      version.minor >= 1 ? !connection.contains("close") : connection.contains("keep-alive")
    return UpstreamResponseHead(status: status, fields: headFields, keepsConnection: keeps)
  }

  /// The head's lines, without their line ends, up to the empty line.
  private func lines(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    for index in bytes.indices where bytes[index] == HTTPSyntax.lineFeed {
      var end = index
      if end > start, bytes[end - 1] == HTTPSyntax.carriageReturn { end -= 1 }
      if end == start { break }
      lines.append(bytes[start..<end])
      start = index + 1
    }
    return lines
  }

  /// How the body after `head` is framed (RFC 9112 §6.3).
  private func bodyState(
    for head: UpstreamResponseHead
  ) throws(UpstreamResponseParseError)
    -> State
  {
    if requestWasHead || head.status == 204 || head.status == 304 { return .done }
    let framing = HTTPMessageFraming.framing(
      of: head.fields, version: HTTPVersion(major: 1, minor: 1), maxBodyBytes: Int.max)
    switch framing {
    case .success(.chunked): return .chunkSize
    case .success(.contentLength(let length)): return length == 0 ? .done : .length(length)
    case .success(.none): return .untilClose
    case .failure(let problem): throw failure("its framing (\(problem))")
    }
  }
}
