import Core
import Networking
import Testing

/// Random streams in random chunkings, checked against a deliberately simple reference.
@Suite struct ServerSentEventFuzzTests {
  /// Byte sequences that random streams are built from: field names, separators, every
  /// line end, NULL, a byte order mark, valid multibyte text and invalid UTF-8.
  private static let tokens: [[UInt8]] =
    [
      "data", "data", "event", "id", "retry", "Data", ":", ":", " ", " ", "\n", "\n", "\r", "\r\n",
      "\u{0}", "a", "x", "7", "42", "é", "東", "🙂", "\u{FEFF}",
    ].map { Array($0.utf8) } + [[0xFF], [0x80], [0xE2, 0x82], [0xF0, 0x9F], [0xEF, 0xBB]]

  @Test func randomBytesInRandomChunksMatchTheReference() {
    let random = RandomSource.seeded(0x5EED_0001)
    for iteration in 0..<2_000 {
      var bytes: [UInt8] = []
      if random.int(below: 4) == 0 {
        bytes = (0..<random.int(below: 64)).map { _ in UInt8(random.int(below: 256)) }
      } else {
        if random.int(below: 5) == 0 { bytes = [0xEF, 0xBB, 0xBF] }
        for _ in 0..<random.int(below: 40) {
          bytes += Self.tokens[random.int(below: Self.tokens.count)]
        }
      }
      let reference = ServerSentEventReference.parse(bytes)
      let parsed = ServerSentEventParse(chunks: random.chunks(of: bytes))
      guard ExactParse(parsed) == ExactParse(reference) else {
        Issue.record(
          "iteration \(iteration), bytes \(bytes): got \(parsed), reference \(reference)")
        return
      }
    }
  }

  @Test func generatedStreamsInRandomChunksMatchTheirEventsAndTheReference() {
    let random = RandomSource.seeded(0x5EED_0002)
    for iteration in 0..<2_000 {
      let stream = GeneratedServerSentEventStream(random: random)
      let reference = ServerSentEventReference.parse(stream.bytes)
      let parsed = ServerSentEventParse(chunks: random.chunks(of: stream.bytes))
      let exact = ExactParse(parsed)
      guard exact == ExactParse(reference), exact == ExactParse(stream.expected) else {
        let text = String(decoding: stream.bytes, as: UTF8.self).debugDescription
        Issue.record(
          "iteration \(iteration), stream \(text): got \(parsed), reference \(reference), generated \(stream.expected)"
        )
        return
      }
    }
  }
}

/// A parse compared scalar for scalar (`String ==` would equate canonically equivalent
/// text, such as "é" and "e\u{301}").
private struct ExactParse: Equatable {
  var events: [[[UInt32]]]
  var retries: [Int?]
  var lastEventID: [UInt32]
  var reconnectionTime: Int?

  init(_ parse: ServerSentEventParse) {
    func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }
    events = parse.events.map { [scalars($0.type), scalars($0.data), scalars($0.lastEventID)] }
    retries = parse.events.map(\.retry)
    lastEventID = scalars(parse.lastEventID)
    reconnectionTime = parse.reconnectionTime
  }
}

extension RandomSource {
  /// A whole number in `0..<bound`.
  func int(below bound: Int) -> Int {
    min(Int(unit() * Double(bound)), bound - 1)
  }

  /// `bytes` cut at random places: sometimes one byte at a time, sometimes whole, usually
  /// into a few pieces of random sizes (some of them empty).
  func chunks(of bytes: [UInt8]) -> [[UInt8]] {
    switch int(below: 6) {
    case 0: return bytes.map { [$0] }
    case 1: return [bytes]
    default:
      var cuts = (0..<int(below: 6)).map { _ in int(below: bytes.count + 1) }
      cuts = [0] + cuts.sorted() + [bytes.count]
      return zip(cuts, cuts.dropFirst()).map { Array(bytes[$0..<$1]) }
    }
  }
}

/// A valid stream written from random events, and the parse those events call for.
private struct GeneratedServerSentEventStream {
  private static let characters: [String] = [
    "a", "b", "Z", "0", "9", ":", " ", "\t", "-", "{", "\"", "é", "e\u{301}", "東", "🙂",
    "\u{FEFF}", "\u{0}",
  ]
  private static let lineEnds = ["\n", "\r", "\r\n"]

  private(set) var bytes: [UInt8] = []
  private(set) var expected = ServerSentEventParse(
    events: [], lastEventID: "", reconnectionTime: nil)
  private var lastEnd = ""
  private var lastEventIDBuffer = ""

  init(random: RandomSource) {
    if random.int(below: 4) == 0 { bytes = [0xEF, 0xBB, 0xBF] }
    for _ in 0..<random.int(below: 6) {
      writeBlock(random: random, terminated: true)
    }
    if random.int(below: 3) == 0 {
      // A final block without its blank line, maybe ending in the middle of a line.
      writeBlock(random: random, terminated: false)
      if random.int(below: 2) == 0 { bytes += Array("data: cut".utf8) }
    }
  }

  private mutating func writeBlock(random: RandomSource, terminated: Bool) {
    var data: [String] = []
    var type = ""
    var retry: Int?
    for _ in 0..<(1 + random.int(below: 5)) {
      let value = Self.text(random: random)
      switch random.int(below: 8) {
      case 0, 1, 2:
        write(field: "data", value: value, random: random)
        data.append(value)
      case 3:
        write(field: "event", value: value, random: random)
        type = value
      case 4:
        write(field: "id", value: value, random: random)
        if !value.unicodeScalars.contains("\u{0}") { lastEventIDBuffer = value }
      case 5:
        let milliseconds = random.int(below: 100_000)
        let valid = random.int(below: 3) > 0
        write(
          field: "retry", value: valid ? "\(milliseconds)" : "\(milliseconds)ms", random: random)
        if valid {
          retry = milliseconds
          expected.reconnectionTime = milliseconds
        }
      case 6: writeLine(":" + value, random: random)
      default: write(field: "note", value: value, random: random)
      }
    }
    guard terminated else { return }
    writeLine("", random: random)
    expected.lastEventID = lastEventIDBuffer
    if !data.isEmpty {
      expected.events.append(
        ServerSentEvent(
          type: type.isEmpty ? "message" : type, data: data.joined(separator: "\n"),
          lastEventID: lastEventIDBuffer, retry: retry))
    }
  }

  /// A field line in one of the equivalent spellings of `field` with `value`.
  private mutating func write(field: String, value: String, random: RandomSource) {
    if value.isEmpty, random.int(below: 2) == 0 {
      writeLine(field, random: random)
    } else if !value.hasPrefix(" "), random.int(below: 2) == 0 {
      writeLine(field + ":" + value, random: random)
    } else {
      writeLine(field + ": " + value, random: random)
    }
  }

  private mutating func writeLine(_ line: String, random: RandomSource) {
    var end = Self.lineEnds[random.int(below: Self.lineEnds.count)]
    // After a CR, an empty line ended by LF alone would read as the rest of a CRLF.
    if lastEnd == "\r", line.isEmpty, end == "\n" { end = "\r\n" }
    bytes += Array((line + end).utf8)
    lastEnd = end
  }

  private static func text(random: RandomSource) -> String {
    (0..<random.int(below: 8)).map { _ in characters[random.int(below: characters.count)] }
      .joined()
  }
}
