/// How a request's body is delimited, judged from its head alone (RFC 9112 §6 and §7.1):
/// the one framing its `Content-Length` and `Transfer-Encoding` fields allow, and the
/// syntax of a chunk's extensions.
///
/// Every ambiguous combination is refused rather than guessed at, so no two parsers in a
/// chain can disagree about where a request ends. `HTTPRequestParser` asks it once per head
/// and once per chunk-size line; it keeps no state.
enum HTTPMessageFraming {
  /// The one framing a head allows, or why it has none (RFC 9112 §6).
  static func framing(
    of fields: HTTPFields, version: HTTPVersion, maxBodyBytes: Int
  ) -> Result<HTTPBodyFraming, HTTPRequestParseError> {
    let transferEncodings = fields.fields(named: "Transfer-Encoding")
    let contentLengths = fields.fields(named: "Content-Length")
    if !transferEncodings.isEmpty {
      guard contentLengths.isEmpty else { return .failure(.contentLengthWithTransferEncoding) }
      guard version.isAtLeastHTTP11 else { return .failure(.transferEncodingInHTTP10) }
      return transferCodingFraming(fields.listElements(named: "Transfer-Encoding"))
    }
    guard let contentLength = contentLengths.first else { return .success(.none) }
    guard contentLengths.count == 1, !contentLength.rawValue.isEmpty else {
      return .failure(.invalidContentLength)
    }
    var length = 0
    for byte in contentLength.rawValue {
      guard let digit = HTTPSyntax.decimalValue(byte) else {
        return .failure(.invalidContentLength)
      }
      let (shifted, overflow) = length.multipliedReportingOverflow(by: 10)
      guard !overflow, shifted <= maxBodyBytes - digit else {
        return .failure(.bodyTooLarge)
      }
      length = shifted + digit
    }
    return .success(.contentLength(length))
  }

  /// Unknown codings are 501; known ones other than a single final `chunked` are either
  /// unimplemented (501) or leave the length unknowable (400).
  static func transferCodingFraming(
    _ elements: [String]
  ) -> Result<HTTPBodyFraming, HTTPRequestParseError> {
    let known: Set<String> = ["chunked", "gzip", "x-gzip", "deflate", "compress", "x-compress"]
    var names: [String] = []
    for element in elements {
      let parts = element.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
      let name = parts[0].trimmingOptionalWhitespace().lowercased()
      guard known.contains(name) else { return .failure(.unsupportedTransferCoding) }
      if name == "chunked", parts.count > 1 { return .failure(.invalidTransferEncoding) }
      names.append(name)
    }
    guard names.last == "chunked", names.filter({ $0 == "chunked" }).count == 1 else {
      return .failure(.invalidTransferEncoding)
    }
    guard names.count == 1 else { return .failure(.unsupportedTransferCoding) }
    return .success(.chunked)
  }

  /// Why a chunk-size line was refused.
  enum ChunkSizeProblem: Error {
    /// The size is over the limit the caller gave.
    case tooLarge
    /// No hexadecimal digits, or extensions that are not `chunk-ext`.
    case malformed
  }

  /// The size on a chunk-size line without its line end, `chunk-size [ chunk-ext ]` (RFC
  /// 9112 §7.1): hexadecimal digits, then extensions, which are checked and ignored. A size
  /// over `limit` is refused before it can overflow, as soon as its digits pass it.
  static func chunkSize(
    _ line: some RandomAccessCollection<UInt8>, atMost limit: Int
  ) -> Result<Int, ChunkSizeProblem> {
    var index = line.startIndex
    var size = 0
    while index < line.endIndex, let digit = HTTPSyntax.hexValue(line[index]) {
      guard limit >= digit, size <= (limit - digit) / 16 else { return .failure(.tooLarge) }
      size = size * 16 + digit
      index = line.index(after: index)
    }
    guard index > line.startIndex else { return .failure(.malformed) }
    guard index == line.endIndex || isChunkExtensions(ArraySlice(line[index...])) else {
      return .failure(.malformed)
    }
    return .success(size)
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
