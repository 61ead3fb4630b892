import Networking
import Testing

/// UTF-8 decoding and the byte order mark, each stream fed in every chunking.
@Suite struct ServerSentEventEncodingTests {
  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test func leadingByteOrderMarkIsRemoved() {
    expectEvents(Self.byteOrderMark + Self.bytes("data: a\n\n"), [.init(data: "a")])
    expectEvents(Self.byteOrderMark + Self.bytes("\r\ndata: a\r\n\r\n"), [.init(data: "a")])
  }

  @Test func onlyOneByteOrderMarkIsRemoved() {
    // The second one is U+FEFF at the start of the field name, so the line names no field.
    expectEvents(
      Self.byteOrderMark + Self.byteOrderMark + Self.bytes("data: a\n\ndata: b\n\n"),
      [.init(data: "b")])
  }

  @Test func byteOrderMarkIsRemovedOnlyAtTheStart() {
    expectEvents(
      Self.bytes("data: a\n\n") + Self.byteOrderMark + Self.bytes("data: b\n\ndata: c\n\n"),
      [.init(data: "a"), .init(data: "c")])
    expectEvents(
      Self.bytes("data: ") + Self.byteOrderMark + Self.bytes("x\n\n"),
      [.init(data: "\u{FEFF}x")])
  }

  @Test func partialByteOrderMarkStaysInTheFirstLine() {
    // EF BB then "d": an incomplete sequence, one U+FFFD, so the name is "\u{FFFD}data".
    expectEvents([0xEF, 0xBB] + Self.bytes("data: a\n\ndata: b\n\n"), [.init(data: "b")])
    expectEvents([0xEF] + Self.bytes("\ndata: a\n\n"), [.init(data: "a")])
    expectEvents([0xEF, 0xBB, 0x0A] + Self.bytes("data: a\n\n"), [.init(data: "a")])
  }

  @Test func validMultibyteTextSurvives() {
    let text = "Grüße, 東京, עברית, 🙂👍🏽, e\u{301}"
    expectEvents(
      "event: 言\nid: ид\ndata: \(text)\n\n",
      [.init(type: "言", data: text, lastEventID: "ид")])
  }

  /// Invalid sequences become U+FFFD as a UTF-8 decoder with replacement gives them: one
  /// per maximal ill-formed subpart.
  @Test(
    arguments: [
      ([0xFF], "\u{FFFD}"),
      ([0x80, 0x80], "\u{FFFD}\u{FFFD}"),
      ([0xC0, 0xAF], "\u{FFFD}\u{FFFD}"),
      ([0xE2, 0x82], "\u{FFFD}"),
      ([0xE2, 0x82, 0x41], "\u{FFFD}A"),
      ([0xF0, 0x9F, 0x98], "\u{FFFD}"),
      ([0xED, 0xA0, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}"),
      ([0xF4, 0x90, 0x80, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),
      ([0x41, 0xE2, 0x82, 0xAC, 0xFE], "A€\u{FFFD}"),
    ] as [([UInt8], String)])
  func invalidUTF8IsReplaced(_ value: [UInt8], _ decoded: String) {
    expectEvents(Self.bytes("data: ") + value + Self.bytes("\n\n"), [.init(data: decoded)])
    expectEvents(
      Self.bytes("event: ") + value + Self.bytes("\nid: ") + value + Self.bytes("\ndata: x\n\n"),
      [.init(type: decoded, data: "x", lastEventID: decoded)])
  }

  @Test func lineEndsInsideASequenceEndIt() {
    // A decoder over the whole stream sees E2 82 cut off by LF, then a lone AC.
    expectEvents(
      Self.bytes("data: ") + [0xE2, 0x82] + Self.bytes("\ndata: ") + [0xAC] + Self.bytes("\n\n"),
      [.init(data: "\u{FFFD}\n\u{FFFD}")])
    expectEvents(
      Self.bytes("data: ") + [0xF0, 0x9F] + Self.bytes("\r\r"), [.init(data: "\u{FFFD}")])
  }

  @Test func invalidBytesInTheNameNeverMatchAField() {
    expectEvents(
      [0x64, 0x61, 0x74, 0x61, 0xFF] + Self.bytes(": a\n\ndata: b\n\n"), [.init(data: "b")])
  }
}
