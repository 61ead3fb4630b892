import Foundation
import HTTPServer
import Testing

@Suite struct HTTPResponseWriterTests {
  private let date = "Sun, 06 Nov 1994 08:49:37 GMT"

  private func head(
    _ method: HTTPRequestMethod = .get, version: HTTPVersion = .http11
  )
    -> HTTPRequestHead
  {
    HTTPRequestHead(method: method, target: "/", version: version, fields: HTTPFields())
  }

  private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test func writesAFixedLengthResponseAndOwnsItsFraming() {
    let response = HTTPServerResponse(
      status: .ok,
      fields: HTTPFields([
        ("Content-Type", "text/plain"), ("Content-Length", "999"), ("connection", "upgrade"),
        ("Transfer-Encoding", "gzip"), ("X-Order", "kept"),
      ]),
      body: Array("hi".utf8))
    let bytes = HTTPResponseWriter.response(
      response, body: Array("hi".utf8), for: head(), keepAlive: true, date: date)
    #expect(
      text(bytes)
        == "HTTP/1.1 200 OK\r\nDate: \(date)\r\nContent-Type: text/plain\r\nX-Order: kept\r\n"
        + "Content-Length: 2\r\n\r\nhi")
  }

  @Test func answersHeadWithTheLengthButNoBody() {
    let bytes = HTTPResponseWriter.response(
      HTTPServerResponse(body: Array("hello".utf8)), body: Array("hello".utf8), for: head(.head),
      keepAlive: true, date: date)
    #expect(text(bytes) == "HTTP/1.1 200 OK\r\nDate: \(date)\r\nContent-Length: 5\r\n\r\n")
  }

  @Test(arguments: [204, 304, 101])
  func sendsNoLengthOrBodyForStatusesWithoutABody(_ code: Int) {
    let bytes = HTTPResponseWriter.response(
      HTTPServerResponse(status: HTTPStatus(code: code), body: Array("x".utf8)),
      body: Array("x".utf8), for: head(), keepAlive: true, date: date)
    #expect(!text(bytes).contains("Content-Length"))
    #expect(text(bytes).hasSuffix("\r\n\r\n"))
  }

  @Test func saysConnectionCloseWhenClosingAndKeepAliveToHTTP10() {
    let closing = HTTPResponseWriter.response(
      HTTPServerResponse(), body: [], for: head(), keepAlive: false, date: date)
    #expect(text(closing).contains("\r\nConnection: close\r\n"))
    let http10 = HTTPResponseWriter.response(
      HTTPServerResponse(), body: [], for: head(version: .http10), keepAlive: true, date: date)
    #expect(text(http10).contains("\r\nConnection: keep-alive\r\n"))
    let http11 = HTTPResponseWriter.response(
      HTTPServerResponse(), body: [], for: head(), keepAlive: true, date: date)
    #expect(!text(http11).contains("Connection"))
  }

  @Test func streamsChunkedToHTTP11AndUntilCloseToHTTP10() {
    let chunked = HTTPResponseWriter.framing(
      status: .ok, bodyLength: nil, method: .get, version: .http11)
    #expect(chunked == .chunked)
    let streamHead = HTTPResponseWriter.head(
      status: .ok, fields: HTTPFields(), framing: chunked, keepAlive: true, date: date)
    #expect(text(streamHead).contains("\r\nTransfer-Encoding: chunked\r\n"))
    #expect(
      HTTPResponseWriter.framing(status: .ok, bodyLength: nil, method: .get, version: .http10)
        == .untilClose)
    #expect(
      text(HTTPResponseWriter.chunk(Array("0123456789abcdefg".utf8)))
        == "11\r\n0123456789abcdefg\r\n")
    #expect(HTTPResponseWriter.chunk([]).isEmpty)
    #expect(text(HTTPResponseWriter.lastChunk) == "0\r\n\r\n")
  }

  /// The size line is the length in lowercase hexadecimal without leading zeros, whatever
  /// its number of digits.
  @Test(arguments: [1, 9, 10, 15, 16, 17, 255, 256, 4_095, 4_096, 65_535, 65_536, 1_048_577])
  func sizesAChunkInHexadecimal(length: Int) {
    let bytes = [UInt8](repeating: 0x61, count: length)
    let chunk = HTTPResponseWriter.chunk(bytes)
    let head = String(length, radix: 16) + "\r\n"
    #expect(chunk.count == head.utf8.count + length + 2)
    #expect(chunk.starts(with: Array(head.utf8)))
    #expect(chunk.suffix(2) == [0x0D, 0x0A])
  }

  @Test func dropsFieldsThatWouldSplitTheResponse() {
    let response = HTTPServerResponse(
      fields: HTTPFields([
        ("X-Bad", "a\r\nSet-Cookie: evil=1"), ("Bad Name", "v"), ("X-Good", "v"),
      ]))
    let written = text(
      HTTPResponseWriter.response(response, body: [], for: head(), keepAlive: true, date: date))
    #expect(!written.contains("evil"))
    #expect(!written.contains("Bad Name"))
    #expect(written.contains("\r\nX-Good: v\r\n"))
  }

  @Test func writesAnErrorAnswerThatCloses() {
    let written = text(HTTPResponseWriter.errorResponse(status: HTTPStatus(code: 431), date: date))
    #expect(written.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large\r\n"))
    #expect(written.contains("\r\nConnection: close\r\n"))
    #expect(written.hasSuffix("\r\n\r\n431 Request Header Fields Too Large\n"))
  }

  @Test(arguments: [
    (784_111_777.0, "Sun, 06 Nov 1994 08:49:37 GMT"), (0, "Thu, 01 Jan 1970 00:00:00 GMT"),
    (951_782_400, "Tue, 29 Feb 2000 00:00:00 GMT"), (-86_401, "Tue, 30 Dec 1969 23:59:59 GMT"),
    (4_102_444_799.5, "Thu, 31 Dec 2099 23:59:59 GMT"),
  ])
  func formatsDatesAsIMFFixdate(_ seconds: Double, _ expected: String) {
    #expect(HTTPDate.format(Date(timeIntervalSince1970: seconds)) == expected)
  }
}
