import Testing

@testable import TerminalUI

@Suite struct KeyDecoderTests {
  func decode(_ bytes: [UInt8]) -> [KeyEvent] {
    var decoder = KeyDecoder()
    return decoder.decode(bytes) + decoder.finish()
  }

  func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  static let sequences: [(String, [KeyEvent])] = [
    ("a", [.text("a")]),
    ("héllo wörld", [.text("héllo wörld")]),
    ("日本😀", [.text("日本😀")]),
    ("\r", [.enter]),
    ("\n", [.enter]),
    ("\r\n", [.enter]),
    ("\t", [.tab]),
    ("\u{7F}", [.backspace]),
    ("\u{08}", [.backspace]),
    (
      "\u{01}\u{03}\u{04}\u{05}\u{0B}\u{15}\u{17}",
      [
        .control("a"), .control("c"), .control("d"), .control("e"), .control("k"),
        .control("u"), .control("w"),
      ]
    ),
    ("\u{00}\u{1C}\u{1F}", [.control("@"), .control("\\"), .control("_")]),
    ("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D", [.up, .down, .right, .left]),
    ("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD", [.up, .down, .right, .left]),
    ("\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}OF", [.home, .end, .home, .end]),
    ("\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~", [.home, .end, .home, .end]),
    ("\u{1B}[3~\u{1B}[2~\u{1B}[5~\u{1B}[6~", [.delete, .insert, .pageUp, .pageDown]),
    (
      "\u{1B}[1;5C\u{1B}[1;5D\u{1B}[1;3C\u{1B}[1;3D",
      [.wordRight, .wordLeft, .wordRight, .wordLeft]
    ),
    ("\u{1B}[1;2C", [.right]),
    ("\u{1B}Oc\u{1B}Od", [.wordRight, .wordLeft]),
    ("\u{1B}[3;5~", [.deleteWordForward]),
    ("\u{1B}[Z", [.backTab]),
    (
      "\u{1B}OP\u{1B}[15~\u{1B}[24~\u{1B}[[A",
      [.function(1), .function(5), .function(12), .function(1)]
    ),
    ("\u{1B}OM", [.enter]),
    ("\u{1B}b\u{1B}f\u{1B}d", [.alt("b"), .alt("f"), .alt("d")]),
    ("\u{1B}é", [.alt("é")]),
    ("\u{1B}\u{7F}", [.deleteWordBackward]),
    ("\u{1B}\r", [.alt("\n")]),
    ("\u{1B}", [.escape]),
    ("\u{1B}\u{1B}[A", [.escape, .up]),
    ("x\u{1B}[Ay", [.text("x"), .up, .text("y")]),
    ("\u{1B}[200~line 1\r\nline 2\rline 3\u{1B}[201~", [.paste("line 1\nline 2\nline 3")]),
    ("\u{1B}[200~\u{1B}[A\u{03}\u{1B}[201~z", [.paste("\u{1B}[A\u{03}"), .text("z")]),
    ("\u{1B}[200~unterminated", [.paste("unterminated")]),
    ("\u{1B}[9z", [.unknown([0x1B, 0x5B, 0x39, 0x7A])]),
    ("\u{1B}[201~", [.unknown(Array("\u{1B}[201~".utf8))]),
  ]

  @Test(arguments: sequences)
  func decodesSequences(input: String, expected: [KeyEvent]) {
    #expect(decode(bytes(input)) == expected)
  }

  /// Every sequence split into two reads at every byte gives the same keys (text may come
  /// in more pieces, so text events are joined before comparing).
  @Test(arguments: sequences)
  func decodesTheSameWhenSplitAtAnyByte(input: String, expected: [KeyEvent]) {
    let all = bytes(input)
    for split in 1..<max(1, all.count) {
      var decoder = KeyDecoder()
      let events =
        decoder.decode(all[..<split]) + decoder.decode(all[split...]) + decoder.finish()
      #expect(Self.joiningText(events) == Self.joiningText(expected), "split at \(split)")
    }
  }

  static func joiningText(_ events: [KeyEvent]) -> [KeyEvent] {
    var result: [KeyEvent] = []
    for event in events {
      if case .text(let next) = event, case .text(let previous)? = result.last {
        result[result.count - 1] = .text(previous + next)
      } else {
        result.append(event)
      }
    }
    return result
  }

  @Test func byteByByteDecodingMatches() {
    let input = bytes("a日\u{1B}[1;5Cb\u{1B}[200~p\u{1B}[201~\r")
    var decoder = KeyDecoder()
    var events: [KeyEvent] = []
    for byte in input { events += decoder.decode([byte]) }
    events += decoder.finish()
    #expect(Self.joiningText(events) == [.text("a日"), .wordRight, .text("b"), .paste("p"), .enter])
  }

  @Test func loneEscapeWaitsUntilFlushed() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.needsFlushAfterTimeout)
    #expect(decoder.flush() == [.escape])
    #expect(!decoder.needsFlushAfterTimeout)
  }

  @Test func escapeFollowedLaterByTheRestIsTheSequence() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.decode(bytes("[D")) == [.left])
  }

  @Test func flushingAnIncompleteSequenceGivesEscapeAndItsText() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(bytes("\u{1B}[1;")) == [])
    #expect(decoder.flush() == [.escape, .text("[1;")])
  }

  @Test func aPasteInProgressIsNotFlushed() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(bytes("\u{1B}[200~abc\u{1B}[20")) == [])
    #expect(!decoder.needsFlushAfterTimeout)
    #expect(decoder.flush() == [])
    #expect(decoder.decode(bytes("1~")) == [.paste("abc")])
  }

  @Test func cutUTF8WaitsThenBecomesReplacementWhenFlushed() {
    let euro = bytes("€")
    var decoder = KeyDecoder()
    #expect(decoder.decode(euro.prefix(2)) == [])
    #expect(decoder.flush() == [.text("\u{FFFD}")])
  }

  @Test func invalidBytesBecomeReplacementCharacters() {
    #expect(decode([0xFF, 0x61, 0xC3, 0x28]) == [.text("\u{FFFD}a\u{FFFD}(")])
  }
}
