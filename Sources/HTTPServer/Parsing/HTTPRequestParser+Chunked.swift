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
    guard index > 0, Self.isChunkExtensions(content[index...]) else {
      return fail(.malformedChunkSize)
    }
    if size == 0 {
      sectionBytes = 0
      state = .trailers
    } else {
      state = .chunkData(remaining: size)
    }
  }

  /// `*( BWS ";" BWS ext-name [ BWS "=" BWS ( token / quoted-string ) ] )`.
  static func isChunkExtensions(_ bytes: ArraySlice<UInt8>) -> Bool {
    var index = bytes.startIndex
    func skipWhitespace() {
      while index < bytes.endIndex, HTTPSyntax.isWhitespace(bytes[index]) { index += 1 }
    }
    func skipToken() -> Bool {
      let start = index
      while index < bytes.endIndex, HTTPSyntax.isTokenCharacter(bytes[index]) { index += 1 }
      return index > start
    }
    func skipQuotedString() -> Bool {
      index += 1
      while index < bytes.endIndex {
        let byte = bytes[index]
        index += 1
        if byte == HTTPSyntax.quote { return true }
        if byte == HTTPSyntax.backslash {
          guard index < bytes.endIndex,
            HTTPSyntax.isQuotedTextCharacter(bytes[index])
              || bytes[index] == HTTPSyntax.quote || bytes[index] == HTTPSyntax.backslash
          else { return false }
          index += 1
        } else if !HTTPSyntax.isQuotedTextCharacter(byte) {
          return false
        }
      }
      return false
    }
    while index < bytes.endIndex {
      skipWhitespace()
      guard index < bytes.endIndex, bytes[index] == HTTPSyntax.semicolon else { return false }
      index += 1
      skipWhitespace()
      guard skipToken() else { return false }
      skipWhitespace()
      guard index < bytes.endIndex, bytes[index] == HTTPSyntax.equals else { continue }
      index += 1
      skipWhitespace()
      if index < bytes.endIndex, bytes[index] == HTTPSyntax.quote {
        guard skipQuotedString() else { return false }
      } else {
        guard skipToken() else { return false }
      }
    }
    return true
  }
}
