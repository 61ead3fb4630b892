extension HTTPRequestParser {
  /// `chunk-size [ chunk-ext ]` (RFC 9112 §7.1): hex digits, then extensions, nothing else.
  /// Extensions are checked and ignored; a size over the body limit is refused before
  /// any of its data is read.
  mutating func parseChunkSize(_ content: [UInt8]) {
    let size: Int
    switch HTTPMessageFraming.chunkSize(content, atMost: currentBodyLimit - body.count) {
    case .success(let value): size = value
    case .failure(.tooLarge): return fail(.bodyTooLarge)
    case .failure(.malformed): return fail(.malformedChunkSize)
    }
    if size == 0 {
      sectionBytes = 0
      state = .trailers
    } else {
      state = .chunkData(remaining: size)
    }
  }
}
