/// Splitting chunks into lines: CR, LF and CRLF line ends, the byte order mark, and lines
/// that span chunks.
extension ServerSentEventParser {
  /// The UTF-8 byte order mark, removed once at the start of a stream.
  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// Splits `chunk` into lines and interprets each complete one, appending the events
  /// they dispatch to `events`. Bytes after the last line end wait in `partialLine`.
  mutating func consume(_ chunk: UnsafeBufferPointer<UInt8>, into events: inout [ServerSentEvent]) {
    guard let base = chunk.baseAddress, !chunk.isEmpty else { return }
    let count = chunk.count
    var index = expectsByteOrderMark ? skipByteOrderMark(in: chunk) : 0
    if lineEndedWithCarriageReturn, index < count {
      lineEndedWithCarriageReturn = false
      if base[index] == ServerSentEventLineScanner.lineFeed { index += 1 }
    }
    var scanner = ServerSentEventLineScanner(base: base, count: count)
    while index < count {
      guard let end = scanner.firstLineEnd(from: index) else {
        guard partialLine.count <= limits.maximumLineBytes - (count - index) else {
          stop(.lineTooLong(limit: limits.maximumLineBytes))
          return
        }
        partialLine.append(
          contentsOf: UnsafeBufferPointer(start: base + index, count: count - index))
        return
      }
      guard partialLine.count <= limits.maximumLineBytes - (end - index) else {
        stop(.lineTooLong(limit: limits.maximumLineBytes))
        return
      }
      let line = UnsafeBufferPointer(start: base + index, count: end - index)
      if partialLine.isEmpty {
        fields.interpret(line: line, into: &events)
      } else {
        partialLine.append(contentsOf: line)
        fields.interpret(ownedLine: &partialLine, into: &events)
        ServerSentEventFieldBuffers.clear(&partialLine)
      }
      if fields.limitExceeded != nil { return }
      index = end + 1
      if base[end] == ServerSentEventLineScanner.carriageReturn {
        if index == count {
          lineEndedWithCarriageReturn = true
        } else if base[index] == ServerSentEventLineScanner.lineFeed {
          index += 1
        }
      }
    }
  }

  /// Matches the start of the stream against the byte order mark, which may itself arrive
  /// split across chunks, and returns the index of the first byte after what it consumed.
  ///
  /// When the stream turns out not to start with one, the bytes held back so far become the
  /// start of the first line.
  private mutating func skipByteOrderMark(in chunk: UnsafeBufferPointer<UInt8>) -> Int {
    var index = 0
    while expectsByteOrderMark, index < chunk.count {
      if chunk[index] == Self.byteOrderMark[byteOrderMarkMatched] {
        byteOrderMarkMatched += 1
        index += 1
        if byteOrderMarkMatched == Self.byteOrderMark.count {
          expectsByteOrderMark = false
          byteOrderMarkMatched = 0
        }
      } else {
        expectsByteOrderMark = false
        partialLine.append(contentsOf: Self.byteOrderMark[0..<byteOrderMarkMatched])
        byteOrderMarkMatched = 0
      }
    }
    return index
  }
}
