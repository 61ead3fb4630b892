import Testing

@testable import HTTPServer

/// The parser takes the bytes of a line that need no judging one by one in a single step;
/// at every limit and every byte that is judged alone it still decides exactly as it does
/// byte by byte.
@Suite struct HTTPRequestParserRunTests {
  private func run(_ text: String, after prefix: String = "") -> Int {
    var parser = HTTPRequestParser()
    parser.feed(Array(prefix.utf8))
    return Array(text.utf8).withUnsafeBytes { parser.plainRun($0, from: 0) }
  }

  @Test func aRunEndsAtALineEndAndInTheRequestLineAtASpace() {
    #expect(run("GET /health HTTP/1.1\r\n") == 3)
    #expect(run("/health HTTP/1.1\r\n", after: "GET ") == 7)
    #expect(run("example.com\r\n", after: "GET / HTTP/1.1\r\nHost: ") == 11)
    // Spaces in a field line need no judging until the line is complete.
    #expect(run("a b c\r\n", after: "GET / HTTP/1.1\r\nX-A: ") == 5)
  }

  @Test func aByteAfterACarriageReturnIsJudgedAlone() {
    #expect(run("b\r\n", after: "GET / HTTP/1.1\r\nHost: a\r") == 0)
  }

  @Test func aRunStopsWhereTheTargetLimitWouldBePassed() {
    var parser = HTTPRequestParser(limits: HTTPParserLimits(maxTargetBytes: 8))
    parser.feed(Array("GET ".utf8))
    let taken = Array(String(repeating: "a", count: 20).utf8).withUnsafeBytes {
      parser.plainRun($0, from: 0)
    }
    // The space is at 3; positions 4 to 11 are within the 8 bytes a target may have.
    #expect(taken == 8)
  }

  @Test(arguments: [0, 1])
  func aHeadOfExactlyTheLimitPassesAndOneByteMoreIsRefused(_ extra: Int) throws {
    let limit = 128
    let start = "GET / HTTP/1.1\r\nHost: a\r\nX-Fill: "
    let fill = String(repeating: "v", count: limit - start.utf8.count - 4 + extra)
    let head = start + fill + "\r\n\r\n"
    #expect(head.utf8.count == limit + extra)
    let outcome = ParserHarness.parseEveryWay(head, limits: HTTPParserLimits(maxHeadBytes: limit))
    if extra == 0 {
      #expect(try ParserHarness.onlyRequest(outcome).fields["X-Fill"] == fill)
    } else {
      #expect(outcome.error == .headTooLarge)
    }
  }

  @Test func pipelinedHeadsInOneReadComeOutWholeAndInOrder() {
    let one = "GET /one HTTP/1.1\r\nHost: a\r\nX-Long: " + String(repeating: "x", count: 300)
    let text = one + "\r\n\r\n" + "GET /two HTTP/1.1\r\nHost: b\r\n\r\n"
    let outcome = ParserHarness.parseEveryWay(Array(text.utf8), stride: 7)
    #expect(outcome.error == nil)
    #expect(outcome.requests.map(\.target) == ["/one", "/two"])
    #expect(outcome.requests.first?.fields["X-Long"]?.utf8.count == 300)
  }
}
