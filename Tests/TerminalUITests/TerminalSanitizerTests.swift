import Testing

@testable import TerminalUI

/// Outside text made safe for a terminal: sequences removed whole, other controls visible,
/// line breaks and tabs kept, and Kiln's own styling still applied after.
@Suite struct TerminalSanitizerTests {
  @Test(arguments: [
    ("set-title \u{1B}]0;owned\u{07}done", "set-title done"),
    ("st-terminated \u{1B}]2;owned\u{1B}\\done", "st-terminated done"),
    ("link \u{1B}]8;;https://evil.example\u{1B}\\here\u{1B}]8;;\u{1B}\\", "link here"),
    ("clear \u{1B}[2J\u{1B}[H screen", "clear  screen"),
    ("query \u{1B}[6n cursor", "query  cursor"),
    ("color \u{1B}[31mred\u{1B}[0m", "color red"),
    ("charset \u{1B}(B reset \u{1B}c", "charset  reset "),
    ("eight-bit \u{9B}2J and \u{9D}0;t\u{9C}end", "eight-bit  and end"),
    ("dcs \u{1B}Pq#0;2\u{1B}\\ apc \u{1B}_x\u{1B}\\.", "dcs  apc ."),
    ("cut off \u{1B}]0;never ends", "cut off "),
    ("cut csi \u{1B}[12", "cut csi "),
  ])
  func escapeSequencesAreRemovedWhole(input: String, expected: String) {
    #expect(TerminalSanitizer.sanitized(input) == expected)
  }

  @Test func otherControlsAreShownVisiblyAndLineBreaksAndTabsStay() {
    #expect(
      TerminalSanitizer.sanitized("a\u{07}b\u{08}c\u{7F}d\u{85}e")
        == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e")
    #expect(TerminalSanitizer.sanitized("over\rwrite") == "over\u{FFFD}write")
    #expect(TerminalSanitizer.sanitized("lone \u{1B}é") == "lone \u{FFFD}é")
    #expect(TerminalSanitizer.sanitized("line\r\nnext\tcol\n") == "line\nnext\tcol\n")
    let plain = "Ordinary text, emoji 🎉, ñ, 漢字 and\nlines\tand tabs."
    #expect(TerminalSanitizer.sanitized(plain) == plain)
  }

  @Test func aStreamRemovesASequenceSplitBetweenPieces() {
    var stream = TerminalSanitizer.Stream()
    var output = ""
    for piece in ["before \u{1B}", "]0;ti", "tle\u{07} after\r", "\nend \u{1B}[3", "1mred"] {
      output += stream.append(piece)
    }
    output += stream.finish()
    #expect(output == "before  after\nend red")

    var unfinished = TerminalSanitizer.Stream()
    #expect(unfinished.append("text \u{1B}]0;no end") == "text ")
    #expect(unfinished.finish() == "")
  }

  @Test func aSingleLineHasNoBreaksAndStopsAtItsLimit() {
    #expect(TerminalSanitizer.singleLine("two\nlines\tand \u{1B}[2Jmore") == "two lines and more")
    let huge = String(repeating: "x", count: 1_000_000)
    let cut = TerminalSanitizer.singleLine(huge, limit: 80)
    #expect(cut.count == 80)
    #expect(cut.hasSuffix("\u{2026}"))
    #expect(TerminalSanitizer.singleLine("short", limit: 80) == "short")
  }

  @Test func markdownFromOutsideKeepsOnlyKilnsStyling() {
    let hostile = "# Title\u{1B}]0;owned\u{07}\n\nSome **bold** \u{1B}[2Jtext\r over\n"
    let plain = MarkdownRenderer(capabilities: .plain, width: nil).render(hostile)
    #expect(plain == "# Title\n\nSome bold text\u{FFFD} over\n")

    let full = TerminalCapabilities(
      isInteractive: true, colorDepth: .trueColor, supportsUnicode: true)
    let styled = MarkdownRenderer(capabilities: full, width: nil).render(hostile)
    #expect(!styled.contains("]0;owned") && !styled.contains("[2J"))
    #expect(styled.contains("\u{1B}["), "the theme's own styling is still there")
  }

  @Test func aStreamedReplyIsCleanedWhereverThePiecesBreak() {
    let reply = "Hello \u{1B}]0;owned\u{07}world\u{1B}[2J\n\nbye\r\n"
    var streaming = StreamingMarkdownRenderer(
      renderer: MarkdownRenderer(capabilities: .plain, width: nil), mode: .appendOnly)
    var output = ""
    for character in reply { output += streaming.append(String(character)) }
    output += streaming.finish()
    #expect(output == "Hello world\n\nbye\n")
  }

  @Test func styledTextNeverRendersTheEscapesItsRunsHold() {
    let line = StyledText("title \u{1B}]0;owned\u{07}here", style: TextStyle(.bold))
    let rendered = line.rendered(depth: .trueColor)
    #expect(!rendered.contains("]0;owned"))
    #expect(rendered.contains("title here"))
  }
}
