import HTTPServer
import Testing

/// Exactly one framing per request (RFC 9112 §6-7), chunked bodies, and the size limits.
@Suite struct HTTPRequestParserFramingTests {
  private func request(_ fields: String, body: String = "") -> String {
    "POST /u HTTP/1.1\r\nHost: a\r\n\(fields)\r\n\(body)"
  }

  @Test func readsAContentLengthBody() throws {
    let outcome = ParserHarness.parseEveryWay(request("Content-Length: 5\r\n", body: "hello"))
    let parsed = try ParserHarness.onlyRequest(outcome)
    #expect(parsed.head.framing == .contentLength(5))
    #expect(parsed.body == Array("hello".utf8))
  }

  @Test func readsAChunkedBodyWithExtensionsAndTrailers() throws {
    let body =
      "5;name=value\r\nhello\r\n6 ; quoted=\"a \\\"b\\\" c\";flag\r\n world\r\n"
      + "000\r\nX-Checksum: abc\r\nX-Other: 1\r\n\r\n"
    let outcome = ParserHarness.parseEveryWay(request("Transfer-Encoding: chunked\r\n", body: body))
    let parsed = try ParserHarness.onlyRequest(outcome)
    #expect(parsed.head.framing == .chunked)
    #expect(parsed.body == Array("hello world".utf8))
    #expect(parsed.trailers.map(\.name) == ["X-Checksum", "X-Other"])
    #expect(parsed.fields["X-Checksum"] == nil)
  }

  @Test func acceptsChunkedCaseInsensitivelyAcrossListElements() throws {
    let outcome = ParserHarness.parseEveryWay(
      request("Transfer-Encoding: ,\r\nTransfer-Encoding: CHUNKED\r\n", body: "0\r\n\r\n"))
    #expect(try ParserHarness.onlyRequest(outcome).head.framing == .chunked)
  }

  @Test func refusesContentLengthTogetherWithTransferEncoding() {
    let outcome = ParserHarness.parseEveryWay(
      request("Content-Length: 5\r\nTransfer-Encoding: chunked\r\n", body: "0\r\n\r\n"))
    #expect(outcome.error == .contentLengthWithTransferEncoding)
    #expect(outcome.requests.isEmpty)
  }

  @Test(arguments: [
    "Content-Length: 5\r\nContent-Length: 6\r\n", "Content-Length: 5\r\nContent-Length: 5\r\n",
    "Content-Length: 5, 5\r\n", "Content-Length: +5\r\n", "Content-Length: -1\r\n",
    "Content-Length: 0x5\r\n", "Content-Length:\r\n", "Content-Length: 5 5\r\n",
  ])
  func refusesAnythingButOneDecimalContentLength(_ fields: String) {
    let outcome = ParserHarness.parseEveryWay(request(fields, body: "hello"))
    #expect(outcome.error == .invalidContentLength)
    #expect(outcome.heads.isEmpty)
  }

  @Test(arguments: [
    "chunked, gzip", "gzip", "chunked, chunked", "chunked;q=1", ",", "deflate",
  ])
  func refusesATransferEncodingWhoseFinalCodingIsNotChunkedOnce(_ value: String) {
    let outcome = ParserHarness.parseEveryWay(
      request("Transfer-Encoding: \(value)\r\n", body: "0\r\n\r\n"))
    #expect(outcome.error == .invalidTransferEncoding)
    #expect(outcome.error?.status == 400)
  }

  @Test(arguments: ["foo", "foo, chunked", "gzip, chunked", "identity"])
  func answers501ToTransferCodingsItDoesNotImplement(_ value: String) {
    let outcome = ParserHarness.parseEveryWay(
      request("Transfer-Encoding: \(value)\r\n", body: "0\r\n\r\n"))
    #expect(outcome.error == .unsupportedTransferCoding)
    #expect(outcome.error?.status == 501)
  }

  @Test func refusesTransferEncodingInHTTP10() {
    let outcome = ParserHarness.parseEveryWay(
      "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")
    #expect(outcome.error == .transferEncodingInHTTP10)
  }

  @Test(arguments: [
    "0x5\r\nhello\r\n", "5 \r\nhello\r\n", " 5\r\nhello\r\n", "-5\r\nhello\r\n",
    "\r\nhello\r\n", "g\r\nhello\r\n", "5;\r\nhello\r\n", "5;=x\r\nhello\r\n",
    "5;a=\r\nhello\r\n", "5;a=\"open\r\nhello\r\n", "5\nhello\r\n", "5;a b\r\nhello\r\n",
  ])
  func refusesMalformedChunkSizes(_ chunk: String) {
    let outcome = ParserHarness.parseEveryWay(
      request("Transfer-Encoding: chunked\r\n", body: chunk + "0\r\n\r\n"))
    #expect(outcome.error == .malformedChunkSize)
    #expect(outcome.requests.isEmpty)
  }

