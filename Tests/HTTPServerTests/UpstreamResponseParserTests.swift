import Foundation
import Testing

@testable import HTTPServer

/// The loop client's response parser (decision 208): framing, interim responses, line ends,
/// and a bound on every part the upstream sends.
@Suite struct UpstreamResponseParserTests {
  /// What feeding a whole byte sequence gave, however it was split.
  struct Parsed: Equatable {
    var status: Int?
    var body: [UInt8] = []
    var ended = false
    var keeps: Bool?
    /// Bytes fed after the response's end that it did not use.
    var unused = 0
  }

  /// Feeds `text` in pieces of `piece` bytes (the whole at once when `nil`).
  static func parse(
    _ text: String, piece: Int? = nil, parser: UpstreamResponseParser = UpstreamResponseParser()
  ) throws -> Parsed {
    var parser = parser
    var parsed = Parsed()
    let bytes = Array(text.utf8)
    let size = piece ?? max(bytes.count, 1)
    var start = 0
    while start < bytes.count {
      let end = min(start + size, bytes.count)
      let output = bytes[start..<end].withUnsafeBytes { parser.feed($0) }
      if let head = output.head {
        #expect(parsed.status == nil, "a second head")
        parsed.status = head.status
        parsed.keeps = head.keepsConnection
      }
      parsed.body += output.body
      if let failure = output.failure { throw failure }
      if output.ended {
        parsed.ended = true
        parsed.unused = (end - start) - output.consumed
        break
      }
      start = end
    }
    return parsed
  }

  static func failure(_ text: String, limits: UpstreamResponseParser.Limits = .init()) -> String? {
    do {
      _ = try parse(text, parser: UpstreamResponseParser(limits: limits))
      return nil
    } catch {
      return (error as? UpstreamResponseParseError)?.reason
    }
  }

  static let secondChunk = "{\"a\":1}\n\ndata: [DONE]\n\n"
  static let chunkedReply =
    "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
    + "6\r\ndata: \r\n"
    + String(secondChunk.utf8.count, radix: 16) + ";name=\"quoted\" ; b\r\n" + secondChunk + "\r\n"
    + "0\r\nX-Trailer: yes\r\n\r\n"

  @Test func aChunkedBodyIsDecodedHoweverItsBytesAreSplit() throws {
    let whole = try Self.parse(Self.chunkedReply)
    #expect(whole.status == 200)
    #expect(String(decoding: whole.body, as: UTF8.self) == "data: {\"a\":1}\n\ndata: [DONE]\n\n")
    #expect(whole.ended)
    #expect(whole.keeps == true)
    for piece in 1...9 {
      #expect(try Self.parse(Self.chunkedReply, piece: piece) == whole, "pieces of \(piece)")
    }
  }

  @Test func aContentLengthBodyEndsAtItsLengthAndLeavesWhatFollowsUnused() throws {
    let reply = "HTTP/1.1 429 Too Many Requests\r\nContent-Length: 4\r\nRetry-After: 3\r\n\r\nslowX"
    let parsed = try Self.parse(reply)
    #expect(parsed.status == 429)
    #expect(parsed.body == Array("slow".utf8))
    #expect(parsed.ended)
    #expect(parsed.unused == 1)
    for piece in 1...4 { #expect(try Self.parse(reply, piece: piece).body == Array("slow".utf8)) }
  }

  @Test func aBodyWithoutLengthRunsUntilTheConnectionCloses() throws {
    var parser = UpstreamResponseParser()
    let head = "HTTP/1.0 200 OK\r\n\r\npart one, "
    let first = Array(head.utf8).withUnsafeBytes { parser.feed($0) }
    #expect(first.head?.status == 200)
    #expect(first.head?.keepsConnection == false)
    #expect(String(decoding: first.body, as: UTF8.self) == "part one, ")
    #expect(!first.ended)
    try parser.finishAtClose()
    #expect(parser.isDone)
  }

  @Test func aCloseInsideAFramedBodyOrHeadIsAnError() throws {
    for text in [
      "", "HTTP/1.1 200 OK\r\nContent-Le", "HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nshort",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab",
    ] {
      var parser = UpstreamResponseParser()
      _ = Array(text.utf8).withUnsafeBytes { parser.feed($0) }
      #expect(throws: UpstreamResponseParseError.self, "\(text.debugDescription)") {
        try parser.finishAtClose()
      }
    }
  }

