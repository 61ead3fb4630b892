extension HTTPRequestParser {
  /// `chunk-size [ chunk-ext ]` (RFC 9112 §7.1): hex digits, then extensions, nothing else.
  /// Extensions are checked and ignored; a size over the body limit is refused before
  /// any of its data is read.
  mutating func parseChunkSize(_ content: [UInt8]) {
    var index = 0
    var size = 0
    while index < content.count, let digit = HTTPSyntax.hexValue(content[index]) {
      size = size * 16 + digit
      // Every further digit only grows the size, so stop before it can overflow.
      guard size <= currentBodyLimit - body.count else { return fail(.bodyTooLarge) }
      index += 1
    }
    guard index > 0, HTTPMessageFraming.isChunkExtensions(content[index...]) else {
      return fail(.malformedChunkSize)
    }
    if size == 0 {
      sectionBytes = 0
      state = .trailers
    } else {
      state = .chunkData(remaining: size)
    }
  }
}