  @Test(arguments: ["5\r\nhelloX\r\n0\r\n\r\n", "5\r\nhello\n0\r\n\r\n", "5\r\nhello\r0\r\n\r\n"])
  func refusesChunkDataNotFollowedByCRLF(_ body: String) {
    let outcome = ParserHarness.parseEveryWay(request("Transfer-Encoding: chunked\r\n", body: body))
    #expect(outcome.error == .malformedChunkTerminator)
  }

  @Test func refusesATrailerFieldWithBadSyntax() {
    let outcome = ParserHarness.parseEveryWay(
      request("Transfer-Encoding: chunked\r\n", body: "0\r\nBad Name: x\r\n\r\n"))
    #expect(outcome.error == .invalidFieldName)
  }

  @Test func answers414ToATargetOverTheLimitBeforeTheHeadEnds() throws {
    let limits = HTTPParserLimits(maxTargetBytes: 64)
    let atLimit = "GET /" + String(repeating: "a", count: 63) + " HTTP/1.1\r\nHost: a\r\n\r\n"
    #expect(
      try ParserHarness.onlyRequest(ParserHarness.parseEveryWay(atLimit, limits: limits))
        .target.count == 64)
    let over = "GET /" + String(repeating: "a", count: 64)
    #expect(ParserHarness.parseEveryWay(over, limits: limits).error == .targetTooLong)
    let huge = "GET /" + String(repeating: "a", count: 9 * 1024) + " HTTP/1.1\r\n"
    let outcome = ParserHarness.parseEveryWay(Array(huge.utf8), stride: 97)
    #expect(outcome.error == .targetTooLong)
    #expect(outcome.error?.status == 414)
  }

  @Test func answers431ToAHeadOverTheLimit() {
    let limits = HTTPParserLimits(maxHeadBytes: 256)
    let field = "X-Fill: " + String(repeating: "v", count: 40) + "\r\n"
    let head = "GET / HTTP/1.1\r\nHost: a\r\n" + String(repeating: field, count: 6) + "\r\n"
    #expect(ParserHarness.parseEveryWay(head, limits: limits).error == .headTooLarge)
    let blankLines = String(repeating: "\r\n", count: 200)
    #expect(ParserHarness.parseEveryWay(blankLines, limits: limits).error == .headTooLarge)
    let defaultHead = "GET / HTTP/1.1\r\nHost: a\r\n" + String(repeating: field, count: 1400)
    let outcome = ParserHarness.parseEveryWay(Array(defaultHead.utf8), stride: 1009)
    #expect(outcome.error == .headTooLarge)
    #expect(outcome.error?.status == 431)
  }

  @Test func answers413FromContentLengthBeforeReadingTheBody() {
    var parser = HTTPRequestParser(limits: HTTPParserLimits(maxBodyBytes: 10))
    parser.feed(Array(request("Content-Length: 11\r\n").utf8))
    #expect(throws: HTTPRequestParseError.bodyTooLarge) { try parser.nextEvent() }
    let digits = ParserHarness.parseEveryWay(
      request("Content-Length: 99999999999999999999999999\r\n"))
    #expect(digits.error == .bodyTooLarge)
    #expect(digits.error?.status == 413)
    let atLimit = ParserHarness.parseEveryWay(
      request("Content-Length: 10\r\n", body: "0123456789"),
      limits: HTTPParserLimits(maxBodyBytes: 10))
    #expect(atLimit.requests.first?.body.count == 10)
  }

  @Test func answers413FromAChunkSizeBeforeReadingItsData() {
    let limits = HTTPParserLimits(maxBodyBytes: 10)
    let outcome = ParserHarness.parseEveryWay(
      request("Transfer-Encoding: chunked\r\n", body: "6\r\nabcdef\r\n5\r\n"), limits: limits)
    #expect(outcome.error == .bodyTooLarge)
    let huge = ParserHarness.parseEveryWay(
      request("Transfer-Encoding: chunked\r\n", body: "FFFFFFFFFFFFFFFFFFFFFFFF\r\n"))
    #expect(huge.error == .bodyTooLarge)
    let leadingZeros = ParserHarness.parseEveryWay(
      request("Transfer-Encoding: chunked\r\n", body: "00000000000000000000003\r\nabc\r\n0\r\n\r\n")
    )
    #expect(leadingZeros.requests.first?.body == Array("abc".utf8))
  }

  @Test func ignoresEverythingAfterAnError() throws {
    var parser = HTTPRequestParser()
    parser.feed(Array("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: x\r\n\r\n".utf8))
    #expect(parser.failure == .invalidContentLength)
    parser.feed(Array("GET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8))
    #expect(throws: HTTPRequestParseError.invalidContentLength) { try parser.nextEvent() }
    #expect(throws: HTTPRequestParseError.invalidContentLength) { try parser.nextEvent() }
  }
}
