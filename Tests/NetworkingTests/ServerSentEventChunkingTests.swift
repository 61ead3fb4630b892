import Foundation
import Networking
import Testing

/// What one complete parse of a stream produced.
struct ServerSentEventParse: Equatable, CustomStringConvertible {
  var events: [ServerSentEvent]
  var lastEventID: String
  var reconnectionTime: Int?

  var description: String {
    "events \(events), lastEventID \(lastEventID.debugDescription), "
      + "reconnectionTime \(reconnectionTime.map(String.init) ?? "nil")"
  }

  init(events: [ServerSentEvent], lastEventID: String, reconnectionTime: Int?) {
    self.events = events
    self.lastEventID = lastEventID
    self.reconnectionTime = reconnectionTime
  }

  /// Pushes `chunks` in order into a fresh parser, then finishes it.
  init(chunks: [[UInt8]]) {
    var parser = ServerSentEventParser()
    events = chunks.flatMap { parser.push($0) }
    lastEventID = parser.lastEventID
    reconnectionTime = parser.reconnectionTime
    events += parser.finish()
  }

  /// Every way the tests feed `bytes`: whole, split in two at each index (including the
  /// empty first and last pieces), and one byte at a time.
  static func chunkings(of bytes: [UInt8]) -> [(name: String, chunks: [[UInt8]])] {
    var chunkings: [(name: String, chunks: [[UInt8]])] = [("whole", [bytes])]
    for split in 0...bytes.count {
      chunkings.append(("split at \(split)", [Array(bytes[..<split]), Array(bytes[split...])]))
    }
    chunkings.append(("one byte at a time", bytes.map { [$0] }))
    return chunkings
  }
}

/// Expects `input` to produce `expected` (and, when given, the final `lastEventID` and
/// `reconnectionTime`) however it is chunked: whole, in every two-way split, and one byte
/// at a time. Reports the first chunking of each kind that differs.
func expectEvents(
  _ input: [UInt8],
  _ expected: [ServerSentEvent],
  lastEventID: String? = nil,
  reconnectionTime: Int?? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  var reported = Set<String>()
  for (name, chunks) in ServerSentEventParse.chunkings(of: input) {
    let parse = ServerSentEventParse(chunks: chunks)
    let matches =
      parse.events == expected
      && (lastEventID.map { $0 == parse.lastEventID } ?? true)
      && (reconnectionTime.map { $0 == parse.reconnectionTime } ?? true)
    let kind = name.hasPrefix("split") ? "split" : name
    guard !matches, reported.insert(kind).inserted else { continue }
    let expectedTime: String
    switch reconnectionTime {
    case .none: expectedTime = "any"
    case .some(.none): expectedTime = "nil"
    case .some(.some(let milliseconds)): expectedTime = "\(milliseconds)"
    }
    let expectedID = lastEventID?.debugDescription ?? "any"
    let message =
      "\(name): got \(parse); expected \(expected), lastEventID \(expectedID), "
      + "reconnectionTime \(expectedTime)"
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  }
}

/// `expectEvents` for a stream written as text (its UTF-8 bytes).
func expectEvents(
  _ input: String,
  _ expected: [ServerSentEvent],
  lastEventID: String? = nil,
  reconnectionTime: Int?? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  expectEvents(
    Array(input.utf8), expected, lastEventID: lastEventID, reconnectionTime: reconnectionTime,
    sourceLocation: sourceLocation)
}

@Suite struct ServerSentEventChunkingTests {
  @Test func crlfSplitAcrossChunksIsOneLineEnd() {
    var parser = ServerSentEventParser()
    #expect(parser.push(Array("data: a\r".utf8)).isEmpty)
    // The LF completes the CRLF above; were it a line end of its own, it would be the blank
    // line that dispatches "a" too early.
    #expect(parser.push(Array("\ndata: b\r".utf8)).isEmpty)
    #expect(parser.push(Array("\n\r".utf8)) == [ServerSentEvent(data: "a\nb")])
    #expect(parser.push(Array("\n".utf8)).isEmpty)
    #expect(parser.finish().isEmpty)
  }

