extension HTTPRequestParser {
  /// How many bytes from `start` can join the current line of a head or trailer section
  /// at once, because judging them one by one would only count them: no CR or LF (and,
  /// in the request line, no space, where the method and target are judged), within the
  /// head limit and, inside a request target, within the target limit. Zero means the
  /// next byte goes through `lineByte`, which judges it (and fails at a limit) as before.
  func plainRun(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
    // A line ending in CR may only go on with LF: the next byte is judged alone.
    guard line.last != HTTPSyntax.carriageReturn else { return 0 }
    var limit = min(bytes.count - start, limits.maxHeadBytes - sectionBytes)
    var stopsAtSpace = false
    if case .requestLine = state {
      stopsAtSpace = true
      if let first = firstSpace, secondSpace == nil {
        // The byte at position p is within the target limit while p - first <= the limit.
        limit = min(limit, first + limits.maxTargetBytes + 1 - line.count)
      }
    }
    var count = 0
    while count < limit {
      let byte = bytes[start + count]
      if byte == HTTPSyntax.lineFeed || byte == HTTPSyntax.carriageReturn
        || (stopsAtSpace && byte == HTTPSyntax.space)
      {
        break
      }
      count += 1
    }
    return count
  }
}
