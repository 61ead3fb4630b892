import Testing

@testable import HTTPServer

/// `HTTPMessageFraming` on its own: the one framing a head allows (RFC 9112 §6) and the
/// syntax of chunk extensions (§7.1.1), without a parser around them.
@Suite struct HTTPMessageFramingTests {
  static func framing(
    _ pairs: [(String, String)], version: HTTPVersion = .http11, limit: Int = 1000
  ) -> Result<HTTPBodyFraming, HTTPRequestParseError> {
    HTTPMessageFraming.framing(of: HTTPFields(pairs), version: version, maxBodyBytes: limit)
  }

  @Test func noFramingFieldMeansNoBody() {
    #expect(Self.framing([("Host", "a")]) == .success(.none))
  }

  @Test func oneDecimalContentLengthUpToTheLimit() {
    #expect(Self.framing([("Content-Length", "1000")]) == .success(.contentLength(1000)))
    #expect(Self.framing([("Content-Length", "0")]) == .success(.contentLength(0)))
    #expect(Self.framing([("Content-Length", "1001")]) == .failure(.bodyTooLarge))
    #expect(
      Self.framing([("Content-Length", String(repeating: "9", count: 40))], limit: .max)
        == .failure(.bodyTooLarge), "an overflowing length is refused, never wrapped")
  }

  @Test func aContentLengthBesideATransferEncodingIsRefused() {
    #expect(
      Self.framing([("Transfer-Encoding", "chunked"), ("Content-Length", "3")])
        == .failure(.contentLengthWithTransferEncoding))
  }

  @Test func transferEncodingNeedsHTTP11() {
    #expect(
      Self.framing([("Transfer-Encoding", "chunked")], version: HTTPVersion(major: 1, minor: 0))
        == .failure(.transferEncodingInHTTP10))
  }

  @Test(arguments: [
    (["chunked"], Result<HTTPBodyFraming, HTTPRequestParseError>.success(.chunked)),
    (["gzip", "chunked"], .failure(.unsupportedTransferCoding)),
    (["br", "chunked"], .failure(.unsupportedTransferCoding)),
    (["chunked", "gzip"], .failure(.invalidTransferEncoding)),
    (["chunked", "chunked"], .failure(.invalidTransferEncoding)),
    (["chunked;q=1"], .failure(.invalidTransferEncoding)),
    ([], .failure(.invalidTransferEncoding)),
  ])
  func onlyOneFinalChunkedIsAFraming(
    codings: [String], expected: Result<HTTPBodyFraming, HTTPRequestParseError>
  ) {
    #expect(HTTPMessageFraming.transferCodingFraming(codings) == expected)
  }

  @Test(arguments: [
    "", ";name", ";name=value", " ; name = value", ";a;b=c", ";q=\"quoted \\\" text\"", ";t=\"\"",
  ])
  func acceptsChunkExtensions(text: String) {
    #expect(HTTPMessageFraming.isChunkExtensions(ArraySlice(text.utf8)))
  }

  @Test(arguments: [
    "x", ";", ";=v", ";name=", ";name=\"open", ";n=\"bad\\\u{1}\"", "; name value", ";n=a b",
  ])
  func refusesMalformedChunkExtensions(text: String) {
    #expect(!HTTPMessageFraming.isChunkExtensions(ArraySlice(text.utf8)))
  }
}