  @Test func crDispatchesWithoutWaitingForTheNextChunk() {
    var parser = ServerSentEventParser()
    #expect(parser.push(Array("data: a\r\r".utf8)) == [ServerSentEvent(data: "a")])
  }

  @Test func eventsArriveWithTheChunkThatCompletesThem() {
    var parser = ServerSentEventParser()
    #expect(parser.push(Array("data: a\n".utf8)).isEmpty)
    #expect(
      parser.push(Array("\ndata: b\n\ndata: c".utf8)) == [
        ServerSentEvent(data: "a"), ServerSentEvent(data: "b"),
      ])
    #expect(parser.push(Array("\n\n".utf8)) == [ServerSentEvent(data: "c")])
  }

  @Test func emptyChunksChangeNothing() {
    var parser = ServerSentEventParser()
    #expect(parser.push([UInt8]()).isEmpty)
    #expect(parser.push(Array("data: a\r".utf8)).isEmpty)
    #expect(parser.push([UInt8]()).isEmpty)
    #expect(parser.push(Array("\n\n".utf8)) == [ServerSentEvent(data: "a")])
  }

  @Test func codePointSplitAcrossChunksIsReassembled() {
    expectEvents("data: café 東京 🙂\n\n", [ServerSentEvent(data: "café 東京 🙂")])
    var parser = ServerSentEventParser()
    let bytes = Array("data: 🙂\n\n".utf8)
    #expect(parser.push(Array(bytes[..<8])).isEmpty)
    #expect(parser.push(Array(bytes[8...])) == [ServerSentEvent(data: "🙂")])
  }

  @Test func everyOverloadParsesTheSameBytes() {
    let bytes = Array("event: e\r\ndata: 東京\r\nid: 9\r\n\r\ndata: b\n\n".utf8)
    let expected = [
      ServerSentEvent(type: "e", data: "東京", lastEventID: "9"),
      ServerSentEvent(data: "b", lastEventID: "9"),
    ]
    var fromArray = ServerSentEventParser()
    var fromData = ServerSentEventParser()
    var fromSlice = ServerSentEventParser()
    var fromLazy = ServerSentEventParser()
    var arrayEvents: [ServerSentEvent] = []
    var dataEvents: [ServerSentEvent] = []
    var sliceEvents: [ServerSentEvent] = []
    var lazyEvents: [ServerSentEvent] = []
    for start in stride(from: 0, to: bytes.count, by: 5) {
      let piece = bytes[start..<min(start + 5, bytes.count)]
      arrayEvents += fromArray.push(Array(piece))
      dataEvents += fromData.push(Data(piece))
      sliceEvents += fromSlice.push(piece)
      // A collection without contiguous storage takes the copying path.
      lazyEvents += fromLazy.push(piece.lazy.map { $0 })
    }
    #expect(arrayEvents == expected)
    #expect(dataEvents == expected)
    #expect(sliceEvents == expected)
    #expect(lazyEvents == expected)
  }

  @Test func longLineSpanningManyChunksIsOneValue() {
    let payload = String(repeating: "0123456789abcdef", count: 60_000)
    let bytes = Array("id: big\ndata: \(payload)\ndata: tail\n\n".utf8)
    var parser = ServerSentEventParser()
    var events: [ServerSentEvent] = []
    for start in stride(from: 0, to: bytes.count, by: 16_384) {
      events += parser.push(bytes[start..<min(start + 16_384, bytes.count)])
    }
    #expect(events == [ServerSentEvent(data: payload + "\ntail", lastEventID: "big")])
    #expect(
      parser.push(Array("data: next\n\n".utf8)) == [
        ServerSentEvent(data: "next", lastEventID: "big")
      ])
  }

  @Test func longCommentAndUnknownLinesSpanningChunksAreIgnored() {
    let filler = String(repeating: "x", count: 200_000)
    let bytes = Array(": \(filler)\nfield\(filler): v\ndata\(filler)\ndata: kept\n\n".utf8)
    var parser = ServerSentEventParser()
    var events: [ServerSentEvent] = []
    for start in stride(from: 0, to: bytes.count, by: 16_384) {
      events += parser.push(bytes[start..<min(start + 16_384, bytes.count)])
    }
    #expect(events == [ServerSentEvent(data: "kept")])
  }
}
