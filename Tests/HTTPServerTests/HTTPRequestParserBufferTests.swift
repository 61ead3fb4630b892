import Testing

@testable import HTTPServer

/// The parser's working memory: what it keeps between lines so a request costs few
/// allocations.
@Suite struct HTTPRequestParserBufferTests {
  private func lineBuffer(_ parser: HTTPRequestParser) -> UnsafePointer<UInt8>? {
    parser.line.withUnsafeBufferPointer { $0.baseAddress }
  }

  @Test func keepsOneLineBufferForEveryLineOfAHead() throws {
    var parser = HTTPRequestParser()
    parser.feed(Array("GET /health HTTP/1.1\r\n".utf8))
    #expect(parser.line.isEmpty)
    #expect(parser.line.capacity >= "GET /health HTTP/1.1".utf8.count)
    let first = lineBuffer(parser)
    parser.feed(Array("Host: example.com\r\n".utf8))
    parser.feed(Array("Accept: */*\r\n\r\n".utf8))
    #expect(lineBuffer(parser) == first)
    guard case .head(let head) = try parser.nextEvent() else {
      Issue.record("expected a head first")
      return
    }
    #expect(head.fields["Host"] == "example.com")
    #expect(head.fields["Accept"] == "*/*")
    guard case .request = try parser.nextEvent() else {
      Issue.record("expected the request")
      return
    }
    parser.feed(Array("GET /next HTTP/1.1\r\nHost: a\r\n\r\n".utf8))
    #expect(lineBuffer(parser) == first)
  }
}