  @Test func interimResponsesAreSkipped() throws {
    let reply =
      "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n"
      + "HTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nok"
    for piece in [nil, 1, 3] as [Int?] {
      let parsed = try Self.parse(reply, piece: piece)
      #expect(parsed.status == 201)
      #expect(parsed.body == Array("ok".utf8))
    }
    #expect(Self.failure("HTTP/1.1 101 Switching Protocols\r\n\r\n") != nil)
  }

  @Test func bareLineFeedsEndLinesToo() throws {
    let reply = "HTTP/1.1 200 OK\nTransfer-Encoding: chunked\n\n3\nabc\n0\n\n"
    let parsed = try Self.parse(reply)
    #expect(parsed.body == Array("abc".utf8))
    #expect(parsed.ended)
  }

  @Test func noBodyFollowsA204A304OrAHeadRequest() throws {
    #expect(try Self.parse("HTTP/1.1 204 No Content\r\nContent-Length: 7\r\n\r\n").ended)
    #expect(try Self.parse("HTTP/1.1 304 Not Modified\r\n\r\n").ended)
    let head = try Self.parse(
      "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n",
      parser: UpstreamResponseParser(requestWasHead: true))
    #expect(head.ended)
    #expect(head.body.isEmpty)
  }

  @Test func connectionCloseOrHTTP10WithoutKeepAliveEndsTheConnection() throws {
    #expect(try Self.parse("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n").keeps == false)
    #expect(
      try Self.parse("HTTP/1.1 200 OK\r\nConnection: Keep-Alive, CLOSE\r\n\r\n").keeps == false)
    #expect(try Self.parse("HTTP/1.0 200 OK\r\nConnection: keep-alive\r\n\r\n").keeps == true)
    #expect(try Self.parse("HTTP/1.0 200 OK\r\n\r\n").keeps == false)
  }

  @Test func malformedHeadsAreRefused() {
    for text in [
      "HTTP/2 200 OK\r\n\r\n", "HTTP/1.1 20 OK\r\n\r\n", "HTTP/1.1 2000 OK\r\n\r\n",
      "HTTP/1.1 099 Low\r\n\r\n", "HTTP/1.1 600 High\r\n\r\n", "HTTP/2.0 200 OK\r\n\r\n",
      "ICY 200 OK\r\n\r\n", "HTTP/1.1 200OK\r\n\r\n",
      "HTTP/1.1 200 OK\r\nNo colon here\r\n\r\n", "HTTP/1.1 200 OK\r\nBad Name: x\r\n\r\n",
      "HTTP/1.1 200 OK\r\nX: a\u{1}b\r\n\r\n",
      "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
      "HTTP/1.1 200 OK\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n",
      "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n",
    ] {
      #expect(Self.failure(text) != nil, "\(text.debugDescription)")
    }
  }

  @Test func malformedChunksAreRefused() {
    let head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
    for body in [
      "g\r\n", "\r\n", "3\r\nabcX\r\n", "3;\r\nabc\r\n", "3 x\r\nabc\r\n",
      "fffffffffffffffffff\r\n",
    ] {
      #expect(Self.failure(head + body) != nil, "\(body.debugDescription)")
    }
  }

  @Test func aChunkSizeLineWithTwoCarriageReturnsIsRefusedHoweverItIsSplit() {
    let text = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\r\nhello\r\n0\r\n\r\n"
    for piece in [nil, 1, 2, 3, 5, 7] as [Int?] {
      #expect(throws: UpstreamResponseParseError.self, "pieces of \(piece ?? 0)") {
        _ = try Self.parse(text, piece: piece)
      }
    }
  }

  @Test func emptyLinesBeforeAStatusLineAreSkipped() throws {
    let reply = "\r\n\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
    for piece in [nil, 1, 2] as [Int?] {
      let parsed = try Self.parse(reply, piece: piece)
      #expect(parsed.status == 200)
      #expect(parsed.body == Array("ok".utf8))
    }
  }

  @Test func onlyAFewLineEndsAreSkippedBeforeAStatusLine() {
    #expect(
      Self.failure(String(repeating: "\r\n", count: 3) + "HTTP/1.1 204 No Content\r\n\r\n") != nil)
    #expect(Self.failure("\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n") == nil)
    var parser = UpstreamResponseParser()
    _ = Array("\r\n".utf8).withUnsafeBytes { parser.feed($0) }
    #expect(!parser.sawResponse)
    _ = Array("H".utf8).withUnsafeBytes { parser.feed($0) }
    #expect(parser.sawResponse)
  }

  @Test func trailerLinesMustBeFields() {
    let head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n"
    #expect(Self.failure(head + "no colon\r\n\r\n")?.hasPrefix("a bad trailer line") == true)
    #expect(Self.failure(head + " folded: x\r\n\r\n")?.hasPrefix("a bad trailer line") == true)
    #expect(Self.failure(head + "X-Checksum: abc\r\n\r\n") == nil)
  }

  @Test func theBodyBeforeAFaultIsHandedOutWithTheFault() {
    var parser = UpstreamResponseParser()
    let text = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\nZ\r\n"
    let output = Array(text.utf8).withUnsafeBytes { parser.feed($0) }
    #expect(output.head?.status == 200)
    #expect(output.body == Data("abcde".utf8))
    #expect(output.failure?.reason == "a bad chunk-size line")
  }

  @Test func aTrailerSectionSplitAcrossReadsCountsEveryByte() throws {
    var limits = UpstreamResponseParser.Limits()
    limits.trailerBytes = 40
    let head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n"
    // Twenty 10-byte trailer lines, each split over two reads.
    let trailers = String(repeating: "X-T: 1234\r\n", count: 20) + "\r\n"
    #expect(throws: UpstreamResponseParseError(reason: "trailers too long")) {
      _ = try Self.parse(head + trailers, piece: 5, parser: UpstreamResponseParser(limits: limits))
    }
    let few = String(repeating: "X-T: 1234\r\n", count: 3) + "\r\n"
    #expect(
      try Self.parse(head + few, piece: 5, parser: UpstreamResponseParser(limits: limits)).ended)
  }

  @Test func everyPartTheUpstreamSendsHasABound() {
    var limits = UpstreamResponseParser.Limits()
    limits.headBytes = 100
    limits.fieldCount = 3
    limits.chunkLineBytes = 20
    limits.trailerBytes = 30
    let longHead = "HTTP/1.1 200 OK\r\nX-Long: " + String(repeating: "a", count: 100) + "\r\n\r\n"
    #expect(Self.failure(longHead, limits: limits) == "head too long")
    // Without its end in sight, the head is refused as soon as it passes the bound.
    #expect(Self.failure(String(longHead.dropLast(4)), limits: limits) == "head too long")
    let fields = "HTTP/1.1 200 OK\r\nA: 1\r\nB: 2\r\nC: 3\r\nD: 4\r\n\r\n"
    #expect(Self.failure(fields, limits: limits) == "too many fields")
    let chunked = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
    #expect(
      Self.failure(chunked + "1;" + String(repeating: "e", count: 30), limits: limits)
        == "a line too long")
    // A whole line in one read is held to the same bound.
    #expect(
      Self.failure(chunked + "1;" + String(repeating: "e", count: 30) + "\r\nx\r\n", limits: limits)
        == "a line too long")
    #expect(
      Self.failure(
        chunked + "0\r\nX-T: " + String(repeating: "t", count: 40) + "\r\n\r\n",
        limits: limits) != nil)
    #expect(Self.failure(chunked + "0\r\nX-T: t\r\n\r\n", limits: limits) == nil)
  }
}
