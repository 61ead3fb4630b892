import Foundation
import Testing

@testable import Networking

/// The parser's memory limits: a line or an event past them stops the parser, which then
/// holds nothing and yields nothing, whatever else the server sends.
@Suite struct ServerSentEventLimitTests {
  private static let small = ServerSentEventLimits(maximumLineBytes: 64, maximumEventBytes: 100)

  @Test func aLineWithoutAnEndStopsTheParserAtTheLimitAndHoldsNothing() {
    var parser = ServerSentEventParser(limits: Self.small)
    let chunk = Array(repeating: UInt8(ascii: "A"), count: 16)
    #expect(parser.push(Array("data: ".utf8)).isEmpty)
    var pushed = 6
    while parser.limitExceeded == nil, pushed < 10_000 {
      #expect(parser.push(chunk).isEmpty)
      pushed += chunk.count
    }
    #expect(parser.limitExceeded == .lineTooLong(limit: 64))
    // Stopped as soon as the line passed 64 bytes, not after the server stopped sending.
    #expect(pushed <= 64 + chunk.count)
    #expect(parser.partialLine.isEmpty)
    #expect(parser.push(Array("\n\ndata: later\n\n".utf8)).isEmpty)
  }

  @Test func aLongLineInsideOneChunkIsRefusedToo() {
    var parser = ServerSentEventParser(limits: Self.small)
    let line = "data: " + String(repeating: "x", count: 59) + "\n\n"
    #expect(parser.push(Array(line.utf8)).isEmpty)
    #expect(parser.limitExceeded == .lineTooLong(limit: 64))
  }

  @Test func aLineOfExactlyTheLimitIsKept() {
    var parser = ServerSentEventParser(limits: Self.small)
    let value = String(repeating: "x", count: 58)
    let events = parser.push(Array("data: \(value)\n\n".utf8))
    #expect(events == [ServerSentEvent(data: value)])
    #expect(parser.limitExceeded == nil)
  }

  @Test func manyShortDataLinesPastTheEventLimitStopTheParser() {
    var parser = ServerSentEventParser(limits: Self.small)
    // Each line adds 31 bytes (30 and a line feed): three fit in 100, the fourth does not.
    let line = "data: " + String(repeating: "y", count: 30) + "\n"
    for _ in 0..<3 { #expect(parser.push(Array(line.utf8)).isEmpty) }
    #expect(parser.limitExceeded == nil)
    #expect(parser.push(Array(line.utf8)).isEmpty)
    #expect(parser.limitExceeded == .eventTooLarge(limit: 100))
    #expect(parser.push(Array("\n".utf8)).isEmpty)
  }

  @Test func aLongLineAdoptedAsTheDataBufferStillCountsAgainstTheEventLimit() {
    let limits = ServerSentEventLimits(maximumLineBytes: 1 << 20, maximumEventBytes: 1 << 17)
    var parser = ServerSentEventParser(limits: limits)
    let value = String(repeating: "z", count: 1 << 17)
    let bytes = Array("data: \(value)\n\n".utf8)
    for start in stride(from: 0, to: bytes.count, by: 4096) {
      #expect(parser.push(bytes[start..<min(start + 4096, bytes.count)]).isEmpty)
    }
    #expect(parser.limitExceeded == .eventTooLarge(limit: 1 << 17))
  }

  @Test func finishingStartsAFreshStreamThatParsesAgain() {
    var parser = ServerSentEventParser(limits: Self.small)
    _ = parser.push(Array(("data: " + String(repeating: "q", count: 100)).utf8))
    #expect(parser.limitExceeded != nil)
    _ = parser.finish()
    #expect(parser.limitExceeded == nil)
    #expect(parser.push(Array("data: ok\n\n".utf8)) == [ServerSentEvent(data: "ok")])
  }

  @Test func theStandardLimitsAreOneMebibytePerLineAndFourPerEvent() {
    #expect(ServerSentEventParser().limits == .standard)
    #expect(ServerSentEventLimits.standard.maximumLineBytes == 1_048_576)
    #expect(ServerSentEventLimits.standard.maximumEventBytes == 4_194_304)
  }
}
